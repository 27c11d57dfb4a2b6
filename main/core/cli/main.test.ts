import { describe, expect, it } from 'vitest';
import { commandFiles } from '../../../scripts/build-cli.mjs';
import { COMMANDS, main } from './main.js';
import { memoryIo } from './io.testkit.js';

describe('codecoder <command>', () => {
  it('the dispatcher lists every file of commands/ (the bundle builds one per file)', () => {
    expect(Object.keys(COMMANDS).sort()).toEqual(commandFiles());
  });
  it('each entry loads a command with a summary and a run()', async () => {
    for (const [name, load] of Object.entries(COMMANDS)) {
      const cmd = await load();
      expect(typeof cmd.summary, name).toBe('string');
      expect(typeof cmd.run, name).toBe('function');
    }
  });
  it('an unknown command is refused with the list; help lists them all', async () => {
    const bad = memoryIo({ env: {} });
    expect(await main(['nope'], bad.io)).toBe(2);
    expect(bad.err()).toContain("unknown command 'nope'. Try: agents, allowlist, check");
    const help = memoryIo({ env: {} });
    expect(await main(['--help'], help.io)).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(help.out()).toContain(`  ${name} `);
  });
});
