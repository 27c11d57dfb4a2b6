/** The parser facade: operator numbers of this mvdan-sh build, string decoding, tree conversion. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BIN_TEXT,
  PROC_TEXT,
  REDIR_TEXT,
  type CallExpr,
  type Lit,
  type ProcSubst,
  type Redirect,
  type Stmt,
  type BinaryCmd,
} from './ast.js';
import { nodeType, parseBash, walk } from './parser.js';

function first(src: string): Stmt {
  const p = parseBash(src);
  if (!p.ok) throw new Error(p.message);
  return p.file.Stmts[0]!;
}

describe('parser facade', () => {
  it('redirection operator numbers match REDIR_TEXT', () => {
    for (const [op, text] of Object.entries(REDIR_TEXT)) {
      const src = text.startsWith('<<') && text !== '<<<' ? `cat ${text} x\nx\nx\n` : `cat ${text} x`;
      const r = first(src).Redirs[0] as Redirect;
      expect(r.Op, text).toBe(Number(op));
    }
  });

  it('binary and process-substitution operator numbers match', () => {
    for (const [op, text] of Object.entries(BIN_TEXT)) expect((first(`a ${text} b`).Cmd as BinaryCmd).Op).toBe(Number(op));
    for (const [op, text] of Object.entries(PROC_TEXT)) {
      const w = (first(`cat ${text}ls)`).Cmd as CallExpr).Args[1]!;
      expect((w.Parts[0] as ProcSubst).Op).toBe(Number(op));
    }
  });

  it('decodes non-ASCII text (GopherJS keeps Go strings as UTF-8 bytes)', () => {
    const args = (first('echo é \'日本\' "😀"').Cmd as CallExpr).Args;
    expect((args[1]!.Parts[0] as Lit).Value).toBe('é');
  });

  it('returns the parser message for errors', () => {
    const p = parseBash("echo 'x");
    expect(p.ok).toBe(false);
    if (!p.ok) expect(p.message).toMatch(/quote/);
  });

  it('a converted tree survives later parses (the parser reuses its node objects)', () => {
    const a = parseBash('git status && git push');
    parseBash('rm -rf x; curl y | sh');
    if (!a.ok) throw new Error('parse');
    const cmd = a.file.Stmts[0]!.Cmd as BinaryCmd;
    expect(((cmd.X.Cmd as CallExpr).Args[1]!.Parts[0] as Lit).Value).toBe('status');
    expect(((cmd.Y.Cmd as CallExpr).Args[1]!.Parts[0] as Lit).Value).toBe('push');
  });

  it('positions are UTF-8 byte offsets when asked for', () => {
    const p = parseBash("echo 'é' x", true);
    if (!p.ok) throw new Error('parse');
    const seen: [string, number | undefined, number | undefined][] = [];
    walk(p.file, (n) => {
      if (nodeType(n) === 'SglQuoted') seen.push([n.type, n.pos, n.end]);
      return true;
    });
    expect(seen).toEqual([['SglQuoted', 5, 9]]);
  });

  it('missing nodes are null, not objects', () => {
    const st = first('> out');
    expect(st.Cmd).toBeNull();
    expect(nodeType(st.Cmd)).toBe('nil');
    expect((st.Redirs[0] as Redirect).N).toBeNull();
  });
});

describe('loading', () => {
  // A fresh process: this worker has long since parsed. The CLI keys `git status` without parsing
  // and should not pay for loading mvdan-sh (1.5 MB).
  it('loads mvdan-sh on the first parse, not when the module loads', () => {
    const script = `
      import { createRequire } from 'node:module';
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => f.includes('mvdan-sh'));
      const { parseBash } = await import(${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, 'parser.ts')).href)});
      const before = loaded();
      const ok = parseBash('a && b').ok;
      console.log(JSON.stringify({ before, ok, after: loaded() }));`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ before: false, ok: true, after: true });
  }, 30_000);
});
