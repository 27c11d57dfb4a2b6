#!/usr/bin/env node
// The `codecoder` CLI. Runs the TypeScript sources through tsx, so `npx codecoder` works in a fresh
// clone after `npm install` without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main/core/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
