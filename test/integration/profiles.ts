import { runSuite } from './mocha-run';
import { useAgents } from './helpers';
import { registerProfiles } from './profiles.test';

export function run(): Promise<void> {
  return runSuite(() => {
    // These suites check Holaryn's own answers (the profiles suite, beside two agents): the
    // detected agents are the first-screen suite's subject.
    before(() => useAgents(['holaryn', 'codex', 'claude-code']));
    registerProfiles();
  });
}
