/**
 * npm's options after the command: an allowlist of npm's config definitions, read as npm's
 * parser (nopt) reads them. npm has no per-command options: every config key is accepted by every
 * command, and an unknown one is taken as config too (it reaches scripts as npm_config_*), so the
 * table is the definitions, and an option not among them makes the command compound.
 *
 * nopt: any number of dashes (`-call` is `--call`), unique prefixes of option names, `--no-x`,
 * `--x=v` or `--x v` (the next word whatever it looks like, `--` aside), a switch followed by
 * `true`/`false` takes it, shorthands (`-w`, `-ws`, `-dd`, `-q`) and clusters of one-letter
 * shorthands (`-gf`). `--` ends the options: what follows is the script's (`npm test -- -t x`).
 */
import type { Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { longOption, optionTable, unknown, useEffects, type OptionDef, type OptionTable } from '../optionTable.js';
import { NPM_CONFIG, NPM_SHORTHANDS } from './npmConfig.js';

const TABLE = optionTable({ options: NPM_CONFIG, abbrev: true, negate: true });

/** The effects of npm's options in argv[from..] (up to `--`). */
export function npmOptionEffects(argv: readonly Arg[], from: number, where: string): Effect[] {
  return noptOptionEffects(TABLE, NPM_SHORTHANDS, argv, from, where);
}

/**
 * The effects of the options in argv[from..] read as nopt reads them against `table` and
 * `shorthands` (npm's, pnpm's: @pnpm/nopt is the same parser). Stops at `--`, or with
 * `stopAtOperand` at the first operand (pnpm run: what follows the script name is the script's).
 */
export function noptOptionEffects(
  table: OptionTable,
  shorthands: Readonly<Record<string, string>>,
  argv: readonly Arg[],
  from: number,
  where: string,
  stopAtOperand = false,
): Effect[] {
  const TABLE = table;
  const own = (k: string): string | undefined => (Object.prototype.hasOwnProperty.call(shorthands, k) ? shorthands[k] : undefined);
  const out: Effect[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) {
      out.push(unknown(where, null));
      return out;
    }
    if (/^-{2,}$/.test(w)) break;
    if (!w.startsWith('-') || w === '-') {
      if (stopAtOperand) break;
      continue;
    }
    const eq = w.indexOf('=');
    const name = (eq >= 0 ? w.slice(0, eq) : w).replace(/^-+/, '');
    const attached = eq >= 0 ? w.slice(eq + 1) : undefined;
    // Each option word stands for one or more options (a shorthand's expansion, a cluster).
    const steps: { def: OptionDef; negated: boolean; value?: string }[] = [];
    const exact = TABLE.long.get(name);
    const short = exact ? undefined : own(name);
    if (short !== undefined) {
      const [opt, value] = short.split(' ') as [string, string | undefined];
      const o = longOption(TABLE, opt.replace(/^-+/, ''));
      if (!o) throw new Error(`${where}: shorthand ${name} stands for an option not in the table: ${opt}`);
      steps.push(value === undefined ? o : { ...o, value });
    } else {
      const o = longOption(TABLE, name);
      if (o) steps.push(o);
      else if ([...name].every((c) => own(c) !== undefined))
        for (const c of name) {
          const [opt, value] = own(c)!.split(' ') as [string, string | undefined];
          const l = longOption(TABLE, opt.replace(/^-+/, ''))!;
          steps.push(value === undefined ? l : { ...l, value });
        }
      else {
        out.push(unknown(where, w));
        return out;
      }
    }
    for (let k = 0; k < steps.length; k++) {
      const { def, negated, value } = steps[k]!;
      const last = k === steps.length - 1;
      if (negated) continue;
      if (def.arity === 'none') {
        const next = argv[i + 1];
        if (last && attached === undefined && (next === 'true' || next === 'false')) i++;
        continue;
      }
      let v: Arg | undefined = value ?? (last ? attached : undefined);
      if (v === undefined) {
        // A value-taking letter inside a cluster takes the next expanded option: not worth reading.
        if (!last) {
          out.push(unknown(where, w));
          return out;
        }
        const next = argv[i + 1];
        if (next !== undefined && !(next !== null && /^-{2,}$/.test(next))) {
          v = next;
          i++;
        } else v = null;
      }
      out.push(...useEffects(def, v, w, TABLE, { where }));
    }
  }
  return out;
}
