/**
 * A child process for the cross-process tests of codecoder.json writes.
 *   configWriter.ts ROOT PREFIX COUNT   → adds COUNT entries write_file:PREFIX/<i>, printing "ok <i>" after each
 *   configWriter.ts ROOT PREFIX forever → same, until killed (for the killed-mid-write test)
 */
import { ProjectConfig } from '../projectConfig.js';

const [root, prefix, countArg] = process.argv.slice(2);
if (!root || !prefix || !countArg) throw new Error('usage: configWriter.ts ROOT PREFIX COUNT|forever');
const count = countArg === 'forever' ? Infinity : Number(countArg);
const config = await ProjectConfig.open({ projectRoot: root, lockStaleMs: 5000 });
// Long keys make each write large enough that a kill often lands inside one.
const pad = 'x'.repeat(200);
for (let i = 0; i < count; i++) {
  await config.edit({ op: 'setAllow', key: `write_file:${prefix}/${i}/${pad}`, value: 'AlwaysThisProject' });
  process.stdout.write(`ok ${i}\n`);
}
