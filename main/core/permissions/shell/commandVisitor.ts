/**
 * The walk of commands: statements, lists, pipelines, compound commands, redirections,
 * assignments, and each call — its program, its rule (programs/), its subcommand and the effects of
 * its arguments, what it runs in turn. One walk builds the key tokens, the program list, notes and
 * the call verdicts (keyRecord.ts); words are walked by wordVisitor.ts.
 */
import { createHash } from 'node:crypto';
import type {
  Assign,
  BinaryCmd,
  CallExpr,
  CaseClause,
  CoprocClause,
  DeclClause,
  ForClause,
  FuncDecl,
  IfClause,
  Lit,
  Node,
  Redirect,
  Stmt,
  StmtList,
  TimeClause,
  WhileClause,
  Word,
  WordIter,
} from './ast.js';
import { BIN_TEXT, REDIR_TEXT, RedirOp } from './ast.js';
import { hasAlwaysInvalid, hasNonAscii } from './chars.js';
import { InvalidCommand, type ProgramRef } from './commandClass.js';
import { commentEndsWithBackslash } from './continuations.js';
import type { Effect, Inner } from './effects.js';
import { folderChange, utilityTargets } from './fileTargets.js';
import { escapeName, PLAIN_PROGRAM, UNKNOWN } from './keyTokens.js';
import type { CallFacts } from './keyRecord.js';
import type { Arg } from './options.js';
import { nodeType, parseBash } from './parser.js';
import { programRule, type ProgramRule } from './programs/index.js';
import type { SubcommandAt } from './programs/rule.js';
import { runnerPrograms, type RunnerProgram } from './programs/node/scriptRunners.js';
import { noSpecEffects } from './programs/noSpec.js';
import { tableName } from './programNames.js';
import { detectSubcommand } from './subcommands.js';
import { nameOperands } from './subscripts.js';
import { WordVisitor } from './wordVisitor.js';
import { wordInfo, type WordInfo } from './words.js';

/** Nesting (substitutions, bash -c inside bash -c, …) beyond which inner commands become "?". */
const MAX_DEPTH = 24;

const DANGEROUS_ENV =
  /^(LD_\w+|DYLD_\w+|PATH|IFS|BASH_ENV|ENV|PROMPT_COMMAND|PS4|SHELLOPTS|BASHOPTS|GLOBIGNORE|PAGER|\w+_PAGER|EDITOR|VISUAL|GIT_\w+|LESSOPEN|LESSCLOSE|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|PERL5LIB|RUBYOPT|SSH_ASKPASS|SUDO_ASKPASS|BROWSER|MANPAGER|SHELL|npm_config_\w+|CARGO_\w+|RUSTC_WRAPPER|MAKEFLAGS|KUBECONFIG|DOCKER_HOST)$/i;

/**
 * The one argument with which every program only prints its version or usage and stops (or, not
 * knowing it, refuses and stops): plain for every program, with a rule or without (docs/permissions.md).
 */
const ONLY_PRINTS: ReadonlySet<string> = new Set(['--version', '-V', '--help']);

/** Wrappers that, when their arguments name no command, only print something. */
const RUN_NOTHING_ALONE = new Set(['env', 'arch', 'emulate', 'command', 'ssh-agent']);

/** Calls classified in place of scripts per command: candidates can branch, so the work is bounded. */
const MAX_RUNNER_CALLS = 64;

/** Variables bash expands as code: PS4 before every traced command (`set -x`). */
const CODE_VARIABLES = new Set(['PS4']);

export class CommandVisitor extends WordVisitor {
  /** Shared by a visitor and the ones it starts for runner fallbacks. */
  constructor(private readonly runnerBudget = { left: MAX_RUNNER_CALLS }) {
    super();
  }

  // Statements and commands.

  stmts(list: readonly Stmt[], depth: number): void {
    list.forEach((s, i) => {
      if (i > 0) {
        this.push(list[i - 1]!.Background ? '&' : ';');
        if (!list[i - 1]!.Background) this.note('runs several commands in sequence', 'more than one statement');
      }
      this.stmt(s, depth);
    });
    const last = list[list.length - 1];
    if (last?.Background) this.push('&');
  }

