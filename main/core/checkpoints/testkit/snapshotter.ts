/**
 * A second process taking checkpoints of one project (the checkpoint tests' other writer):
 * `snapshotter.ts DATA_DIR PROJECT_ROOT COUNT` takes COUNT snapshots (0: until killed), each after
 * writing `from-<pid>.txt`, and prints each snapshot's tree, one a line.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CheckpointStore } from '../store.js';

const [dataDir, projectRoot, countArg] = process.argv.slice(2);
const store = new CheckpointStore({ dataDir: dataDir!, projectRoot: projectRoot! });
const count = Number(countArg);
for (let i = 0; count === 0 || i < count; i++) {
  await writeFile(path.join(projectRoot!, `from-${process.pid}.txt`), `snapshot ${i}\n`);
  const cp = await store.snapshot({ conversationId: 'other', label: `other ${i}` });
  process.stdout.write(`${cp.tree}\n`);
}
