/** The public surface of main/core/router: what other folders may import (build/coreSurfaces.mjs). */
export { type CallContext, type Handlers, Router, type RouterLog } from './router.js';
export { eventMessage, serveRouter } from './transport.js';
