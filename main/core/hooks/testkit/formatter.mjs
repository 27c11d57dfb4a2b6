#!/usr/bin/env node
// A PostToolUse hook the way users write them: read the call from stdin, format the file the tool
// wrote (here: trailing spaces dropped, tabs to two spaces), tell the model what it did.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const input = JSON.parse(readFileSync(0, 'utf8'));
const file = path.resolve(input.cwd, input.tool_input.path);
const before = readFileSync(file, 'utf8');
const after = before.replace(/\t/g, '  ').replace(/[ ]+$/gm, '');
if (after !== before) writeFileSync(file, after);
process.stdout.write(
  JSON.stringify({
    hookSpecificOutput: {
      hookEventName: 'PostToolUse',
      additionalContext: after !== before ? `formatted ${input.tool_input.path}` : `${input.tool_input.path} was already formatted`,
    },
  }),
);
