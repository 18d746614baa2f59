import { runSuite } from './mocha-run';
import { useAgents } from './helpers';
import { registerMultiRoot } from './multi-root.test';

export function run(): Promise<void> {
  return runSuite(() => {
    // Holaryn's own answers are checked here; the detected agents are the first-screen suite's subject.
    before(() => useAgents(['holaryn']));
    registerMultiRoot();
  });
}
