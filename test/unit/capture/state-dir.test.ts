import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { insecureAncestor, secureStateRoot } from '../../../src/capture/state-dir';

describe('capture: the state folder Gemini CLI reads settings from', () => {
  it('a folder below one that others may write (/tmp, mode 1777) is insecure; one below / and a private folder is not', () => {
    const under = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-state-'));
    try {
      assert.match(insecureAncestor(under) ?? '', /writable by group or others/);
      assert.equal(insecureAncestor('/'), undefined);
    } finally {
      fs.rmSync(under, { recursive: true, force: true });
    }
  });

  it('the first candidate that passes is taken; none passing is an error naming each', () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-state-'));
    try {
      const bad = path.join(tmp, 'a');
      assert.throws(() => secureStateRoot([bad]), /no folder for the agent's state.*writable by group or others/);
      const home = path.join(os.homedir(), '.cache', 'holaryn', 'state-dir-test');
      if (insecureAncestor(os.homedir()) === undefined) assert.equal(secureStateRoot([bad, home]), home);
      fs.rmSync(home, { recursive: true, force: true });
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
