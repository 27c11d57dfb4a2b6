import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, editConfigText, lineColumn, parseConfigBytes, parseConfigText } from './configFile.js';

const SEED = `{
  "allowlist": {
    "run_command:git": "AlwaysThisProject",
    "run_command:cargo": "AlwaysThisSession",
    "write_file:tests/**": "AlwaysThisProject"
  }
}
`;

function err(text: string) {
  const r = parseConfigText(text);
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

describe('parsing codecoder.json', () => {
  it("reads the seed's example verbatim", () => {
    const r = parseConfigText(SEED);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.doc.allowlist.map((a) => [a.key, a.value])).toEqual([
      ['run_command:git', 'AlwaysThisProject'],
      ['run_command:cargo', 'AlwaysThisSession'],
      ['write_file:tests/**', 'AlwaysThisProject'],
    ]);
    expect(r.doc.allowlist[0]).toMatchObject({ line: 3, column: 5 });
    expect(r.doc.deny).toEqual([]);
  });

  it('reads deny rules and ignores unknown fields', () => {
    const r = parseConfigText('{"$schema": "x", "deny": ["run_command:git:push", "write_file:.env"], "theme": {"a": 1}}');
    expect(r.ok && r.doc.deny.map((d) => d.key)).toEqual(['run_command:git:push', 'write_file:.env']);
  });

  it('names line and column of a truncated file', () => {
    const cut = SEED.slice(0, SEED.indexOf('AlwaysThisSession') + 6);
    const e = err(cut);
    expect(e.line).toBe(4);
    expect(e.message).toMatch(/line 4, column \d+: unterminated string/);
  });

  it('names line and column of wrong types', () => {
    expect(err('{\n  "allowlist": {\n    "run_command:git": true\n  }\n}')).toMatchObject({ line: 3, column: 24 });
    expect(err('{\n  "allowlist": {\n    "run_command:git": true\n  }\n}').message).toMatch(
      /must be "AlwaysThisProject" or "AlwaysThisSession", got boolean/,
    );
    expect(err('{"allowlist": {"write_file:x": "Once"}}').message).toMatch(/got "Once"/);
    expect(err('{"allowlist": ["run_command:git"]}').message).toMatch(/"allowlist" must be an object/);
    expect(err('{"deny": "write_file:.env"}').message).toMatch(/"deny" must be an array/);
    expect(err('{"deny": [1]}').message).toMatch(/deny\[0\] must be a string/);
    expect(err('[]').message).toMatch(/top level must be an object/);
    expect(err('{"allowlist": {"git": "AlwaysThisProject"}}').message).toMatch(/has no ':'/);
    expect(err('{"deny": ["run_command:"]}').message).toMatch(/empty action/);
  });

  it('rejects comments, trailing commas, duplicates and empty files', () => {
    expect(err('{\n  // hi\n  "allowlist": {}\n}')).toMatchObject({ line: 2, column: 3 });
    expect(err('{\n  // hi\n  "allowlist": {}\n}').message).toMatch(/comments are not allowed/);
    expect(err('{"allowlist": {"a:b": "AlwaysThisProject",}}').message).toMatch(/trailing comma/);
    expect(err('{"allowlist": {"a:b": "AlwaysThisProject", "a:b": "AlwaysThisSession"}}').message).toMatch(/duplicate property "a:b"/);
    expect(err('').message).toMatch(/empty/);
    expect(err('  \n').message).toMatch(/empty/);
    expect(err('{"a": 1} {').message).toMatch(/after the end/);
  });

  it('accepts a UTF-8 BOM at the start (and only there)', () => {
    const withBom = parseConfigBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SEED)]));
    expect(withBom.ok).toBe(true);
    expect(withBom.ok && withBom.bom).toBe(true);
    expect(parseConfigText('\ufeff\ufeff{}').ok).toBe(false);
    expect(parseConfigText('{"allowlist": {}}\ufeff').ok).toBe(false);
  });

  it('rejects invalid UTF-8 with a position, and files over the cap without parsing', () => {
    const bad = parseConfigBytes(Buffer.concat([Buffer.from('{\n  "x": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"\n}')]));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatchObject({ line: 2 });
    expect(!bad.ok && bad.error.message).toMatch(/not valid UTF-8/);
    const huge = parseConfigBytes(Buffer.alloc(MAX_CONFIG_BYTES + 1, 0x20));
    expect(!huge.ok && huge.error.message).toMatch(/over the 1048576-byte limit/);
  });

  it('computes line and column from an offset', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('editing codecoder.json minimally', () => {
  it('adds, changes and removes entries, keeping unknown fields and formatting', () => {
    const start =
      '{\n    "$schema": "https://example/schema.json",\n    "allowlist": {\n        "write_file:src/**": "AlwaysThisProject"\n    },\n    "other": [1, 2, 3]\n}\n';
    let t = editConfigText(start, { op: 'setAllow', key: 'write_file:tests/**', value: 'AlwaysThisProject' });
    t = editConfigText(t, { op: 'setAllow', key: 'write_file:src/**', value: 'AlwaysThisSession' });
    t = editConfigText(t, { op: 'addDeny', key: 'write_file:.env' });
    t = editConfigText(t, { op: 'addDeny', key: 'write_file:.env' });
    t = editConfigText(t, { op: 'addDeny', key: 'run_command:git:push' });
    t = editConfigText(t, { op: 'removeDeny', key: 'write_file:.env' });
    expect(t).toBe(
      '{\n    "$schema": "https://example/schema.json",\n    "allowlist": {\n        "write_file:src/**": "AlwaysThisSession",\n        "write_file:tests/**": "AlwaysThisProject"\n    },\n    "other": [1, 2, 3],\n    "deny": [\n        "run_command:git:push"\n    ]\n}\n',
    );
    t = editConfigText(t, { op: 'removeAllow', key: 'write_file:src/**' });
    const r = parseConfigText(t);
    expect(r.ok && r.doc.allowlist.map((a) => a.key)).toEqual(['write_file:tests/**']);
    expect(t).toContain('"other": [1, 2, 3]');
  });

  it('creates the file from nothing, and keeps a BOM and CRLF line endings', () => {
    expect(editConfigText('', { op: 'setAllow', key: 'write_file:a', value: 'AlwaysThisProject' })).toBe(
      '{\n  "allowlist": {\n    "write_file:a": "AlwaysThisProject"\n  }\n}\n',
    );
    const crlf = '\ufeff{\r\n  "allowlist": {}\r\n}\r\n';
    const out = editConfigText(crlf, { op: 'setAllow', key: 'write_file:a', value: 'AlwaysThisProject' });
    expect(out.startsWith('\ufeff{\r\n')).toBe(true);
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('refuses to edit a malformed file', () => {
    expect(() => editConfigText('{"allowlist": ', { op: 'addDeny', key: 'write_file:x' })).toThrow(/line 1/);
  });

  it('follows inline layouts and empty containers', () => {
    expect(editConfigText('{"deny": ["a:b"], "x": 1}', { op: 'addDeny', key: 'c:d' })).toBe('{"deny": ["a:b", "c:d"], "x": 1}');
    expect(editConfigText('{"allowlist": {}}', { op: 'setAllow', key: 'a:b', value: 'AlwaysThisProject' })).toBe(
      '{"allowlist": {\n  "a:b": "AlwaysThisProject"\n}}',
    );
    expect(editConfigText('{"deny": ["a:b"]}', { op: 'removeDeny', key: 'a:b' })).toBe('{"deny": []}');
  });

  it('any sequence of edits yields valid JSON holding exactly the expected entries (property)', () => {
    const key = fc.constantFrom<string>('write_file:a', 'write_file:b/**', 'run_command:git', 'run_command:git:push', 'x:"q\\"');
    const edit = fc.oneof(
      fc.record({
        op: fc.constant('setAllow' as const),
        key,
        value: fc.constantFrom('AlwaysThisProject' as const, 'AlwaysThisSession' as const),
      }),
      fc.record({ op: fc.constant('removeAllow' as const), key }),
      fc.record({ op: fc.constant('addDeny' as const), key }),
      fc.record({ op: fc.constant('removeDeny' as const), key }),
    );
    const start = fc.constantFrom(
      '',
      '{}',
      '{"keep": [1, {"a": 2}]}',
      '\ufeff{\r\n\t"keep": true\r\n}\r\n',
      '{"deny": ["write_file:a"], "allowlist": {"write_file:a": "AlwaysThisSession"}}',
    );
    fc.assert(
      fc.property(start, fc.array(edit, { maxLength: 12 }), (s, edits) => {
        const first = s ? parseConfigText(s) : undefined;
        const allow = new Map(first?.ok ? first.doc.allowlist.map((a) => [a.key, a.value] as const) : []);
        const deny: string[] = first?.ok ? first.doc.deny.map((d) => d.key) : [];
        let text: string = s;
        for (const e of edits) {
          text = editConfigText(text, e);
          if (e.op === 'setAllow') allow.set(e.key, e.value);
          if (e.op === 'removeAllow') allow.delete(e.key);
          if (e.op === 'addDeny' && !deny.includes(e.key)) deny.push(e.key);
          if (e.op === 'removeDeny') deny.splice(0, deny.length, ...deny.filter((d) => d !== e.key));
        }
        if (edits.length === 0) return;
        const r = parseConfigText(text);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(new Map(r.doc.allowlist.map((a) => [a.key, a.value]))).toEqual(allow);
        expect(r.doc.deny.map((d) => d.key)).toEqual(deny);
        if (s.includes('keep')) expect(text).toContain('"keep"');
        expect(text.startsWith('\ufeff')).toBe(s.startsWith('\ufeff'));
      }),
      { numRuns: 300 },
    );
  });
});
