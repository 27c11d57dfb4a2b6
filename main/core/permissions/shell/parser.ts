/**
 * The one shell parser the classifier uses: mvdan-sh 0.10.1 (mvdan/sh compiled to JS), bash variant.
 * One parser instance is reused for every call (creating one per call costs more than the parse).
 * Parse errors throw in the package; here they come back as a value with the parser's own message.
 */
import { createRequire } from 'node:module';
import type { File, Node } from './ast.js';

interface SyntaxModule {
  NewParser(...options: unknown[]): { Parse(src: string, name: string): File };
  NodeType(node: unknown): string;
  Variant(lang: unknown): unknown;
  KeepComments(keep: boolean): unknown;
  Walk(node: unknown, fn: (node: Node | null) => boolean): void;
  LangBash: unknown;
}

const require = createRequire(import.meta.url);
const syntax = (require('mvdan-sh') as { syntax: SyntaxModule }).syntax;
const parser = syntax.NewParser(syntax.KeepComments(false), syntax.Variant(syntax.LangBash));

export type ParseResult = { ok: true; file: File } | { ok: false; message: string };

export function parseBash(src: string): ParseResult {
  try {
    return { ok: true, file: parser.Parse(src, '') };
  } catch (e) {
    return { ok: false, message: parseErrorMessage(e) };
  }
}

/** `syntax.NodeType`: "CallExpr", "Lit", … ("nil" for null). */
export function nodeType(node: Node | null | undefined): string {
  if (node === null || node === undefined) return 'nil';
  return syntax.NodeType(node);
}

/** `syntax.Walk`: visits every node under `node`; `fn` returns false to skip a node's children. Slow: rare paths only. */
export function walk(node: Node, fn: (node: Node) => boolean): void {
  syntax.Walk(node, (n) => (n === null || n === undefined ? true : fn(n)));
}

function parseErrorMessage(e: unknown): string {
  if (e && typeof e === 'object') {
    const err = e as { Error?: () => string; message?: unknown };
    try {
      if (typeof err.Error === 'function') return String(err.Error());
    } catch {
      /* fall through */
    }
    if (typeof err.message === 'string') return err.message;
  }
  return String(e);
}
