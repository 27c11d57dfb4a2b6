/**
 * Imported first by main.tsx. zod probes whether `new Function` works before compiling a fast
 * parser; under our CSP (no 'unsafe-eval') the probe is refused and reported as a CSP violation even
 * though zod catches it. jitless: no probe, no eval — the same results, parsed without compiling.
 */
import { config } from 'zod';

config({ jitless: true });
