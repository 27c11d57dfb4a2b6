import { z } from 'zod';
import { event, method, noInput, ok } from './define.js';

export const projectInfoSchema = z.object({
  path: z.string(),
  name: z.string(),
  /** Whether the folder is a git work tree. */
  git: z.boolean(),
});
export type ProjectInfo = z.infer<typeof projectInfoSchema>;

export const recentProjectSchema = z.object({ path: z.string(), name: z.string(), openedAt: z.number(), exists: z.boolean() });
export type RecentProject = z.infer<typeof recentProjectSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  /** 'electron' for the desktop shell, 'web' for the loopback web host. */
  host: z.enum(['electron', 'web']),
  platform: z.string(),
  /** The project this window shows, or null on the start screen. */
  project: projectInfoSchema.nullable(),
  /** Whether a native folder picker exists (Electron) or the path is typed (web host). */
  canPickFolder: z.boolean(),
});

const folderPath = z.string().trim().min(1, 'enter a folder path').max(4096);

export const projectMethods = {
  'app.info': method('What this window is: host, version, its project.', noInput, appInfoSchema),
  'project.open': method(
    'Open a folder in this window (or focus the window that already shows it).',
    z.object({ path: folderPath }).strict(),
    z.object({ project: projectInfoSchema, focusedExisting: z.boolean() }),
  ),
  'project.pickFolder': method(
    'Show the native Open Folder dialog and open the choice (desktop only).',
    noInput,
    z.object({ project: projectInfoSchema.nullable() }),
  ),
  'project.close': method('Return this window to the start screen.', noInput, ok),
  'project.files': method(
    "Files of this window's project for an @-mention: the glob tool's listing (same ignore rules), matched against `query`, best first, bounded.",
    z
      .object({
        query: z
          .string()
          .max(200)
          .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'a file query has no control characters'),
        limit: z.number().int().min(1).max(50).default(20),
      })
      .strict(),
    z.object({ files: z.array(z.string()), truncated: z.boolean() }),
  ),
  'project.typedMentions': method(
    "Which `@words` typed in a message name a regular file inside this window's project (symlinks followed): those attach like a picked file; any other stays text.",
    z
      .object({
        typed: z
          .array(
            z
              .string()
              .min(1)
              .max(1000)
              .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'a path has no control characters'),
          )
          .max(50),
      })
      .strict(),
    z.object({ files: z.array(z.object({ typed: z.string(), file: z.string() })) }),
  ),
  'project.viewFile': method(
    "A project file's text for the read-only file view (a path clicked in a tool card or an answer). read_file's rules, and stricter: outside the project, a protected entry or a hidden (dot-named) one, a non-regular, binary or over-2 MiB file is refused with the reason.",
    z
      .object({
        path: z
          .string()
          .min(1)
          .max(4096)
          .refine((p) => !/[\u0000-\u001f\u007f]/.test(p), 'a file path has no control characters'),
      })
      .strict(),
    z.object({ path: z.string(), text: z.string(), totalLines: z.number().int().min(0), note: z.string().optional() }),
  ),
  'recent.list': method('Recently opened projects, newest first.', noInput, z.array(recentProjectSchema)),
  'recent.remove': method('Forget a recent project.', z.object({ path: folderPath }).strict(), z.array(recentProjectSchema)),
};

export const projectEvents = {
  'project.changed': event('This window now shows another project (or none).', projectInfoSchema.nullable()),
};
