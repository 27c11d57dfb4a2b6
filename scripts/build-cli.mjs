/**
 * Builds the bundled `codecoder` CLI into out/cli/: `npm install` runs it (the `prepare` script),
 * and `npm run build:cli` by hand. bin/codecoder.mjs runs the bundle while it is current
 * (scripts/cliBundle.mjs) and the TypeScript sources through tsx otherwise, so a start no longer
 * pays for transpiling every source.
 *
 * One bundle per subcommand (out/cli/commands/<name>.mjs) beside the dispatcher (out/cli/main.mjs),
 * each with only the code that subcommand reaches: `codecoder key` loads the classifier, never the
 * agent, the tools or the MCP SDK. Our sources are bundled; every package stays external (node-pty's
 * native addon, the files ripgrep and quickjs find beside their modules, the MCP SDK, tsx) and loads
 * from node_modules as in development.
 */
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI_BUNDLE_DIR, MANIFEST, repoRoot } from './cliBundle.mjs';

const CLI_DIR = 'main/core/cli';
/** Files that shape the bundle besides its sources: a change to one makes the bundle stale too. */
const BUILD_INPUTS = ['package.json', 'tsconfig.base.json', 'tsconfig.node.json', 'scripts/build-cli.mjs'];

/** The subcommands: every `commands/<name>.ts` but tests and test helpers (cli/main.ts lists the same). */
export function commandFiles(root = repoRoot) {
  return readdirSync(path.join(root, CLI_DIR, 'commands'))
    .filter((f) => f.endsWith('.ts') && !/\.(test|testkit)\.ts$/.test(f))
    .map((f) => f.slice(0, -3))
    .sort();
}

/**
 * Our modules do their work when called, never by being imported: no module of ours is imported for
 * its side effects alone (build/cliBundle.test.ts checks it). Saying so lets esbuild leave out what a
 * subcommand never reaches through a folder's index.ts: `key` takes the classifier from
 * permissions/index.ts without evaluating the engine, codecoder.json or the audit log.
 */
const sourcesWithoutSideEffects = {
  name: 'sources-without-side-effects',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const r = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      if (r.errors.length > 0 || r.external || r.path.includes(`${path.sep}node_modules${path.sep}`)) return r;
      return { path: r.path, sideEffects: false };
    });
  },
};

/** The dispatcher's `import('./commands/<name>.js')` loads that subcommand's own bundle, not a copy inlined into main.mjs. */
const commandsApart = {
  name: 'commands-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/commands\/[A-Za-z0-9_-]+\.js$/ }, (args) =>
      path.basename(args.importer) === 'main.ts' && args.importer.includes(`${path.sep}cli${path.sep}`)
        ? { path: args.path.replace(/\.js$/, '.mjs'), external: true }
        : undefined,
    );
  },
};

/** Builds into a sibling folder, then swaps it in, so a CLI starting meanwhile never sees half a bundle. */
export async function buildCli({ outDir = CLI_BUNDLE_DIR, root = repoRoot } = {}) {
  const { build } = await import('esbuild');
  const startedAt = Date.now();
  const tmp = `${outDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    const result = await build({
      absWorkingDir: root,
      entryPoints: {
        main: `${CLI_DIR}/main.ts`,
        ...Object.fromEntries(commandFiles(root).map((name) => [`commands/${name}`, `${CLI_DIR}/commands/${name}.ts`])),
      },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      packages: 'external',
      tsconfig: 'tsconfig.node.json',
      metafile: true,
      logLevel: 'warning',
      plugins: [commandsApart, sourcesWithoutSideEffects],
    });
    const buildInputs = BUILD_INPUTS.filter((f) => existsSync(path.join(root, f)));
    const inputsOf = (out) => Object.keys(Object.entries(result.metafile.outputs).find(([o]) => o.endsWith(`/${out}`))?.[1].inputs ?? {});
    const dispatcher = inputsOf('main.mjs');
    const commands = Object.fromEntries(
      commandFiles(root).map((name) => [name, [...new Set([...dispatcher, ...inputsOf(`commands/${name}.mjs`), ...buildInputs])]]),
    );
    const inputs = [...Object.keys(result.metafile.inputs), ...buildInputs];
    writeFileSync(path.join(tmp, MANIFEST), `${JSON.stringify({ startedAt, entry: 'main.mjs', inputs, commands }, null, 1)}\n`);
    rmSync(outDir, { recursive: true, force: true });
    renameSync(tmp, outDir);
    return { outDir, metafile: result.metafile };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { outDir } = await buildCli();
  console.log(`codecoder CLI bundled into ${path.relative(process.cwd(), outDir) || '.'}`);
}
