/** The public surface of main/core/host: what other folders may import (build/coreSurfaces.mjs). */
export { isLoopbackHost } from './loopback.js';
export { loadStatic, resolveStatic } from './static.js';
