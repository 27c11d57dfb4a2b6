/**
 * The shell AST the classifier reads: plain objects converted by parser.ts from the nodes of
 * `mvdan-sh` 0.10.1 (the GopherJS build of mvdan/sh v3), which ships no types. Field names are those
 * of mvdan/sh `syntax/nodes.go`; `type` is the Go type name without `*syntax.` ("CallExpr"). Nil
 * pointers and interfaces are `null`, slices are arrays; position structs are dropped, except
 * `pos`/`end` (UTF-8 byte offsets) when the parse asked for them.
 */

export interface Node {
  type: string;
  pos?: number;
  end?: number;
}

export interface File extends Node {
  Stmts: Stmt[];
}

export interface Stmt extends Node {
  Cmd: Node | null;
  Negated: boolean;
  Background: boolean;
  Coprocess: boolean;
  Redirs: Redirect[];
}

export interface Redirect extends Node {
  Op: number;
  N: Lit | null;
  Word: Word | null;
  Hdoc: Word | null;
}

export interface Assign extends Node {
  Append: boolean;
  Naked: boolean;
  Name: Lit | null;
  Index: Node | null;
  Value: Word | null;
  Array: ArrayExpr | null;
}

export interface ArrayExpr extends Node {
  Elems: { Index: Node | null; Value: Word | null }[];
}

export interface CallExpr extends Node {
  Assigns: Assign[];
  Args: Word[];
}

export interface BinaryCmd extends Node {
  Op: number;
  X: Stmt;
  Y: Stmt;
}

export interface StmtList extends Node {
  Stmts: Stmt[];
}

export interface IfClause extends Node {
  Cond: Stmt[];
  Then: Stmt[];
  Else: IfClause | null;
}

export interface WhileClause extends Node {
  Until: boolean;
  Cond: Stmt[];
  Do: Stmt[];
}

export interface ForClause extends Node {
  Select: boolean;
  Loop: Node;
  Do: Stmt[];
}

export interface WordIter extends Node {
  Name: Lit;
  Items: Word[];
}

export interface CaseClause extends Node {
  Word: Word;
  Items: { Patterns: Word[]; Stmts: Stmt[] }[];
}

export interface FuncDecl extends Node {
  Name: Lit | null;
  Body: Stmt;
}

export interface DeclClause extends Node {
  Variant: Lit;
  Args: Assign[];
}

export interface TimeClause extends Node {
  Stmt: Stmt | null;
}

export interface CoprocClause extends Node {
  Name: Word | null;
  Stmt: Stmt;
}

export interface Word extends Node {
  Parts: Node[];
}

export interface Lit extends Node {
  Value: string;
}

export interface SglQuoted extends Node {
  Dollar: boolean;
  Value: string;
}

export interface DblQuoted extends Node {
  Dollar: boolean;
  Parts: Node[];
}

export interface ParamExp extends Node {
  Short: boolean;
  Excl: boolean;
  Length: boolean;
  Param: Lit | null;
  Index: Node | null;
  Exp: { Op: number; Word: Word | null } | null;
  Repl: { Orig: Word | null; With: Word | null } | null;
  Slice: { Offset: Node | null; Length: Node | null } | null;
}

export interface CmdSubst extends Node {
  Stmts: Stmt[];
  Backquotes: boolean;
}

export interface ProcSubst extends Node {
  Op: number;
  Stmts: Stmt[];
}

/** Redirection operators, as numbered by this build (probed with the parser itself in parser.test.ts). */
export const RedirOp = {
  RdrOut: 54, // >
  AppOut: 55, // >>
  RdrIn: 56, // <
  RdrInOut: 57, // <>
  DplIn: 58, // <&
  DplOut: 59, // >&
  ClbOut: 60, // >|
  Hdoc: 61, // <<
  DashHdoc: 62, // <<-
  WordHdoc: 63, // <<<
  RdrAll: 64, // &>
  AppAll: 65, // &>>
} as const;

/** Spelling of each redirection operator, for keys and notes. */
export const REDIR_TEXT: Readonly<Record<number, string>> = {
  54: '>',
  55: '>>',
  56: '<',
  57: '<>',
  58: '<&',
  59: '>&',
  60: '>|',
  61: '<<',
  62: '<<-',
  63: '<<<',
  64: '&>',
  65: '&>>',
};

/** Binary command operators. */
export const BIN_TEXT: Readonly<Record<number, string>> = { 10: '&&', 11: '||', 12: '|', 13: '|&' };

/** Process substitution operators. */
export const PROC_TEXT: Readonly<Record<number, string>> = { 66: '<(', 67: '>(' };
