/**
 * gpg, openssl, ssh-keygen, ssh-add: output files they name, and shared libraries they load.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { opaque, outputOption, also, wordOptions } from './kit.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

/** Single-dash options whose next word is an output file (openssl -out, gpg -o). */
const singleDashOutputs =
  (name: string, names: readonly string[]): Check =>
  (argv) => {
    const out: Effect[] = [];
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i];
      if (a === null || a === undefined) continue;
      const bare = a.replace(/^--?/, '').split('=')[0]!;
      if (a.startsWith('-') && names.includes(bare))
        out.push(write(bare, a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[i + 1] ?? null), `${name} ${a} writes a file`));
      if (name === 'openssl' && /^-?-engine/.test(a)) out.push(exec('engine', opaque(), 'openssl -engine loads code'));
    }
    return out;
  };

const effects: Readonly<Record<string, Check>> = {
  // ssh-keygen -D / ssh-add -s|-S load a PKCS#11 or security-key library.
  'ssh-keygen': (argv) =>
    argv.slice(1).some((a) => a === null || /^-[A-Za-z]*[Dw]/.test(a))
      ? [exec('D', opaque(), 'ssh-keygen -D/-w loads a shared library')]
      : [],
  'ssh-add': (argv) =>
    argv.slice(1).some((a) => a === null || /^-[A-Za-z]*[sSe]/.test(a))
      ? [exec('s', opaque(), 'ssh-add -s/-S loads a shared library')]
      : [],
  gpg: also(
    outputOption('gpg', 'o', ['output'], { shortValue: 'oruk', longValue: ['output', 'recipient', 'local-user', 'homedir'] }),
    wordOptions(
      'gpg',
      [
        ['--dirmngr-program', 'exec'],
        ['--agent-program', 'exec'],
        ['--keyboxd-program', 'exec'],
        ['--photo-viewer', 'exec'],
        ['--exec-path', 'exec'],
        ['--options', 'load'],
        ['--load-extension', 'load'],
      ],
      true,
    ),
  ),
  openssl: also(
    singleDashOutputs('openssl', ['out', 'keyout', 'signature']),
    wordOptions('openssl', [
      ['-writerand', 'write'],
      ['-engine', 'load'],
      ['-provider', 'load'],
      ['-provider-path', 'load'],
      ['-config', 'load'],
      ['-keygen_engine', 'load'],
    ]),
  ),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  openssl: { match: [['openssl req -out x.pem', '#out->-x.pem']] },
  gpg: { notMatch: ['gpg --list-keys'] },
};

export const RULES: readonly ProgramRule[] = rules('crypto', { effects }, EXAMPLES);
