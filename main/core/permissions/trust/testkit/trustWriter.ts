/**
 * A child process for the cross-process test of the trust store:
 *   trustWriter.ts STORE_FILE PREFIX COUNT → records COUNT folders /PREFIX/<i>, one write each.
 */
import { TrustStore } from '../trustStore.js';

const [file, prefix, countArg] = process.argv.slice(2);
if (!file || !prefix || !countArg) throw new Error('usage: trustWriter.ts STORE_FILE PREFIX COUNT');
const store = new TrustStore(file, { lockStaleMs: 5000 });
for (let i = 0; i < Number(countArg); i++) await store.set(`/${prefix}/${i}`, String(i % 10).repeat(64));
process.stdout.write('done\n');
