import { runSuite } from './mocha-run';
import { registerAuthoring } from './authoring.test';
import { registerFilesView } from './files-view.test';
import { registerSingleRoot } from './single-root.test';

export function run(): Promise<void> {
  return runSuite(() => {
    registerSingleRoot();
    registerAuthoring();
    registerFilesView();
  });
}
