/**
 * The project on a remote engine: a remote engine cannot bind-mount this machine's folder, so the
 * container gets a copy (a tarball put into its /work volume through the API), and what it changed
 * comes back as a diff for review — never written into the project by the run itself. The agent
 * (or the user) applies what it wants through the ordinary write tools, each one keyed and approved.
 *
 * The copy leaves out every protected entry at any depth (`.git`, codecoder.json, .codecoder,
 * .mcp.json: fs/protectedEntries.ts) and the files the app reads a secret from; changes the
 * container makes under a protected name are dropped and named as dropped. Regular files,
 * folders and symbolic links travel (a link as a link, never followed); sockets, devices and FIFOs
 * do not. A project above the size or count limit is refused rather than half-copied. What comes
 * back is read in memory only, never extracted: a name that climbs out (`..`) is dropped, and the
 * entries, each file and the diff are bounded.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createTwoFilesPatch } from 'diff';
import tar from 'tar-stream';
import { isProtectedPath } from '../fs/index.js';

export const COPY_LIMITS = { bytes: 512 * 1024 * 1024, files: 100_000 };

export class CopyRefused extends Error {
  override readonly name = 'CopyRefused';
}

/** What was sent, by project-relative posix path: a file's sha256, `dir`, or `link:<target>`. */
export type CopyManifest = Map<string, string>;

export interface ProjectCopy {
  manifest: CopyManifest;
  bytes: number;
  /** The tarball (entries relative to /work, owned by root: the container runs as root there). */
  tar(): NodeJS.ReadableStream;
}

/** Walks the project (links not followed) and lists what travels; throws CopyRefused over the limits. */
export function planCopy(projectRoot: string, hidden: readonly string[] = [], limits = COPY_LIMITS): ProjectCopy {
  const manifest: CopyManifest = new Map();
  const skip = new Set(hidden.map((h) => h.split(path.sep).join('/')));
  const files: { rel: string; abs: string; size: number; mode: number }[] = [];
  const dirs: { rel: string; mode: number }[] = [];
  const links: { rel: string; target: string }[] = [];
  let bytes = 0;
  const walk = (absDir: string, relDir: string) => {
    for (const name of readdirSync(absDir).sort()) {
      const rel = relDir ? `${relDir}/${name}` : name;
      if (isProtectedPath(rel) || skip.has(rel)) continue;
      const abs = path.join(absDir, name);
      const st = lstatSync(abs);
      if (manifest.size >= limits.files) throw new CopyRefused(`the project has more than ${limits.files} entries to copy to a remote engine`);
      if (st.isDirectory()) {
        manifest.set(rel, 'dir');
        dirs.push({ rel, mode: st.mode & 0o777 });
        walk(abs, rel);
      } else if (st.isFile()) {
        bytes += st.size;
        if (bytes > limits.bytes) throw new CopyRefused(`the project is over ${limits.bytes / 1024 / 1024} MiB to copy to a remote engine`);
        files.push({ rel, abs, size: st.size, mode: st.mode & 0o777 });
        manifest.set(rel, '');
      } else if (st.isSymbolicLink()) {
        const target = readlinkSync(abs);
        manifest.set(rel, `link:${target}`);
        links.push({ rel, target });
      }
    }
  };
  walk(projectRoot, '');
  return {
    manifest,
    bytes,
    tar: () => {
      const pack = tar.pack();
      const owner = { uid: 0, gid: 0 };
      void (async () => {
        try {
          for (const d of dirs) pack.entry({ name: d.rel, type: 'directory', mode: d.mode, ...owner });
          for (const l of links) pack.entry({ name: l.rel, type: 'symlink', linkname: l.target, ...owner });
          for (const f of files) {
            const body = readFileSync(f.abs);
            // Hashed as read for the tarball: what the container got is what its changes are compared with.
            manifest.set(f.rel, sha256(body));
            await new Promise<void>((resolve, reject) => pack.entry({ name: f.rel, mode: f.mode, ...owner }, body, (err) => (err ? reject(err) : resolve())));
          }
          pack.finalize();
        } catch (err) {
          pack.destroy(err as Error);
        }
      })();
      return Readable.from(pack);
    },
  };
}

export interface CopyChanges {
  added: string[];
  modified: string[];
  deleted: string[];
  /** Changes under a protected name or to a non-regular file: not offered at all. */
  dropped: string[];
  /** A unified diff of the added, modified and deleted text files against the project now. */
  diff: string;
}

