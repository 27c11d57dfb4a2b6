/**
 * `kubectl config …` writes the kubeconfig a later plain `kubectl` reads, and a kubeconfig can name
 * programs kubectl runs: an exec credential plugin (`users.NAME.exec.command`) or an auth provider
 * (`users.NAME.auth-provider`). So what `config` may set is an allowlist (kubectl's
 * pkg/cmd/config: set.go, create_authinfo.go, create_cluster.go, create_context.go): the options and
 * property paths that name a server, a namespace, a context or a credential by value. An option or
 * property not listed is compound. The read-only and delete subcommands are plain.
 */
import { exec, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque } from './kit.js';

/** Options each writing subcommand understands, with a value unless listed in FLAGS. */
const OPTIONS: Readonly<Record<string, readonly string[]>> = {
  'set-cluster': ['server', 'certificate-authority', 'embed-certs', 'insecure-skip-tls-verify', 'tls-server-name', 'proxy-url'],
  'set-context': ['cluster', 'user', 'namespace', 'current'],
  'set-credentials': ['client-certificate', 'client-key', 'token', 'username', 'password', 'embed-certs'],
  set: ['set-raw-bytes'],
  unset: [],
};
const FLAGS = new Set(['embed-certs', 'insecure-skip-tls-verify', 'current', 'set-raw-bytes']);
const READ_ONLY = new Set([
  'current-context',
  'get-clusters',
  'get-contexts',
  'get-users',
  'view',
  'use-context',
  'use',
  'rename-context',
  'delete-cluster',
  'delete-context',
  'delete-user',
]);

/** Property paths `kubectl config set` may write: a key after a map name that names no program. */
const PLAIN_PROPERTY = new RegExp(
  '^(current-context' +
    '|contexts\\.[^.]+\\.(cluster|user|namespace)' +
    '|clusters\\.[^.]+\\.(server|certificate-authority|certificate-authority-data|insecure-skip-tls-verify|tls-server-name|proxy-url)' +
    '|users\\.[^.]+\\.(token|username|password|client-certificate|client-key|client-certificate-data|client-key-data)' +
    '|preferences\\.colors)$',
);

/** The effects of `kubectl … config SUB …`; `args`: the words after `config`. */
export function kubectlConfigEffects(args: readonly Arg[]): Effect[] {
  const sub = args[0];
  const later = (why: string, value: Arg = null): Effect[] => [exec('config', opaque(value), `kubectl config ${why}`)];
  if (sub === undefined) return [];
  if (sub === null) return later('with a subcommand known only at run time');
  if (READ_ONLY.has(sub)) return [];
  const known = OPTIONS[sub];
  if (known === undefined) return later(`${sub} is not known to the classifier`);
  const operands: Arg[] = [];
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!;
    if (a === null) return later('has a word known only at run time');
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('--')) {
      if (a.startsWith('-') && a !== '-') return later(`option ${a} is not known to the classifier`, a);
      operands.push(a);
      continue;
    }
    const name = a.slice(2).split('=')[0]!;
    if (!known.includes(name)) return later(`option ${a} can name a credential program a later kubectl runs`, a);
    if (!a.includes('=') && !FLAGS.has(name)) i++;
  }
  if (sub === 'set' || sub === 'unset') {
    const property = operands[0];
    if (property === undefined) return [];
    if (property === null || !PLAIN_PROPERTY.test(property))
      return sub === 'unset' ? [] : later(`set ${property ?? '?'}: this property can name a program a later kubectl runs`, property);
  }
  return [];
}
