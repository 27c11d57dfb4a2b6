/**
 * Over-block rate of the everyday-command fixture (issue 16): the share of ordinary one-program
 * commands agents run that the classifier does not key as one simple call. Goal ≤ 3%.
 */
import { EVERYDAY_GOAL, everydayCommands, overBlocked } from '../main/core/permissions/shell/fixtures/everyday.testkit.js';
import type { BenchRow } from './types.js';

export default async function everyday(report: (row: BenchRow) => void): Promise<void> {
  let commands: string[], result: ReturnType<typeof overBlocked>;
  try {
    commands = everydayCommands();
    result = overBlocked(commands);
  } catch (e) {
    // A broken fixture is reported as this row's failure; the other benches still run.
    report({
      name: `everyday over-block rate: failed (${(e as Error).message})`,
      value: '-',
      unit: '%',
      goal: `≤ ${EVERYDAY_GOAL * 100}%`,
      met: false,
    });
    return;
  }
  const { rate, blocked } = result;
  for (const b of blocked) process.stderr.write(`# over-blocked (${b.kind}): ${b.command} — ${b.reason}\n`);
  report({
    name: `everyday over-block rate: ${blocked.length} of ${commands.length} commands`,
    value: (rate * 100).toFixed(2),
    unit: '%',
    goal: `≤ ${EVERYDAY_GOAL * 100}%`,
    met: rate <= EVERYDAY_GOAL,
  });
}
