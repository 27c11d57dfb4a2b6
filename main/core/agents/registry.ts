/**
 * The agents of one project as the app remembers them: one private JSON file per agent
 * (`<project data>/agents/records/<id>.json`, 0600 in a 0700 folder), written whole and renamed into
 * place, so a kill -9 leaves either the old record or the new one, and two processes (the app and a
 * `codecoder run --worktree`) never write the same file — each writes only the agents it runs.
 * A record that cannot be read is reported and left as it is, never rewritten.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { agentStatuses, usageSchema } from '../../../shared/contract/index.js';
import { ensurePrivateDirs, PRIVATE_FILE_MODE } from '../fs/index.js';

export const agentRecordSchema = z.object({
  v: z.literal(1),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  name: z.string(),
  prompt: z.string(),
  branch: z.string(),
  baseCommit: z.string(),
  /** Empty until the worktree exists (`ready`). */
  worktree: z.string(),
  adminDir: z.string(),
  /** False while the worktree is being made: a restart that finds it so removes whatever was made. */
  ready: z.boolean(),
  conversationId: z.string(),
  status: z.enum(agentStatuses),
  createdAt: z.number(),
  updatedAt: z.number(),
  usage: usageSchema,
  filesChanged: z.number().int().min(0),
  message: z.string().optional(),
  /** The process that runs it while queued or running (a restart knows it died when this one is gone). */
  ownerPid: z.number().int().optional(),
});
export type AgentRecord = z.infer<typeof agentRecordSchema>;

export class AgentRegistry {
  readonly dir: string;
  constructor(agentsDir: string) {
    this.dir = path.join(agentsDir, 'records');
  }

  private fileOf(id: string): string {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) throw new Error(`invalid agent id ${JSON.stringify(id)}`);
    return path.join(this.dir, `${id}.json`);
  }

  async write(rec: AgentRecord): Promise<void> {
    await ensurePrivateDirs(this.dir);
    const file = this.fileOf(rec.id);
    const tmp = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
    await writeFile(tmp, JSON.stringify(agentRecordSchema.parse(rec)), { mode: PRIVATE_FILE_MODE });
    await rename(tmp, file);
  }

  async remove(id: string): Promise<void> {
    await unlink(this.fileOf(id)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async read(id: string): Promise<AgentRecord | undefined> {
    const text = await readFile(this.fileOf(id), 'utf8').catch(() => undefined);
    if (text === undefined) return undefined;
    const parsed = agentRecordSchema.safeParse(JSON.parse(text) as unknown);
    return parsed.success ? parsed.data : undefined;
  }

  /** Every readable record, oldest first; `problems` names the files that could not be read. */
  async list(): Promise<{ records: AgentRecord[]; problems: string[] }> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const records: AgentRecord[] = [];
    const problems: string[] = [];
    for (const name of names) {
      const file = path.join(this.dir, name);
      if (name.endsWith('.tmp')) {
        // A write a kill -9 cut short: the record it was replacing is still whole.
        await unlink(file).catch(() => {});
        continue;
      }
      if (!name.endsWith('.json')) continue;
      try {
        records.push(agentRecordSchema.parse(JSON.parse(await readFile(file, 'utf8')) as unknown));
      } catch (err) {
        problems.push(`${file}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    records.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    return { records, problems };
  }
}

/** True while process `pid` exists (signal 0 checks without sending anything). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
