/**
 * `codecoder allowlist validate --project DIR`: exit 0 when codecoder.json is valid; 1 listing each
 * CeilingViolation (and each entry that is ignored); 2 when the file is unreadable or malformed.
 * `codecoder allowlist list --project DIR [--json]`. Neither ever modifies the file.
 */
import path from 'node:path';
import type { CliIo } from '../io.js';
import { jsonText, shown } from '../output.js';
import { cliKeyEnvironment } from '../toolRegistry.js';
import { Usage } from '../usage.js';
import { CONFIG_FILE, readConfigFile, compileProject } from '../../permissions/index.js';
import { serverCount, trustLine } from '../trustLines.js';

export const summary = 'validate or list codecoder.json (validate: exit 0 valid, 1 violations, 2 malformed)';

const USAGE = 'usage: codecoder allowlist validate --project DIR\n       codecoder allowlist list --project DIR [--json]\n';

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('allowlist', USAGE, io);
  const args = usage.parse(argv, { project: { type: 'string', default: '.' }, json: { type: 'boolean', default: false } });
  if (typeof args === 'number') return args;
  const { project, json } = args.values;
  const [sub, ...extra] = args.positionals;
  if (sub !== 'validate' && sub !== 'list') return usage.fail(sub ? `unknown subcommand "${sub}"` : 'missing subcommand');
  if (extra.length) return usage.fail(`unexpected argument ${extra[0]}`);
  if (json && sub !== 'list') return usage.fail('--json is for allowlist list');

  const file = path.join(path.resolve(project), CONFIG_FILE);
  let read;
  try {
    read = await readConfigFile(file);
  } catch (err) {
    io.stderr.write(`codecoder allowlist: cannot read ${shown(file)}: ${shown((err as Error).message)}\n`);
    return 2;
  }
  if (read.exists && !read.result.ok) {
    const e = read.result.error;
    if (json) io.stdout.write(jsonText({ file, exists: true, error: e }) + '\n');
    io.stderr.write(
      `codecoder allowlist: ${shown(file)} is malformed and is not used (the project level counts as empty):\n  ${shown(e.message)}\n`,
    );
    return 2;
  }
  const doc = read.exists && read.result.ok ? read.result.doc : { allowlist: [], deny: [] };
  // An `mcp:` key's ceiling is its server's (a host stdio server is shell): read, never started.
  const environmentOfKey = await cliKeyEnvironment(path.resolve(project), io.env, (doc as { mcpServers?: unknown }).mcpServers);
  const compiled = compileProject(doc, environmentOfKey);
  const { violations, issues } = compiled.report;

  if (sub === 'validate') {
    const servers = serverCount((doc as { mcpServers?: unknown }).mcpServers);
    io.stdout.write(
      `${await trustLine(path.resolve(project), read.exists ? read.text : undefined, doc.allowlist.length, io.env, servers)}\n`,
    );
    if (!read.exists) {
      io.stdout.write(`${shown(file)} does not exist: nothing is pre-authorised (valid)\n`);
      return 0;
    }
    if (issues.length === 0) {
      io.stdout.write(`${shown(file)} is valid: ${doc.allowlist.length} allowlist entries, ${doc.deny.length} deny rules\n`);
      return 0;
    }
    for (const i of issues) io.stdout.write(`${shown(i.message)}\n`);
    io.stdout.write(`${violations.length} CeilingViolation(s), ${issues.length - violations.length} other problem(s)\n`);
    return 1;
  }

  if (json) {
    io.stdout.write(
      jsonText({
        file,
        exists: read.exists,
        allowlist: compiled.entries,
        deny: compiled.denyEntries,
        presets: compiled.presets.map((k) => k.raw),
        violations,
        issues,
      }) + '\n',
    );
    return 0;
  }
  if (!read.exists) io.stdout.write(`${shown(file)} does not exist\n`);
  io.stdout.write(`allowlist (${compiled.entries.length}):\n`);
  for (const e of compiled.entries)
    io.stdout.write(`  ${shown(e.key)}  ${e.value}  [${e.status}]${e.message ? `  ${shown(e.message)}` : ''}\n`);
  io.stdout.write(`deny (${compiled.denyEntries.length}):\n`);
  for (const d of compiled.denyEntries) io.stdout.write(`  ${shown(d.key)}  [${d.status}]${d.message ? `  ${shown(d.message)}` : ''}\n`);
  return 0;
}
