import { describe, expect, it } from 'vitest';
import { DiffFile } from '@git-diff-view/react';
import { cspSafeTemplate, withCspSafeTemplates } from './cspSafeTemplates.js';

describe('diff templates without inline styles (our CSP refuses them)', () => {
  it('turns the changed-word highlight into data attributes and drops empty or unknown styles', () => {
    const html =
      '<span data-diff-highlight style="background-color: var(--diff-add-content-highlight--);border-radius: 0.2em;">x</span>' +
      '<span class="hljs-keyword" style="">if</span>' +
      '<span data-diff-highlight style="background-color: var(--diff-del-content-highlight--);border-top-left-radius: 0.2em;border-bottom-left-radius: 0.2em;border-top-right-radius: 0;border-bottom-right-radius: 0">y</span>' +
      '<span style="color: red">z</span>';
    const out = cspSafeTemplate(html);
    expect(out).not.toContain('style=');
    expect(out).toContain('<span data-diff-highlight data-hl="add" data-hl-round="both">x</span>');
    expect(out).toContain('<span class="hljs-keyword">if</span>');
    expect(out).toContain('data-hl="del" data-hl-round="left">y');
    expect(out).toContain('<span>z</span>');
  });

  it('leaves text that merely mentions style= alone (the library escapes quotes in content)', () => {
    expect(cspSafeTemplate('<span>a style=&quot;x&quot;</span>')).toBe('<span>a style=&quot;x&quot;</span>');
  });

  it('every template the view reads from a DiffFile, built at init or later, has no style attribute', () => {
    const diff = ['--- a/a.ts', '+++ b/a.ts', '@@ -1,2 +1,2 @@', '-const a = 1;', '+const a = 2;', ' export {};', ''].join('\n');
    const f = new DiffFile('a.ts', '', 'a.ts', '', [diff], 'typescript', 'typescript');
    f.initTheme('light');
    f.init();
    f.buildSplitDiffLines();
    f.buildUnifiedDiffLines();
    withCspSafeTemplates(f);
    const templates: string[] = [];
    for (let i = 0; i < f.unifiedLineLength; i++) {
      const line = f.getUnifiedLine(i);
      const d = line?.diff as { plainTemplate?: string; syntaxTemplate?: string } | undefined;
      if (d) templates.push(d.plainTemplate ?? '', d.syntaxTemplate ?? '');
      // What the view does when a template is missing: it builds one and stores it on the line.
      if (d && i === 1) {
        d.plainTemplate = '<span style="">late</span>';
        expect(d.plainTemplate).toBe('<span>late</span>');
      }
    }
    for (const n of [1, 2]) templates.push(f.getNewSyntaxLine(n)?.template ?? '', f.getOldSyntaxLine(n)?.template ?? '');
    expect(templates.join('')).toContain('data-hl=');
    expect(templates.join('')).not.toContain('style=');
  });
});
