/**
 * Shared by the table generators: a command tree `{ options, subs? }` as the TypeScript text of an
 * optionTable.ts `TableSpec` (ghTables.mjs, terraformTables.mjs), option tokens packed into lines
 * (ldTables.mjs, helpTables.mjs), and the write-or-check step every generator ends with.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** The tree as a TableSpec literal: subcommands sorted, a command with subcommands reads only those. */
export function tableSpecText(n, indent = 0) {
  const pad = ' '.repeat(indent);
  const q = (s) => `'${s}'`;
  const lines = ['{', `${pad}  options: ${q(n.options)},`];
  if (n.subs) {
    lines.push(`${pad}  subsOnly: true,`, `${pad}  subs: {`);
    for (const k of Object.keys(n.subs).sort()) lines.push(`${pad}    ${q(k)}: ${tableSpecText(n.subs[k], indent + 4)},`);
    lines.push(`${pad}  },`);
  }
  lines.push(`${pad}}`);
  return lines.join('\n');
}

/** Writes `text` to `out`, or with `check` fails (exit 1) when the file holds something else. */
export function writeOrCheck(out, text, check, script) {
  if (!check) return writeFileSync(out, text);
  if (readFileSync(out, 'utf8') !== text) {
    console.error(`${out} is out of date: run node ${script}`);
    process.exit(1);
  }
}

/** Option tokens packed into lines of at most `width` characters, in order. */
export function packTokens(toks, width) {
  const lines = [];
  let cur = '';
  for (const t of toks) {
    if (cur !== '' && cur.length + 1 + t.length > width) {
      lines.push(cur);
      cur = t;
    } else cur = cur === '' ? t : `${cur} ${t}`;
  }
  if (cur !== '') lines.push(cur);
  return lines;
}
