/**
 * Helpers shared by the family files: inner-command shapes, option tests, and the check builders
 * several families use (an output option, a `run`/`exec` subcommand runner).
 */
import { exec, write, type Effect, type Inner } from '../effects.js';
import { matchDangerousLong, scanOptions, type Arg, type OptItem, type OptionGrammar } from '../options.js';
import type { Check, Resolver, SubcommandSpec } from './rule.js';

export const opaque = (text: Arg = null): Inner => ({ kind: 'opaque', text });
export const script = (text: Arg | undefined): Inner => ({ kind: 'script', text: text ?? null });
export const argvOf = (argv: readonly Arg[]): Inner => (argv.length ? { kind: 'argv', argv: [...argv] } : { kind: 'none' });

export const isShort = (it: OptItem, letters: string): it is Extract<OptItem, { kind: 'short' }> =>
  it.kind === 'short' && letters.includes(it.name);
export const isLong = (it: OptItem, names: readonly string[], safe: readonly string[] = []): it is Extract<OptItem, { kind: 'long' }> =>
  it.kind === 'long' && matchDangerousLong(it.name, names, safe) !== undefined;
export const valueOf = (it: OptItem): Arg => ('value' in it && it.value !== undefined ? it.value : null);
export const outputOption =
  (name: string, shortLetters: string, longNames: readonly string[], grammar: OptionGrammar = {}): Check =>
  (argv) => {
    const out: Effect[] = [];
    for (const it of scanOptions(argv, 1, { shortValue: shortLetters, longValue: longNames, ...grammar })) {
      if (isShort(it, shortLetters) || isLong(it, longNames))
        out.push(write(it.kind === 'long' ? it.name : it.name, valueOf(it), `${name} writes a file it names`));
    }
    return out;
  };

/** `<tool> run|exec <command…>`: runners whose subcommand runs an arbitrary program. */
export function subcommandRunner(subs: readonly string[], grammar: OptionGrammar = {}): Check {
  return (argv, sub) => {
    if (sub.subcommand === undefined || sub.index === undefined || !subs.includes(sub.subcommand)) return [];
    const args = argv.slice(sub.index + 1);
    const items = scanOptions(args, 0, { ...grammar, stopAtOperand: true });
    const op = items.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
    const runs: Inner = !op ? { kind: 'none' } : op.kind === 'dynamic' ? opaque() : argvOf(args.slice(op.word));
    return [exec(sub.subcommand, runs, `${String(argv[0])} ${sub.subcommand} runs a program`)];
  };
}

export const HELP = ['-h', '--help', '-v', '--version', '-V'];

export const table =
  (aliases: Readonly<Record<string, string>>): Resolver =>
  (word) =>
    Object.prototype.hasOwnProperty.call(aliases, word) ? aliases[word] : undefined;

/**
 * Runners whose `run`/`exec` subcommand runs a program (their check reads what follows it): without
 * a subcommand table the subcommand would never be found and `pipenv run rm -rf x` would be simple.
 */
export const RUN_TOOL: SubcommandSpec = { grammar: { noAbbrev: true }, flags: [...HELP, '-q', '--quiet', '--verbose'] };