  stmt(s: Stmt, depth: number): void {
    if (s.Background) this.note('runs a command in the background (&)', 'backgrounded');
    if (s.Coprocess) this.note('runs a coprocess', 'coprocess');
    if (s.Negated) {
      this.push('!');
      this.note('negates an exit status (!)', 'negated');
    }
    if (s.Cmd) this.command(s.Cmd, depth);
    for (const r of s.Redirs) this.redirect(r, depth);
  }

  command(cmd: Node, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('nested too deeply to inspect', 'nested too deeply');
      return;
    }
    const t = nodeType(cmd);
    switch (t) {
      case 'CallExpr':
        return this.callExpr(cmd as CallExpr, depth);
      case 'BinaryCmd': {
        const b = cmd as BinaryCmd;
        const op = BIN_TEXT[b.Op] ?? '?op';
        if (op === '|' || op === '|&') this.note('pipes output into another program (|)', 'pipeline');
        else this.note(`runs commands conditionally (${op})`, `list (${op})`);
        this.stmt(b.X, depth);
        this.push(op);
        this.stmt(b.Y, depth);
        return;
      }
      case 'Subshell':
      case 'Block': {
        this.note(
          t === 'Subshell' ? 'runs commands in a subshell ( … )' : 'groups commands { … }',
          t === 'Subshell' ? 'subshell' : 'command group',
        );
        this.push(t === 'Subshell' ? '(' : '{');
        this.stmts((cmd as StmtList).Stmts, depth + 1);
        this.push(t === 'Subshell' ? ')' : '}');
        return;
      }
      case 'IfClause': {
        let c: IfClause | null = cmd as IfClause;
        let first = true;
        while (c) {
          if (c.Cond.length > 0) {
            this.push(first ? 'if(' : 'elif(');
            this.stmts(c.Cond, depth + 1);
            this.push(')', 'then(');
            this.stmts(c.Then, depth + 1);
            this.push(')');
          } else {
            this.push('else(');
            this.stmts(c.Then, depth + 1);
            this.push(')');
          }
          first = false;
          c = c.Else;
        }
        this.note('contains an if statement', 'if statement');
        return;
      }
      case 'WhileClause': {
        const w = cmd as WhileClause;
        this.push(w.Until ? 'until(' : 'while(');
        this.stmts(w.Cond, depth + 1);
        this.push(')', 'do(');
        this.stmts(w.Do, depth + 1);
        this.push(')');
        this.note('contains a loop', 'loop');
        return;
      }
      case 'ForClause': {
        const f = cmd as ForClause;
        this.push(f.Select ? 'select(' : 'for(');
        if (nodeType(f.Loop) === 'WordIter') for (const w of (f.Loop as WordIter).Items) this.wordExpansions(w, depth);
        else this.exprExpansions(f.Loop, depth, ['Init', 'Cond', 'Post']);
        this.push(')', 'do(');
        this.stmts(f.Do, depth + 1);
        this.push(')');
        this.note('contains a loop', 'loop');
        return;
      }
      case 'CaseClause': {
        const c = cmd as CaseClause;
        this.push('case(');
        this.wordExpansions(c.Word, depth);
        this.push(')', 'in(');
        c.Items.forEach((it, i) => {
          if (i > 0) this.push(';;');
          for (const p of it.Patterns) this.wordExpansions(p, depth);
          this.stmts(it.Stmts, depth + 1);
        });
        this.push(')');
        this.note('contains a case statement', 'case statement');
        return;
      }
      case 'FuncDecl': {
        const f = cmd as FuncDecl;
        this.push(escapeName(f.Name?.Value ?? '') + '()');
        this.note(`defines a function ${f.Name?.Value ?? ''}`, 'function definition');
        this.stmt(f.Body, depth + 1);
        return;
      }
      case 'DeclClause': {
        const d = cmd as DeclClause;
        const variant = d.Variant.Value;
        this.evaluatesNames = true;
        this.push(escapeName(variant) + '(');
        for (const a of d.Args) this.assign(a, depth, true);
        this.push(')');
        this.note(`${variant} sets shell variables or attributes`, `${variant} statement`);
        return;
      }
      case 'LetClause':
        this.push('let(');
        for (const e of (cmd as unknown as { Exprs: Node[] }).Exprs) this.arith(e, depth);
        this.push(')');
        this.note('contains arithmetic (let)', 'let statement');
        return;
      case 'ArithmCmd':
        this.push('((');
        this.arith((cmd as unknown as { X: Node }).X, depth);
        this.push('))');
        this.note('contains arithmetic (( … ))', 'arithmetic command');
        return;
      case 'TestClause':
        this.evaluatesNames = true;
        this.push('[[');
        this.testExpr((cmd as unknown as { X: Node }).X, depth);
        this.push(']]');
        this.note('contains a test [[ … ]]', 'test clause');
        return;
      case 'TimeClause': {
        this.push('time(');
        const s = (cmd as TimeClause).Stmt;
        if (s) this.stmt(s, depth + 1);
        this.push(')');
        this.note('runs a command through time', 'time');
        return;
      }
      case 'CoprocClause':
        this.push('coproc(');
        this.stmt((cmd as CoprocClause).Stmt, depth + 1);
        this.push(')');
        this.note('starts a coprocess', 'coprocess');
        return;
      default:
        this.push(UNKNOWN);
        this.programs.push({ program: UNKNOWN });
        this.note(`contains a construct the classifier does not recognise (${t})`, `unrecognised ${t}`);
    }
  }

  redirect(r: Redirect, depth: number): void {
    if (isFdDup(r)) return;
    const op = (r.N ? r.N.Value : '') + (REDIR_TEXT[r.Op] ?? '?redir');
    this.push(op);
    if (r.Op === RedirOp.Hdoc || r.Op === RedirOp.DashHdoc) {
      this.note('feeds a here-document to a command', 'here-document');
      if (r.Hdoc) this.wordExpansions(r.Hdoc, depth);
      return;
    }
    if (r.Op === RedirOp.WordHdoc) {
      this.note('feeds a here-string to a command', 'here-string');
      if (r.Word) this.wordExpansions(r.Word, depth);
      return;
    }
    const info = r.Word ? wordInfo(r.Word) : undefined;
    const target = info?.literal ?? null;
    this.push(target === null || info?.brace || info?.glob ? UNKNOWN : escapeName(target));
    if (r.Word) this.wordExpansions(r.Word, depth);
    const shown = target ?? 'a file named at run time';
    const reading = r.Op === RedirOp.RdrIn || r.Op === RedirOp.DplIn;
    if (!reading && target !== null && !info?.brace && !info?.glob) this.targets.push({ path: target, access: 'write' });
    if (reading) this.note(`reads from ${shown} (redirection)`, 'redirection from a file');
    else if (r.Op === RedirOp.AppOut || r.Op === RedirOp.AppAll) this.note(`appends to ${shown} (redirection)`, 'redirection to a file');
    else this.note(`writes to ${shown} (redirection)`, 'redirection to a file');
  }

  assign(a: Assign, depth: number, inDecl = false): void {
    if (!a.Name) {
      // A naked word of declare/export: an option or a name computed at run time.
      if (a.Value) {
        const info = wordInfo(a.Value);
        const assigned = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(info.literal ?? '')?.[1];
        if (assigned !== undefined && CODE_VARIABLES.has(assigned))
          this.hiddenCode(`sets ${assigned}, which bash expands as code`, 'code_variable');
        this.push(info.literal === null ? UNKNOWN : escapeName(info.literal));
        this.wordExpansions(a.Value, depth);
      }
      return;
    }
    const name = a.Name.Value;
    if (CODE_VARIABLES.has(name)) this.hiddenCode(`sets ${name}, which bash expands as code`, 'code_variable');
    if (a.Naked) {
      this.push('$' + escapeName(name));
      return;
    }
    this.push('$' + escapeName(name) + (a.Append ? '+=' : '='));
    if (a.Index) this.arith(a.Index, depth);
    if (a.Array) {
      this.push(UNKNOWN);
      for (const e of a.Array.Elems) {
        if (e.Index) this.arith(e.Index, depth);
        if (e.Value) this.wordExpansions(e.Value, depth);
      }
    } else if (a.Value) {
      const info = wordInfo(a.Value);
      this.push(info.literal === null ? UNKNOWN : escapeName(info.literal));
      this.wordExpansions(a.Value, depth);
    } else this.push("''");
    if (!inDecl) this.note(`sets ${name} for the command`, 'leading variable assignment');
    if (DANGEROUS_ENV.test(name)) this.note(`sets ${name}, which can make a program run something else or load code`, `sets ${name}`);
  }

  callExpr(c: CallExpr, depth: number): void {
    for (const a of c.Assigns) this.assign(a, depth);
    if (c.Args.length === 0) {
      if (c.Assigns.length > 0) this.note('sets shell variables', 'variable assignment');
      return;
    }
    this.call(c.Args.map(wordInfo), c.Args, depth);
  }

  /** A call given as word facts (and, from the AST, the words for their expansions). */
  call(infos: WordInfo[], words: Word[] | undefined, depth: number): void {
    const argv: Arg[] = infos.map((i) => (i.brace ? null : i.literal));
    const head = infos[0]!;
    const facts: CallFacts = { argv, simple: true };
    this.calls.push(facts);
    const blockers: string[] = [];

    for (const i of infos) {
      if (i.literal === null || i.dynamic !== undefined) blockers.push(`contains ${i.dynamic ?? 'an expansion'}`);
      if (i.brace) {
        blockers.push('brace expansion');
      }
    }

    const program = head.literal;
    if (program !== null && hasNonAscii(program)) {
      throw new InvalidCommand(`the program name "${program}" contains non-ASCII characters, which can imitate another program`);
    }
    if (program === null || head.glob || head.brace) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('the program to run is computed at run time', 'program name is not literal');
      blockers.push('program name is not literal');
      if (words) this.wordExpansions(words[0]!, depth);
      facts.simple = false;
      this.finishArgs(infos, words, depth, blockers, facts);
      return;
    }
    if (!PLAIN_PROGRAM.test(program) || head.quoted || head.tilde) {
      blockers.push('program name is not a plain name');
      facts.simple = false;
      this.tag = head.quoted ? 'quoted' : program.includes('/') ? 'path' : 'unusual_name';
      if (head.quoted) this.note(`the program name is quoted or escaped (runs ${program})`, 'program name is quoted or escaped');
      else if (program.includes('/')) this.note(`runs a program by path: ${program}`, 'program run by path');
      else this.note(`unusual program name: ${program}`, 'program name is not a plain name');
    }
    const refName = program.includes('/') ? program.slice(program.lastIndexOf('/') + 1) || program : program;
    this.push(escapeName(program));

    // Rules are looked up under the canonical name (python3.12 → python, BASH → bash).
    const rules = tableName(refName);
    const names = nameOperands(rules, argv);
    if (names.length > 0) this.evaluatesNames = true;
    if (names.some((n) => n !== null && CODE_VARIABLES.has(n)))
      this.hiddenCode(`${refName} sets a variable bash expands as code`, 'code_variable');
    const ref: ProgramRef = { program: refName };
    const rule = programRule(rules);
    this.programs.push(ref);
    const effects: Effect[] = [];

    if (argv.length === 2 && argv[1] !== null && ONLY_PRINTS.has(argv[1]!)) {
      // `P --version`, `P -V`, `P --help`: every program prints (or refuses) and stops, whatever its rule.
    } else if (rule?.wrapper) {
      blockers.push(`runs a program through ${refName}`);
      const use = rule.wrapper(argv);
      // `env` alone (or with only NAME=value operands) prints the environment, `arch` alone the
      // machine type, `command -v x` looks a name up: no inner program.
      if (use && use.effects.length > 0) effects.push(...use.effects);
      else if (use && !RUN_NOTHING_ALONE.has(rules)) effects.push({ flag: '', runs: { kind: 'none' }, note: `runs ${refName}` });
      else blockers.pop();
    } else {
      const sub = rule?.subcommands ? this.subcommand(rule, rules, refName, infos, argv, ref, facts, effects, blockers, depth) : {};
      effects.push(...argEffects(rule, rules, argv, sub));
      effects.push(...moduleEffects(rule, argv));
      // A program without an option allowlist of its own (none at all, or a hand rule with the default)
      // meets the default here (programs/noSpec.ts); web URLs are left to a hand rule. A spec-library
      // rule applies the default itself (specs/specRules.ts), where it knows which words are a command's
      // and which operands its override says are not paths: applying it here too would run it twice.
      // An allowlist whose operands are files (sort, tee, rg) meets the default's path and remote-code checks too.
      const policy = defaultPolicy(rule);
      if (policy !== undefined) effects.push(...noSpecEffects(refName, argv, policy, effects));
      if (effects.length > 0) blockers.push('an argument runs another program or writes a file');
      const guarded = (rule?.effects !== undefined || rule?.subcommands !== undefined) && rule?.readsOnly !== true;
      // Also `-*`, `--*`: those expand only to names that ARE options.
      if (guarded && infos.slice(1).some((i) => i.glob && /^[-*?[]/.test(i.literal ?? ''))) {
        effects.push({ flag: 'glob', note: `a wildcard could expand to file names that ${refName} reads as options` });
        blockers.push('wildcard could expand to options');
      }
    }
    for (const e of effects) this.effect(e, depth);
    this.targets.push(...utilityTargets(rules, argv));
    const moved = folderChange(rules, argv);
    if (moved) this.chdirs.push(moved.to);
    this.finishArgs(infos, words, depth, blockers, facts);
  }

  /**
   * The subcommand of a call whose rule has a subcommand table, named in the key (as the program
   * resolves it) and on its program entry. After an unknown global option it cannot be known:
   * every word that could be it is listed and pinned, with what each may run.
   */
  private subcommand(
    rule: ProgramRule,
    rules: string,
    refName: string,
    infos: WordInfo[],
    argv: Arg[],
    ref: ProgramRef,
    facts: CallFacts,
    effects: Effect[],
    blockers: string[],
    depth: number,
  ): SubcommandAt {
    const d = detectSubcommand(rule, argv);
    if (d.unknownOption !== undefined) {
      blockers.push('unknown option before the subcommand');
      // Deny rules on a subcommand must still see every word that could be it, and the key pins
      // them (one token: the unknown option and the candidates), so a grant never covers another.
      const candidates = argv
        .map((a, i) => ({ a, i }))
        .filter((c): c is { a: string; i: number } => c.i > 0 && c.a !== null && !c.a.startsWith('-'))
        .slice(0, 3);
      effects.push({
        flag: 'unknown_option',
        value: [d.unknownOption, ...candidates.map((c) => c.a)].join(' '),
        note: `${refName} option ${d.unknownOption} is not known to the classifier, so the subcommand is uncertain`,
      });
      // Each candidate as typed and as the program resolves it (`publ` is npm's publish).
      const runsOf = (s: { subcommand?: string; index?: number }): number =>
        argEffects(rule, rules, argv, s).filter((e) => e.runs !== undefined && e.runs.kind !== 'none').length;
      const runsAlone = runsOf({});
      let runner = false;
      for (const { a, i } of candidates) {
        this.programs.push({ program: refName, subcommand: a });
        const canonical = rule.alias?.(a, argv, i) ?? a;
        if (canonical !== a) this.programs.push({ program: refName, subcommand: canonical });
        if (!runner && runsOf({ subcommand: canonical, index: i }) > runsAlone) runner = true;
      }
      // A candidate that runs another program (`npm --x exec -c 'rm y'`, `yarn --x exec 'a | b'`)
      // reads its own options from words the unknown option may have taken: what it runs is unknown.
      // …as does one inside a yarn workspace front: the command after it is any yarn command.
      if (runner || d.frontUnknown) {
        this.programs.push({ program: UNKNOWN });
        this.note(
          `${refName} may run a program that cannot be known past the unknown option`,
          'unknown option before a subcommand that runs programs',
        );
      }
      // …and, for a package manager, the program each candidate may be (`pnpm bash`).
      if (rule.runner) {
        const scriptRunner = rule.runner;
        const runs = candidates.flatMap(({ a, i }) => runnerPrograms(rules, scriptRunner, argv, a, i));
        this.runnerFallback(
          refName,
          infos,
          runs.filter((r, k) => runs.findIndex((o) => o.index === r.index) === k),
          depth,
        );
      }
    } else if (d.subcommand !== undefined) {
      ref.subcommand = d.subcommand;
      facts.subcommand = d.subcommand;
      // The key names what runs: npm's `publ`, `pnpm rm`, `cargo b` are publish, remove, build.
      this.push(escapeName(d.subcommand));
      if (d.typed !== undefined) this.note(`${refName} runs "${d.typed}" as ${d.subcommand}`);
      if (rule.runner && d.index !== undefined)
        this.runnerFallback(refName, infos, runnerPrograms(rules, rule.runner, argv, d.typed ?? d.subcommand, d.index), depth);
    } else if (d.dynamic && rule.runner) {
      // `pnpm $CMD`: the word may name a program, which cannot be known before it runs.
      this.programs.push({ program: UNKNOWN, runBy: refName });
      this.note(`${refName} may run a program named at run time`, 'runs a program computed at run time');
    }
    return d.unknownOption === undefined && d.subcommand !== undefined ? d : {};
  }

  /**
   * Programs a package manager may run in place of a script (programs/node/scriptRunners.ts): each is classified
   * as its own call (`pnpm git push` may run git push, `pnpm bash -c 'rm x'` bash and rm) and its
   * programs are listed with runBy set, for deny rules. The key and the verdict stay the runner's.
   */
  private runnerFallback(runner: string, infos: WordInfo[], runs: RunnerProgram[], depth: number): void {
    for (const r of runs) {
      if (!this.runnerNotes.includes(r.note)) this.runnerNotes.push(r.note);
      this.note(r.note);
      // Past the bounds, a program that cannot be known: every program deny applies (fail closed).
      if (depth + 1 > MAX_DEPTH || this.runnerBudget.left <= 0) {
        this.programs.push({ program: UNKNOWN, runBy: runner });
        continue;
      }
      this.runnerBudget.left--;
      const inner = new CommandVisitor(this.runnerBudget);
      inner.call(infos.slice(r.index), undefined, depth + 1);
      for (const p of inner.programs) this.programs.push({ ...p, runBy: runner });
    }
  }

  private finishArgs(infos: WordInfo[], words: Word[] | undefined, depth: number, blockers: string[], facts: CallFacts): void {
    if (infos.some((i) => i.brace)) {
      this.push('#brace');
      this.note('brace expansion turns one word into several', 'brace expansion');
    }
    if (words) for (const w of words.slice(1)) this.wordExpansions(w, depth);
    if (blockers.length > 0) facts.simple = false;
    // Quoting forms that hide a value without an expansion token of their own.
    for (const i of infos) if (i.dynamic && /ANSI-C|locale/.test(i.dynamic)) this.note(`contains ${i.dynamic}`, i.dynamic);
  }

  effect(e: Effect, depth: number): void {
    if (e.flag) this.push('#' + escapeName(e.flag.replace(/-/g, '_')));
    if (e.value !== undefined) this.push(e.value === null ? UNKNOWN : escapeName(e.value));
    if (e.writes !== undefined) {
      if (e.writes !== null) this.targets.push({ path: e.writes, access: 'write' });
      this.push('>', e.writes === null ? UNKNOWN : escapeName(e.writes));
      this.note(`writes to ${e.writes ?? 'a file named at run time'} (${e.note})`, e.note);
    } else this.note(e.note, e.note);
    if (e.runs) this.inner(e.runs, depth + 1);
  }

  inner(inner: Inner, depth: number): void {
    this.push('[');
    if (depth > MAX_DEPTH) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('nested too deeply to inspect', 'nested too deeply');
    } else if (inner.kind === 'argv') {
      if (inner.argv.length > 0) {
        const infos = inner.argv.map((a): WordInfo => ({
          literal: a,
          quoted: false,
          glob: a !== null && /[*?[]/.test(a),
          brace: false,
          tilde: false,
        }));
        this.call(infos, undefined, depth);
      }
    } else if (inner.kind === 'script') {
      this.script(inner.text, depth);
    } else if (inner.kind === 'opaque') {
      this.push(inner.text === null ? UNKNOWN : UNKNOWN + createHash('sha256').update(inner.text).digest('hex').slice(0, 8));
      this.programs.push({ program: UNKNOWN });
      this.note('runs code or a program the classifier cannot inspect', 'runs something that cannot be inspected');
    } else if (inner.kind === 'file') {
      const p = inner.path;
      this.push(p === null ? UNKNOWN : escapeName(p));
      this.programs.push({ program: p === null ? UNKNOWN : p.slice(p.lastIndexOf('/') + 1) || p });
      this.note(`runs the script ${p ?? '(named at run time)'}`, 'runs a script file');
    }
    this.push(']');
  }

  /** A literal shell script run by another program (bash -c, eval, git -c core.pager=…). */
  script(text: Arg, depth: number): void {
    if (text === null) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('runs a script that is only known at run time', 'runs a script computed at run time');
      return;
    }
    if (hasAlwaysInvalid(text)) throw new InvalidCommand('an inner script contains control, escape or bidi characters');
    if (text.includes('#') && /\\\n/.test(text) && commentEndsWithBackslash(text))
      throw new InvalidCommand('an inner script has a comment ending with a backslash, which the parser and bash read differently');
    const parsed = parseBash(text);
    if (!parsed.ok) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note(`runs a script that does not parse (${parsed.message})`, 'runs a script that does not parse');
      return;
    }
    this.note('runs a shell script given as an argument', 'runs a shell script');
    this.stmts(parsed.file.Stmts, depth + 1);
  }
}

