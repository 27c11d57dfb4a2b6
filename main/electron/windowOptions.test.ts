/**
 * Electronegativity's nodeIntegration check is silenced by any `sandbox` key, and Electron cannot
 * start here, so the window options are read from the source with the TypeScript parser instead.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function browserWindowOptions(file: string): Record<string, string>[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Record<string, string>[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'BrowserWindow') {
      const arg = node.arguments?.[0];
      const prefs =
        arg && ts.isObjectLiteralExpression(arg) ? arg.properties.find((p) => p.name?.getText() === 'webPreferences') : undefined;
      const init = prefs && ts.isPropertyAssignment(prefs) ? prefs.initializer : undefined;
      const entries: Record<string, string> = {};
      if (init && ts.isObjectLiteralExpression(init)) {
        for (const p of init.properties) {
          if (ts.isPropertyAssignment(p)) entries[p.name.getText()] = p.initializer.getText();
          else entries['<non-literal>'] = p.getText();
        }
      } else entries['<non-literal>'] = init?.getText() ?? '(none)';
      found.push(entries);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('BrowserWindow options', () => {
  const dir = path.resolve(import.meta.dirname);
  const files = ['windows.ts', 'main.ts', 'menu.ts', 'ipc.ts'].map((f) => path.join(dir, f));
  const all = files.flatMap(browserWindowOptions);

  it('every window is sandboxed, isolated, without node integration, written literally', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const prefs of all) {
      expect(prefs['<non-literal>']).toBeUndefined();
      expect(prefs).toMatchObject({
        sandbox: 'true',
        contextIsolation: 'true',
        nodeIntegration: 'false',
        nodeIntegrationInWorker: 'false',
        nodeIntegrationInSubFrames: 'false',
        webSecurity: 'true',
        allowRunningInsecureContent: 'false',
        experimentalFeatures: 'false',
        webviewTag: 'false',
      });
      expect(prefs.enableBlinkFeatures).toBeUndefined();
    }
  });
});