/** Whole files read back are bounded: a bigger one is named, not diffed. */
const DIFF_FILE_LIMIT = 1024 * 1024;
/** What is read back is bounded too, whatever the engine sends: the diff's text, and the entries. */
const DIFF_TOTAL_LIMIT = 16 * 1024 * 1024;
const ENTRY_LIMIT = 2 * COPY_LIMITS.files;

/**
 * Compares the container's /work (a `getArchive` of it: entries under `work/`) with what was sent.
 * The diff's old side is the project file as it is now, so applying it is what the review shows.
 */
export async function readChanges(archive: NodeJS.ReadableStream, manifest: CopyManifest, projectRoot: string): Promise<CopyChanges> {
  const seen = new Set<string>();
  const changes: CopyChanges = { added: [], modified: [], deleted: [], dropped: [], diff: '' };
  const patches: string[] = [];
  let diffChars = 0;
  const classify = (rel: string, header: tar.Header, body: Buffer | undefined, size: number) => {
    const sent = manifest.get(rel);
    // The engine's archive is the engine's word: a name that climbs out is never offered.
    if (rel.split('/').includes('..')) {
      changes.dropped.push(rel);
      return;
    }
    if (header.type === 'directory') {
      if (sent !== 'dir' && isProtectedPath(rel)) changes.dropped.push(rel);
      return;
    }
    if (header.type === 'symlink') {
      if (sent !== `link:${header.linkname}`) changes.dropped.push(rel);
      return;
    }
    if (header.type !== 'file' || isProtectedPath(rel)) {
      changes.dropped.push(rel);
      return;
    }
    if (body && sent === sha256(body)) return;
    if (sent === undefined) changes.added.push(rel);
    else changes.modified.push(rel);
    const patch = diffChars < DIFF_TOTAL_LIMIT ? patchOf(rel, sent === undefined ? undefined : current(projectRoot, rel), body, size) : `${rel} differs (diff limit reached)\n`;
    diffChars += patch.length;
    patches.push(patch);
  };
  const extract = tar.extract();
  archive.on('error', (err) => extract.destroy(err));
  archive.pipe(extract as unknown as NodeJS.WritableStream);
  let entries = 0;
  for await (const entry of extract) {
    if (++entries > ENTRY_LIMIT) throw new CopyRefused(`the container's /work holds more than ${ENTRY_LIMIT} entries; its changes are not read`);
    const rel = relativeToWork(entry.header.name);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of entry as AsyncIterable<Buffer>) {
      size += c.length;
      if (size <= DIFF_FILE_LIMIT) chunks.push(c);
    }
    if (!rel) continue;
    seen.add(rel);
    classify(rel, entry.header, size <= DIFF_FILE_LIMIT ? Buffer.concat(chunks) : undefined, size);
  }
  for (const [rel, sent] of manifest) {
    if (seen.has(rel) || sent === 'dir' || sent.startsWith('link:')) continue;
    changes.deleted.push(rel);
    patches.push(patchOf(rel, current(projectRoot, rel), undefined, 0));
  }
  changes.diff = patches.join('');
  return changes;
}

/** An archive entry of /work as a project path: `work/src/a`, `/work//src/a` (Podman) → `src/a`. */
function relativeToWork(name: string): string {
  const segs = name.split('/').filter((s) => s && s !== '.');
  if (segs[0] === 'work') segs.shift();
  return segs.join('/');
}

function current(projectRoot: string, rel: string): Buffer | undefined {
  try {
    const abs = path.join(projectRoot, ...rel.split('/'));
    const st = lstatSync(abs);
    return st.isFile() && st.size <= DIFF_FILE_LIMIT ? readFileSync(abs) : undefined;
  } catch {
    return undefined;
  }
}

function patchOf(rel: string, before: Buffer | undefined, after: Buffer | undefined, afterSize: number): string {
  const text = (b: Buffer | undefined) => (b && !b.includes(0) ? b.toString('utf8') : undefined);
  const oldText = before === undefined ? '' : text(before);
  const newText = after === undefined ? (afterSize > DIFF_FILE_LIMIT ? undefined : '') : text(after);
  if (oldText === undefined || newText === undefined) return `Binary or large file ${rel} differs\n`;
  return createTwoFilesPatch(before === undefined ? '/dev/null' : `a/${rel}`, after === undefined && afterSize === 0 ? '/dev/null' : `b/${rel}`, oldText, newText);
}

function sha256(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}
