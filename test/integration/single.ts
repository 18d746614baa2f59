import { runSuite } from './mocha-run';
import { useAgents } from './helpers';
import { registerAuthoring } from './authoring.test';
import { registerFilesView } from './files-view.test';
import { registerSingleRoot } from './single-root.test';

export function run(): Promise<void> {
  return runSuite(() => {
    // These suites check Holaryn's own answers (the profiles suite, beside two agents): the
    // detected agents are the first-screen suite's subject.
    before(() => useAgents(['holaryn']));
    registerSingleRoot();
    registerAuthoring();
    registerFilesView();
  });
}