/** The effects of a call's arguments under its rule (none for a program without one). */
/**
 * `python -m pytest -c ../x`: the module's program reads the words after it with its own rule (its
 * checks and options, and the default where it has no table of its own); a module no rule knows
 * meets the default for a program without a spec.
 */
function moduleEffects(rule: ProgramRule | undefined, argv: readonly Arg[]): Effect[] {
  const run = rule?.module?.(argv);
  if (run === undefined) return [];
  if ('module' in run) return noSpecEffects(run.module, run.argv, 'none', []);
  const inner = programRule(run.program);
  const sub = inner?.subcommands ? detectSubcommand(inner, run.argv) : {};
  const own = argEffects(inner, run.program, run.argv, sub);
  const policy = defaultPolicy(inner);
  return policy !== undefined ? [...own, ...noSpecEffects(run.program, run.argv, policy, own)] : own;
}

/**
 * How the default for a program without a spec applies to a rule (rule.ts `OptionPolicy`): whole
 * without a rule (`none`) or for a hand rule on the default; an allowlist with `defaults` meets its
 * path and remote-code checks only (`table`), or all of them when its table knows arity only
 * (`byName`); a spec rule applies it itself, and a plain allowlist or an exception not at all.
 */
function defaultPolicy(rule: ProgramRule | undefined): 'none' | 'default' | 'table' | undefined {
  if (rule === undefined) return 'none';
  const p = rule.policy;
  if (p.kind === 'default') return 'default';
  if (p.kind === 'allowlist' && p.defaults) return p.byName ? 'default' : 'table';
  return undefined;
}

function argEffects(
  rule: ProgramRule | undefined,
  name: string,
  argv: readonly Arg[],
  sub: { subcommand?: string; index?: number },
): Effect[] {
  return rule?.effects ? rule.effects(argv, sub, name) : [];
}

/** `2>&1`, `>&2`, `<&0`, `>&-`, `3>&1-`: duplicating or closing a descriptor, not a file. */
export function isFdDup(r: Redirect): boolean {
  if (r.Op !== RedirOp.DplOut && r.Op !== RedirOp.DplIn) return false;
  if (r.Hdoc || !r.Word || r.Word.Parts.length !== 1 || nodeType(r.Word.Parts[0]) !== 'Lit') return false;
  if (r.N && !/^[0-9]+$/.test(r.N.Value)) return false;
  return /^([0-9]+-?|-)$/.test((r.Word.Parts[0] as Lit).Value);
}
