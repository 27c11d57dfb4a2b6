/**
 * The walk of words: expansions inside them (parameter, command and process substitution,
 * arithmetic), arithmetic and test expressions, and the subscripts bash evaluates from text. Each
 * adds its tokens and notes to the record; a substitution's commands are walked by the command
 * visitor (`stmts`).
 */
import type { DblQuoted, CmdSubst, File, Lit, Node, ParamExp, ProcSubst, Stmt, Word } from './ast.js';
import { PROC_TEXT } from './ast.js';
import { escapeName, UNKNOWN } from './keyTokens.js';
import { KeyRecord } from './keyRecord.js';
import { nodeType, walk } from './parser.js';
import { hidesArithmeticCode, hidesSubscriptCode } from './subscripts.js';
import { wordInfo } from './words.js';

/** The `${x@op}` operator (mvdan-sh's number in this build, probed in parserCorners.test.ts). */
export const PARAM_TRANSFORM = 84;

/** Single-quoted text holding `$` or a backquote anywhere in a word. */
function quotedExpansion(w: Word): boolean {
  let found = false;
  walk(w, (n) => {
    if (nodeType(n) === 'SglQuoted' && /[$`]/.test((n as Lit).Value)) found = true;
    return !found;
  });
  return found;
}

export abstract class WordVisitor extends KeyRecord {
  /** The commands of a substitution (commandVisitor.ts). */
  abstract stmts(list: readonly Stmt[], depth: number): void;

  /**
   * After the walk: when names or expressions are evaluated anywhere, any literal word holding a
   * `[` with an expansion after it may reach one (`x='a[$(id)]'; echo $((x))`).
   */
  subscriptData(file: File): void {
    // Once a `?` is listed, every program deny applies and no answer is remembered: nothing to add.
    if (!this.evaluatesNames || this.programs.some((p) => p.program === UNKNOWN)) return;
    let found = false;
    walk(file, (n) => {
      if (found) return false;
      if (nodeType(n) !== 'Word') return true;
      const lit = wordInfo(n as Word).literal;
      if (lit !== null && hidesSubscriptCode(lit)) found = true;
      return !found;
    });
    if (found) this.hiddenCode('a literal holds an array subscript with an expansion, and the command evaluates names or arithmetic');
  }

  // Expansions inside words, arithmetic and tests.

  wordExpansions(w: Word, depth: number): void {
    for (const p of w.Parts) this.part(p, depth);
  }

  part(p: Node, depth: number, inDouble = false): void {
    const t = nodeType(p);
    switch (t) {
      case 'Lit':
      case 'SglQuoted':
        return;
      case 'ExtGlob': {
        // Pinned in the key: under zsh (a login shell the terminal may use) `*(e:cmd:)` is a glob
        // qualifier that runs cmd, so two extended globs must never share a key.
        const g = p as unknown as { Op: number; Pattern: Lit | null };
        this.push('#extglob', escapeName(String(g.Op) + ':' + (g.Pattern?.Value ?? '')));
        this.note('contains an extended glob', 'extended glob');
        return;
      }
      case 'DblQuoted':
        for (const q of (p as DblQuoted).Parts) this.part(q, depth, true);
        return;
      case 'ParamExp': {
        const e = p as ParamExp;
        // Inside double quotes, bash reads '…' in `${x:-'…'}` as plain characters and expands what
        // is between them; the parser reads single quotes: `"${x:-'$(id)'}"` runs id.
        if (inDouble && [e.Exp?.Word, e.Repl?.Orig, e.Repl?.With].some((w) => w && quotedExpansion(w)))
          this.hiddenCode(
            'single quotes inside a double-quoted ${…} are plain characters to bash: the text between them is expanded',
            'quoted_expansion',
          );
        const name = e.Param?.Value ?? '';
        this.push('$' + (e.Excl ? '!' : e.Length ? '#' : '') + escapeName(name));
        this.note(`expands the variable ${name}`, 'parameter expansion');
        // ${!x} reads x's value as a name (a subscript in it is evaluated); ${x@P} expands x's
        // value as a prompt string, substitutions included: code held in a variable.
        if (e.Excl) this.evaluatesNames = true;
        if (e.Exp?.Op === PARAM_TRANSFORM && e.Exp.Word && wordInfo(e.Exp.Word).literal !== 'Q' && wordInfo(e.Exp.Word).literal !== 'a')
          this.hiddenCode(`\${${name}@…} can expand the value of ${name} as code`, 'prompt_expansion');
        if (e.Index) this.arith(e.Index, depth);
        if (e.Exp?.Word) this.wordExpansions(e.Exp.Word, depth);
        if (e.Repl?.Orig) this.wordExpansions(e.Repl.Orig, depth);
        if (e.Repl?.With) this.wordExpansions(e.Repl.With, depth);
        if (e.Slice?.Offset) this.arith(e.Slice.Offset, depth);
        if (e.Slice?.Length) this.arith(e.Slice.Length, depth);
        return;
      }
      case 'CmdSubst':
        this.push('$(');
        this.stmts((p as CmdSubst).Stmts, depth + 1);
        this.push(')');
        this.note('contains command substitution', 'command substitution');
        return;
      case 'ProcSubst': {
        const ps = p as ProcSubst;
        this.push(PROC_TEXT[ps.Op] ?? '?(');
        this.stmts(ps.Stmts, depth + 1);
        this.push(')');
        this.note('contains process substitution', 'process substitution');
        return;
      }
      case 'ArithmExp':
        this.push('$((');
        this.arith((p as unknown as { X: Node }).X, depth);
        this.push('))');
        this.note('contains arithmetic expansion', 'arithmetic expansion');
        return;
      default:
        this.push(UNKNOWN);
        this.note(`contains a word part the classifier does not recognise (${t})`, `unrecognised ${t}`);
    }
  }

  arith(n: Node | null, depth: number): void {
    if (!n) return;
    const t = nodeType(n);
    this.evaluatesNames = true;
    if (t === 'Word') {
      // Quoted text in arithmetic is evaluated again: `$(( 'a[$(id)]' ))`, `${b['$(id)']}`.
      const lit = wordInfo(n as Word).literal;
      if (lit !== null && hidesArithmeticCode(lit)) this.hiddenCode('arithmetic evaluates quoted text holding an expansion');
      return this.wordExpansions(n as Word, depth);
    }
    if (t === 'BinaryArithm' || t === 'UnaryArithm' || t === 'ParenArithm') {
      const x = n as unknown as { X?: Node | null; Y?: Node | null };
      this.arith(x.X ?? null, depth);
      this.arith(x.Y ?? null, depth);
      return;
    }
    this.push(UNKNOWN);
    this.note(`contains arithmetic the classifier does not recognise (${t})`, `unrecognised ${t}`);
  }

  exprExpansions(n: Node, depth: number, fields: string[]): void {
    const o = n as unknown as Record<string, Node | null>;
    for (const f of fields) this.arith(o[f] ?? null, depth);
  }

  testExpr(n: Node | null, depth: number): void {
    if (!n) return;
    const t = nodeType(n);
    if (t === 'Word') return this.wordExpansions(n as Word, depth);
    if (t === 'BinaryTest' || t === 'UnaryTest' || t === 'ParenTest') {
      const x = n as unknown as { X?: Node | null; Y?: Node | null };
      this.testExpr(x.X ?? null, depth);
      this.testExpr(x.Y ?? null, depth);
      return;
    }
    this.push(UNKNOWN);
    this.note(`contains a test the classifier does not recognise (${t})`, `unrecognised ${t}`);
  }
}
