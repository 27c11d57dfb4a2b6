/**
 * `codecoder checkpoints list|restore --project DIR [--conversation ID]`: the project's checkpoints
 * (snapshots of its files taken before agent turns that may change them) and restoring one. A restore
 * lists the files it will change first and asks (on a TTY) or needs --yes; it takes a checkpoint
 * before, so it can be undone, and is recorded in the project's audit log like the app's.
 */
import { createInterface } from 'node:readline';
import type { CliIo } from '../io.js';
import { Usage } from '../usage.js';
import { defaultDataDir } from '../../appData.js';
import { ConversationStore } from '../../agent/index.js';
import { CheckpointService, describe, CheckpointStore, type FileChange } from '../../checkpoints/index.js';
import { JsonlAuditLog } from '../../permissions/index.js';

export const summary = "list a project's checkpoints, or restore its files to one (undoable)";

const USAGE = `usage: codecoder checkpoints list --project DIR [--conversation ID] [--json]
       codecoder checkpoints restore --project DIR [--conversation ID] [--rewind] [--yes] [CHECKPOINT_ID]
restore without CHECKPOINT_ID takes the newest checkpoint of --conversation.
  --rewind   also rewind the conversation to before the message whose run took the checkpoint
  --yes      restore without asking (required without a TTY)
Stop the app's agent in the project first: the CLI cannot see its runs.
`;

const WORDS: Record<FileChange['change'], string> = { restore: 'restore ', recreate: 'bring back', delete: 'remove  ' };

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('checkpoints', USAGE, io);
  const parsed = usage.parse(argv, {
    project: { type: 'string' },
    conversation: { type: 'string' },
    rewind: { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (typeof parsed === 'number') return parsed;
  const o = parsed.values;
  const [sub, id, ...extra] = parsed.positionals;
  if (sub !== 'list' && sub !== 'restore') return usage.fail(sub ? `unknown subcommand "${sub}"` : 'missing list or restore');
  if (extra.length || (sub === 'list' && id))
    return usage.fail(`unexpected arguments: ${[...(sub === 'list' && id ? [id] : []), ...extra].join(' ')}`);
  const root = await usage.projectRoot(o.project);
  if (typeof root === 'number') return root;
  const dataDir = defaultDataDir(io.env);
  const audit = JsonlAuditLog.forProject(dataDir, root);
  const service = new CheckpointService({
    store: new CheckpointStore({ dataDir, projectRoot: root }),
    conversations: new ConversationStore({ dataDir, projectRoot: root }),
    audit,
    activeConversations: () => [],
  });
  try {
    if (sub === 'list') {
      const list = await service.list(o.conversation);
      if (o.json) {
        io.stdout.write(`${JSON.stringify(list)}\n`);
        return 0;
      }
      if (list.length === 0) io.stdout.write('no checkpoints\n');
      for (const c of list)
        io.stdout.write(
          `${c.id}  ${new Date(c.createdAt).toISOString()}  ${c.conversationId}  ${c.kind === 'turn' ? '' : '(before a restore) '}${c.label}\n`,
        );
      const usage = await service.usage();
      io.stdout.write(
        `${(usage / 1024 / 1024).toFixed(1)} MB used of ${(service.capBytes / 1024 / 1024).toFixed(0)} MB for this project\n`,
      );
      return 0;
    }
    let target = id;
    if (!target) {
      if (!o.conversation) return usage.fail('give a CHECKPOINT_ID, or --conversation ID for its newest checkpoint');
      target = (await service.list(o.conversation))[0]?.id;
      if (!target) {
        io.stderr.write(`codecoder checkpoints: conversation ${o.conversation} has no checkpoint\n`);
        return 1;
      }
    }
    const p = await service.preview(target);
    if (o.conversation && p.checkpoint.conversationId !== o.conversation)
      return usage.fail(`checkpoint ${target} belongs to conversation ${p.checkpoint.conversationId}, not ${o.conversation}`);
    io.stdout.write(
      `restoring to ${p.checkpoint.label} (${target}) changes ${p.changes.length} file${p.changes.length === 1 ? '' : 's'}:\n`,
    );
    for (const c of p.changes) io.stdout.write(`  ${WORDS[c.change]}  ${JSON.stringify(c.path).slice(1, -1)}\n`);
    if (!o.yes) {
      if (io.stdin.isTTY !== true) return usage.fail('no TTY to confirm on: add --yes');
      const rl = createInterface({ input: io.stdin, terminal: false });
      io.stdout.write('restore? [y/N] ');
      const answer = await new Promise<string>((resolve) => {
        rl.once('line', resolve);
        rl.once('close', () => resolve(''));
      });
      rl.close();
      if (!/^y(es)?$/i.test(answer.trim())) {
        io.stdout.write('nothing changed\n');
        return 1;
      }
    }
    const r = await service.restore(target, { rewindConversation: o.rewind, by: 'cli' });
    io.stdout.write(
      `restored: ${describe(r.changes)}${r.rewoundMessages ? `; rewound the conversation by ${r.rewoundMessages} messages` : ''}` +
        `${r.restoredMessages ? `; brought back ${r.restoredMessages} messages of the conversation` : ''}` +
        `${r.conversationNote ? `; ${r.conversationNote}` : ''}\n` +
        r.skipped.map((s) => `  not changed: ${s.path} (${s.reason})\n`).join('') +
        `undo: codecoder checkpoints restore --project ${JSON.stringify(root)}${r.undo.conversationChange || r.rewoundMessages ? ' --rewind' : ''} ${r.undo.id}\n`,
    );
    return 0;
  } catch (err) {
    io.stderr.write(`codecoder checkpoints: ${(err as Error).message}\n`);
    return 1;
  } finally {
    await audit.flush().catch(() => {});
  }
}
