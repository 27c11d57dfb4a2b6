#!/usr/bin/env node
// The `codecoder` CLI. Runs the bundle `npm install` builds (scripts/build-cli.mjs) while it is
// current; otherwise — sources edited since, or no bundle yet — the TypeScript sources through tsx,
// so `npx codecoder` always runs what the sources say.
import module from 'node:module';
import { pathToFileURL } from 'node:url';
import { freshBundle } from '../scripts/cliBundle.mjs';

// Node 22.1+ keeps the compiled code of the bundle and of mvdan-sh between starts; older Node has no such cache.
module.enableCompileCache?.();

const bundle = process.env.CODECODER_CLI_SOURCES ? null : freshBundle(undefined, undefined, process.argv[2]);
let main;
if (bundle) ({ main } = await import(pathToFileURL(bundle).href));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../main/core/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
