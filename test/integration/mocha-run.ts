// Runs a bundled mocha suite inside the extension host; the same entry works under
// @vscode/test-electron's runTests and under code-server's extensionTestsPath.
import Mocha from 'mocha';

export function runSuite(register: () => void): Promise<void> {
  // One retry: a browser-hosted workbench's file watcher and focus events have timing variance
  // that no assertion here is about; a test that fails twice fails the run.
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30000, reporter: 'spec', retries: 1 });
  // Tests are bundled into this file: give them mocha's globals before loading them.
  mocha.suite.emit('pre-require', globalThis, 'bundle', mocha);
  register();
  return new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
  });
}
