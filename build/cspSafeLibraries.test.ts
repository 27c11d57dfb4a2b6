import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutInlineStyleElements, xtermWithConstructedStyles } from './cspSafeLibraries.js';

describe('the diff library without inline <style> elements (our CSP refuses them)', () => {
  it('takes out every one in the installed version, and nothing else', () => {
    const require = createRequire(import.meta.url);
    const pkg = path.dirname(require.resolve('@git-diff-view/react/package.json'));
    const code = readFileSync(path.join(pkg, 'dist/esm/index.mjs'), 'utf8');
    const out = withoutInlineStyleElements(code);
    expect(out).not.toContain('jsx("style"');
    expect(out.length).toBe(code.length - 3 * ('jsx("style", { "data-select-style": true, ref: ref })'.length - 'null'.length));
  });

  it('fails the build when the library no longer matches', () => {
    expect(() => withoutInlineStyleElements('jsx("div", {})')).toThrow(/expected 3/);
  });
});

describe('xterm.js with constructed stylesheets instead of <style> elements', () => {
  it('replaces every createElement("style") of the installed version and imports the stand-in', () => {
    const require = createRequire(import.meta.url);
    const pkg = path.dirname(require.resolve('@xterm/xterm/package.json'));
    const code = readFileSync(path.join(pkg, 'lib/xterm.mjs'), 'utf8');
    const out = xtermWithConstructedStyles(code, '/helper.ts');
    expect(out).not.toContain('createElement("style")');
    expect(out.startsWith('import { constructedStyleElement as __codecoderConstructedStyle } from "/helper.ts";')).toBe(true);
    expect(out.match(/__codecoderConstructedStyle\(/g)).toHaveLength(3);
  });

  it('fails the build when the library no longer matches', () => {
    expect(() => xtermWithConstructedStyles('document.createElement("div")', '/helper.ts')).toThrow(/expected 3/);
  });
});
