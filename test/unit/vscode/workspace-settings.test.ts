// Settings a repository's own .vscode/settings.json must not use to choose files outside it
// (docs/vscode.md, "Settings a workspace cannot set"): Holaryn's machine-scoped settings are read
// from the user's settings only, and a workspace's chat.instructionsFilesLocations keeps only the
// folders inside the workspace folder.
import { strict as assert } from 'node:assert';
import { profileByName } from '../../../src/resolver';
import { editorSettingValue, machineValue, profileOptions } from '../../../src/vscode/profiles/options';

const LOCATIONS = 'chat.instructionsFilesLocations';
const copilot = profileByName('copilot');
const locations = copilot.settings!.find((s) => s.name === LOCATIONS)!;

describe('settings a workspace cannot use to choose files outside it', () => {
  describe('machineValue: holaryn.globalFile, holaryn.profileSettings, holaryn.holon.agentHome', () => {
    it('takes the user value, else the default; a workspace or folder value is ignored with a problem naming the setting', () => {
      assert.deepEqual(machineValue('holaryn.globalFile', { defaultValue: null, globalValue: '/home/u/g.md' }), { value: '/home/u/g.md' });
      assert.deepEqual(machineValue('holaryn.globalFile', { defaultValue: null }), { value: null });
      for (const scoped of [{ workspaceValue: '/home/u/.ssh/id_rsa' }, { workspaceFolderValue: '/home/u/.ssh/id_rsa' }]) {
        const read = machineValue('holaryn.globalFile', { defaultValue: null, globalValue: '/home/u/g.md', ...scoped });
        assert.equal(read.value, '/home/u/g.md');
        assert.match(read.problem ?? '', /holaryn\.globalFile is set in this workspace's settings, which Holaryn ignores/);
      }
      const none = machineValue<object>('holaryn.profileSettings', {
        defaultValue: {},
        workspaceValue: { gemini: { 'context.fileName': '../x' } },
      });
      assert.deepEqual(none.value, {}, 'the default, not the workspace value');
      assert.equal(machineValue('holaryn.holon.agentHome', undefined).value, undefined);
    });

    it('the problem reaches the profile options, and nothing of the workspace value does', () => {
      const read = machineValue<Record<string, unknown>>('holaryn.profileSettings', {
        defaultValue: {},
        workspaceValue: { gemini: { 'security.folderTrust.enabled': false } },
      });
      const built = profileOptions(profileByName('gemini'), { profileSettings: read.value, readProblems: [read.problem!] });
      assert.equal(built.options.settings, undefined);
      assert.equal(built.problems.length, 1);
      assert.match(built.problems[0], /profileSettings/);
    });
  });

  describe(`editorSettingValue: ${LOCATIONS} (the copilot profile declares it as naming folders)`, () => {
    const folder = '/work/repo';
    it('the setting is marked as naming folders in the profile, so no name is special-cased in the editor layer', () => {
      assert.equal(locations.folders, true);
    });

    it('a workspace value keeps folders inside the workspace folder, and drops ~, absolute paths elsewhere and .. escapes, each with a problem', () => {
      const read = editorSettingValue(
        locations,
        {
          defaultValue: { '.github/instructions': true },
          workspaceValue: {
            '.github/instructions': true,
            'docs/rules': true,
            '/work/repo/more': true,
            'a/../b': true,
            '~/.ssh': true,
            '~': true,
            '/home/u/.ssh': true,
            '../other': true,
            'a/../../other': true,
            'C:\\Users\\u\\.ssh': true,
            '/work/repository-next': true,
            '~/off': false,
          },
        },
        folder,
      );
      assert.deepEqual(read.value, { '.github/instructions': true, 'docs/rules': true, '/work/repo/more': true, 'a/../b': true });
      assert.equal(read.problems.length, 7, read.problems.join('\n'));
      for (const p of read.problems) assert.match(p, /names a folder outside the workspace; Holaryn ignores it/);
      assert.ok(read.problems.some((p) => p.includes('"~/.ssh"')));
    });

    it('a folder value is filtered the same way, and wins over the workspace value', () => {
      const read = editorSettingValue(
        locations,
        { workspaceValue: { 'a/x': true }, workspaceFolderValue: { '~/.ssh': true, 'b/x': true } },
        folder,
      );
      assert.deepEqual(read.value, { 'b/x': true });
      assert.equal(read.problems.length, 1);
    });

    it("the user's own value is the user's choice: kept whole, no problem", () => {
      const read = editorSettingValue(locations, { defaultValue: {}, globalValue: { '~/.ssh': true, '/etc': true } }, folder);
      assert.deepEqual(read.value, { '~/.ssh': true, '/etc': true });
      assert.deepEqual(read.problems, []);
    });

    it('a setting that names no folders is taken as it is from any scope', () => {
      const plain = copilot.settings!.find((s) => s.name === 'chat.useAgentsMdFile')!;
      assert.deepEqual(editorSettingValue(plain, { defaultValue: true, workspaceValue: false }, folder), { value: false, problems: [] });
    });

    it('the kept value reaches the copilot profile as its --set, the problems with it', () => {
      const read = editorSettingValue(locations, { workspaceValue: { '~/.ssh': true, 'docs/rules': true } }, folder);
      const built = profileOptions(copilot, { editor: { [LOCATIONS]: read.value }, readProblems: read.problems });
      assert.deepEqual(JSON.parse(built.options.settings![LOCATIONS]), { 'docs/rules': true });
      assert.equal(built.problems.length, 1);
    });
  });
});
