// The editor's settings turned into resolve options per profile (docs/vscode.md, "Profiles").
import { strict as assert } from 'node:assert';
import { minimatch } from 'minimatch';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { Profile, explicitGlobalFile, profileByName, resolveInstructions } from '../../../src/resolver';
import { editorSettingNames, isEditorSetting, profileOptions, settingText } from '../../../src/vscode/profiles/options';
import { profileWatchGlobs } from '../../../src/vscode/profiles/watch';

const holaryn = profileByName('holaryn');
const dsh = profileByName('dsh');
const holon = profileByName('holon');

/** A profile declaring settings the way agent profiles do (Copilot's are the editor's own names). */
const copilotLike: Profile = {
  ...holaryn,
  name: 'copilot-like',
  settings: [
    { name: 'chat.useAgentsMdFile', description: '' },
    { name: 'github.copilot.chat.codeGeneration.useInstructionFiles', description: '' },
    { name: 'chat.instructionsFilesLocations', description: '' },
    { name: 'project_doc_max_bytes', description: '' },
  ],
};

describe('profile options from editor settings', () => {
  it('holaryn.budget and holaryn.globalFile reach the holaryn profile only', () => {
    const globalFile = explicitGlobalFile('/home/u/rules.md');
    const input = { budget: 500, globalFile };
    assert.deepEqual(profileOptions(holaryn, input).options, { profile: holaryn, budget: 500, globalFile });
    for (const p of [dsh, holon, profileByName('narya')]) {
      const { options } = profileOptions(p, input);
      assert.equal(options.budget, undefined, `${p.name} keeps its own budget`);
      assert.equal(options.globalFile, undefined, `${p.name} keeps its own user file`);
    }
  });

  it('holaryn.dsh.candidates becomes DSH candidates, exactly as listed (names with commas too); empty means the default', () => {
    assert.deepEqual(profileOptions(dsh, { dedicated: { 'dsh.candidates': ['RULES.md', 'A,B.md'] } }).options.candidates, [
      'RULES.md',
      'A,B.md',
    ]);
    assert.equal(profileOptions(dsh, { dedicated: { 'dsh.candidates': [] } }).options.candidates, undefined);
    assert.equal(
      profileOptions(holaryn, { dedicated: { 'dsh.candidates': ['RULES.md'] } }).options.candidates,
      undefined,
      'other profiles are untouched',
    );
    const bad = profileOptions(dsh, { dedicated: { 'dsh.candidates': 'RULES.md' } });
    assert.equal(bad.options.candidates, undefined);
    assert.match(bad.problems[0], /holaryn\.dsh\.candidates must be a list/);
  });

  it('the DSH candidates setting changes what DSH loads (shadowing follows the list order)', () => {
    const fs = new MemoryFs({ '/r/.git/HEAD': 'x', '/r/AGENTS.md': 'a\n', '/r/CLAUDE.md': 'c\n', '/r/x.ts': '' });
    const run = (c: unknown) =>
      resolveInstructions('/r', ['x.ts'], {
        ...profileOptions(dsh, { dedicated: { 'dsh.candidates': c } }).options,
        fs,
        globalFile: null,
      }).sources.map((s) => `${s.path}:${s.status}`);
    assert.deepEqual(run([]), ['AGENTS.md:included', 'CLAUDE.md:shadowed']);
    assert.deepEqual(run(['CLAUDE.md', 'AGENTS.md']), ['CLAUDE.md:included', 'AGENTS.md:shadowed']);
  });

  it("holon's agent home (~/ expanded) and hierarchical switch become its settings", () => {
    const { options } = profileOptions(holon, {
      dedicated: { 'holon.agentHome': '~/agent', 'holon.hierarchical': true },
      homedir: '/home/u',
    });
    assert.deepEqual(options.settings, { agentHome: '/home/u/agent', hierarchical: 'true' });
    assert.equal(
      profileOptions(holon, { dedicated: { 'holon.agentHome': '  ', 'holon.hierarchical': false } }).options.settings?.agentHome,
      undefined,
    );
    const bad = profileOptions(holon, { dedicated: { 'holon.agentHome': 3, 'holon.hierarchical': 'yes' } });
    assert.equal(bad.problems.length, 2);
  });

  it('holaryn.profileSettings passes each entry as --set would (lists and objects as JSON) and wins', () => {
    const { options } = profileOptions(copilotLike, {
      editor: { 'chat.useAgentsMdFile': true },
      profileSettings: {
        'copilot-like': { 'chat.useAgentsMdFile': false, project_doc_max_bytes: 65536, names: ['A.md', 'B.md'] },
        codex: { project_doc_max_bytes: 1 },
      },
    });
    assert.deepEqual(options.settings, { 'chat.useAgentsMdFile': 'false', project_doc_max_bytes: '65536', names: '["A.md","B.md"]' });
    assert.match(profileOptions(holaryn, { profileSettings: [] }).problems[0], /must be an object/);
    assert.match(profileOptions(copilotLike, { profileSettings: { 'copilot-like': 5 } }).problems[0], /must be an object of settings/);
  });

  it('a name like __proto__ stays a plain setting name', () => {
    const { options } = profileOptions(holaryn, { profileSettings: JSON.parse('{"holaryn":{"__proto__":"x"}}') });
    assert.equal(Object.getPrototypeOf(options.settings), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(options.settings, '__proto__')?.value, 'x');
  });

  it("reads only the editor settings the profile declares, by the editor's own names", () => {
    assert.deepEqual(editorSettingNames(copilotLike), [
      'chat.useAgentsMdFile',
      'github.copilot.chat.codeGeneration.useInstructionFiles',
      'chat.instructionsFilesLocations',
    ]);
    assert.deepEqual(editorSettingNames(holaryn), []);
    assert.ok(isEditorSetting('chat.useClaudeMdFile') && !isEditorSetting('context.fileName'));
    // VS Code's workspace trust switch is the editor's (Copilot's parent repositories depend on
    // it); Gemini's own security.folderTrust.enabled is not.
    assert.ok(isEditorSetting('security.workspace.trust.enabled') && !isEditorSetting('security.folderTrust.enabled'));
    assert.ok(editorSettingNames(profileByName('copilot')).includes('security.workspace.trust.enabled'));
    assert.ok(!editorSettingNames(profileByName('gemini')).some((n) => n.startsWith('security.')));
    const { options } = profileOptions(copilotLike, {
      editor: {
        'chat.useAgentsMdFile': false,
        'chat.instructionsFilesLocations': { '.github/instructions': true, 'docs/rules': false },
        'chat.undeclared': true,
      },
    });
    assert.deepEqual(options.settings, {
      'chat.useAgentsMdFile': 'false',
      'chat.instructionsFilesLocations': '{".github/instructions":true,"docs/rules":false}',
    });
  });

  it('setting values as --set text', () => {
    assert.equal(settingText('a'), 'a');
    assert.equal(settingText(3), '3');
    assert.equal(settingText(false), 'false');
    assert.equal(settingText(['x', 'y']), '["x","y"]');
    assert.equal(settingText(null), undefined);
    assert.equal(settingText(undefined), undefined);
  });
});

describe('files other profiles read are watched', () => {
  it("every registered profile's candidate names and discovered files have a glob", () => {
    const globs = profileWatchGlobs();
    const seen = (p: string) => globs.some((g) => minimatch(p, g, { dot: true }));
    for (const p of [
      'AGENTS.md',
      'src/CLAUDE.md',
      'docs/PROJECT_RULES.md',
      '.narya/config.toml',
      '.claude/commands/x.md',
      'a/AGENTS.override.md',
    ]) {
      assert.ok(seen(p), `${p} is not watched`);
    }
    assert.ok(!seen('src/main.ts'));
  });
});
