import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown.js';

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe('Markdown', () => {
  it('makes a safe https link clickable, opened in a new tab without opener', () => {
    const out = html('see [the docs](https://docs.example/a)');
    expect(out).toContain('<a href="https://docs.example/a" target="_blank" rel="noopener noreferrer">the docs</a>');
    // The words differ from the target: the target is shown beside them.
    expect(out).toContain('(https://docs.example/a)');
    // A bare URL says where it goes already: not repeated.
    expect(html('https://docs.example/b')).not.toContain('(https://docs.example/b)');
  });

  it('never makes an unsafe target clickable', () => {
    for (const href of ['javascript:alert(1)', 'http://plain.example/', 'file:///etc/passwd', 'https://u:p@x.example/']) {
      const out = html(`[click](${href})`);
      expect(out, href).not.toContain('<a ');
      expect(out, href).toContain('click');
    }
  });

  it('highlights a fenced block that names its language and gives it a Copy button', () => {
    const out = html('```ts\nconst a = 1;\n```');
    expect(out).toContain('class="hljs-keyword">const</span>');
    expect(out).toContain('aria-label="Copy code"');
    expect(out).toContain('role="status"');
    // No language: shown plain, still copyable.
    const plain = html('```\nconst a = 1;\n```');
    expect(plain).not.toContain('hljs-keyword');
    expect(plain).toContain('aria-label="Copy code"');
  });

  it('does not italicise a glob such as *.test.*', () => {
    const out = html('run the *.test.* files, then *really* stop');
    expect(out).toContain('*.test.*');
    expect(out).toContain('<em>really</em>');
    expect(out.match(/<em>/g)).toHaveLength(1);
  });
});
