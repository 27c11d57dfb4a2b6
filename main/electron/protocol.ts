import { net, protocol } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveStatic } from '../core/host/index.js';
import { APP_SCHEME } from './senderPolicy.js';

/** Must run before app 'ready'. A standard, secure scheme instead of file:// (checklist item 18). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
}

/** Serves the built renderer; any path escaping it is a 404. */
export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const file = url.host === 'codecoder' ? resolveStatic(root, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });
}
