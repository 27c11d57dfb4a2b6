import { describe, expect, it } from 'vitest';
import { memoryIo } from './io.testkit.js';
import { Usage } from './usage.js';

const USAGE = 'usage: codecoder demo --project DIR [--json] [NAME]\n';
const setup = () => {
  const t = memoryIo({ env: {} });
  return { ...t, usage: new Usage('demo', USAGE, t.io) };
};
const options = { project: { type: 'string' }, json: { type: 'boolean', default: false } } as const;

describe('Usage: one reading of a subcommand’s arguments', () => {
  it('reads options in both spellings and the positionals', () => {
    const { usage } = setup();
    const a = usage.parse(['--project=x', 'name', '--json'], options);
    expect(a).toMatchObject({ values: { project: 'x', json: true, help: false }, positionals: ['name'] });
    expect(usage.parse(['--project', 'y'], options)).toMatchObject({ values: { project: 'y', json: false } });
  });
  it('-h and --help print the usage on stdout and exit 0', () => {
    for (const flag of ['-h', '--help']) {
      const { usage, out, err } = setup();
      expect(usage.parse([flag], options)).toBe(0);
      expect(out()).toBe(USAGE);
      expect(err()).toBe('');
    }
  });
  it('an unknown option or a missing value is a usage error: exit 2, the message, then the usage', () => {
    const unknown = setup();
    expect(unknown.usage.parse(['--nope'], options)).toBe(2);
    expect(unknown.err()).toMatch(/^codecoder demo: .*--nope/);
    expect(unknown.err().endsWith(USAGE)).toBe(true);
    const missing = setup();
    expect(missing.usage.parse(['--project'], options)).toBe(2);
    expect(missing.err()).toContain('--project');
  });
  it('a message quoting an argument goes out escaped', () => {
    const { usage, err } = setup();
    expect(usage.fail('unexpected argument \u001b[2Jx\u202e')).toBe(2);
    expect(err()).not.toMatch(/[\u001b\u202e]/);
    expect(err()).toContain('\\x1b[2Jx\\u202e');
  });
});
