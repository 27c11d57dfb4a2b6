/** The public surface of main/core/app: what other folders may import (build/coreSurfaces.mjs). */
export { type Core, createCore } from './createCore.js';
export { expandHome } from './handlers/project.js';
export { createPlainNodeCore } from './plainNodeCore.js';
export { type WindowSession } from './windows.js';
