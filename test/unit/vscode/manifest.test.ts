// The extension manifest: every contributed command is complete and every menu entry is real.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';
import { listProfiles } from '../../../src/resolver';
import { syncedManifestText } from '../../../scripts/vscode/profile-manifest';
import { candidateActivationEvents, candidateNames, candidateOf, candidateWatchGlobs, isCandidate } from '../../../src/vscode/candidates';

const root = path.resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const commands: { command: string; title: string; category?: string; icon?: string }[] = pkg.contributes.commands;
const ids = new Set(commands.map((c) => c.command));

describe('package.json manifest', () => {
  it('every contributed command has a title and the Holaryn category', () => {
    for (const c of commands) {
      assert.ok(c.title, `${c.command} has no title`);
      assert.equal(c.category, 'Holaryn', `${c.command} has no category`);
      assert.match(c.command, /^holaryn\.[a-zA-Z]+$/);
    }
  });

  it('every menu entry names a contributed command; title-bar and inline entries have icons', () => {
    for (const [menu, entries] of Object.entries(pkg.contributes.menus as Record<string, { command: string; group?: string }[]>)) {
      for (const e of entries) {
        assert.ok(ids.has(e.command), `${menu} names unknown command ${e.command}`);
        if (menu === 'view/title' || menu === 'scm/title' || e.group === 'inline') {
          assert.ok(commands.find((c) => c.command === e.command)!.icon, `${e.command} is shown in ${menu} without an icon`);
        }
      }
    }
  });

  it('item-only commands are hidden from the palette', () => {
    const palette: { command: string; when: string }[] = pkg.contributes.menus.commandPalette;
    assert.equal(palette.find((e) => e.command === 'holaryn.revealSource')?.when, 'never');
  });

  it('the view exists in the Explorer with an icon that exists', () => {
    const view = pkg.contributes.views.explorer.find((v: { id: string }) => v.id === 'holaryn.instructions');
    assert.equal(view.name, 'Repository instructions');
    assert.ok(existsSync(path.join(root, view.icon)), `${view.icon} is missing`);
  });

  it('activates lazily, never on *', () => {
    assert.ok(!(pkg.activationEvents as string[]).includes('*'));
    assert.ok((pkg.activationEvents as string[]).includes('workspaceContains:AGENTS.md'));
  });

  it('declares untrusted workspaces supported (it only reads)', () => {
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, true);
  });

  it('settings are holaryn.* keys, resource-scoped except those naming files outside the workspace: machine, never a workspace value', () => {
    const machine = ['holaryn.globalFile', 'holaryn.holon.agentHome', 'holaryn.profileSettings'];
    for (const [key, value] of Object.entries(pkg.contributes.configuration.properties as Record<string, { scope: string }>)) {
      assert.match(key, /^holaryn\./);
      assert.equal(value.scope, machine.includes(key) ? 'machine' : 'resource', key);
    }
  });

  it('bin.holaryn names the CLI bundle', () => {
    assert.equal(pkg.bin.holaryn, 'dist/cli.js');
  });

  describe("candidate names: one list (the resolver's), everywhere", () => {
    const names = candidateNames();

    it('the workspaceContains activation events are exactly the ones derived from the list', () => {
      const declared = (pkg.activationEvents as string[]).filter((e) => e.startsWith('workspaceContains:'));
      assert.deepEqual([...declared].sort(), [...candidateActivationEvents()].sort());
    });

    it('the watcher globs see every candidate at the root and below, and a deleted folder that held one', () => {
      const globs = candidateWatchGlobs();
      const seen = (p: string) => globs.some((g) => minimatch(p, g, { dot: true }));
      for (const c of names) {
        assert.ok(seen(c), `no watcher glob matches ${c}`);
        assert.ok(seen(`packages/a/${c}`), `no watcher glob matches packages/a/${c}`);
        if (c.includes('/')) assert.ok(seen(`packages/a/${c.slice(0, c.lastIndexOf('/'))}`), `deleting the folder of ${c} is not seen`);
      }
      assert.ok(!seen('src/main.ts') && !seen('docs/instructions.md'), 'a watcher glob matches a file that is no candidate');
    });

    it('isCandidate and candidateOf name a file by its candidate name only', () => {
      const cases: [string, string | undefined][] = [
        ['/w/AGENTS.md', 'AGENTS.md'],
        ['/w/src/CLAUDE.md', 'CLAUDE.md'],
        ['/w/src/.holaryn/instructions.md', '.holaryn/instructions.md'],
        ['/w/src/instructions.md', undefined], // only inside .holaryn/
        ['/w/src/NOT-AGENTS.md', undefined], // a suffix of the name is not the name
        ['/w/src/agents.md', undefined], // names are case-sensitive (docs/contract.md §2)
      ];
      for (const [p, want] of cases) {
        assert.equal(candidateOf(p), want, p);
        assert.equal(isCandidate({ path: p }), want !== undefined, p);
      }
    });

    it('every manifest text that names one candidate names them all (tool descriptions, welcome, description)', () => {
      const texts: [string, string][] = [
        ['description', pkg.description],
        ...(pkg.contributes.viewsWelcome as { contents: string }[]).map((w, i): [string, string] => [`viewsWelcome[${i}]`, w.contents]),
        ...(pkg.contributes.languageModelTools as { name: string; userDescription: string; modelDescription: string }[]).flatMap(
          (t): [string, string][] => [
            [`${t.name}.userDescription`, t.userDescription],
            [`${t.name}.modelDescription`, t.modelDescription],
          ],
        ),
      ];
      let naming = 0;
      for (const [where, text] of texts) {
        if (!names.some((c) => text.includes(c))) continue;
        naming++;
        for (const c of names) assert.ok(text.includes(c), `${where} names some candidates but not ${c}`);
      }
      assert.ok(naming >= 3, 'the tool descriptions and the description name the candidates');
    });
  });
  describe('profiles: the manifest lists exactly the registry (npx tsx scripts/vscode/sync-profiles.ts rewrites it)', () => {
    const props = pkg.contributes.configuration.properties;
    const registry = listProfiles();

    it('package.json is exactly what the build generates from the registry (stale: run npx tsx scripts/vscode/sync-profiles.ts)', () => {
      const text = readFileSync(path.join(root, 'package.json'), 'utf8');
      assert.equal(syncedManifestText(text), text);
    });

    it('holaryn.profile: one enum entry per registered profile, in order, with its description; the default is the default profile', () => {
      const setting = props['holaryn.profile'];
      assert.deepEqual(
        setting.enum,
        registry.map((p) => p.name),
      );
      assert.deepEqual(
        setting.enumDescriptions,
        registry.map((p) => p.description),
      );
      assert.equal(setting.default, registry.find((p) => p.default)!.name);
      assert.equal(setting.scope, 'resource');
    });

    it('holaryn.compareProfiles offers the same names', () => {
      assert.deepEqual(
        props['holaryn.compareProfiles'].items.enum,
        registry.map((p) => p.name),
      );
    });

    it('the profile settings exist; those naming files outside the workspace are machine-scoped, the others resource', () => {
      const scopes: Record<string, string> = {
        'holaryn.dsh.candidates': 'resource',
        'holaryn.holon.agentHome': 'machine',
        'holaryn.holon.hierarchical': 'resource',
        'holaryn.profileSettings': 'machine',
      };
      for (const [key, scope] of Object.entries(scopes)) {
        assert.ok(props[key], `${key} is not contributed`);
        assert.equal(props[key].scope, scope, key);
      }
      assert.equal(props['holaryn.dsh.candidates'].type, 'array');
      assert.equal(props['holaryn.holon.hierarchical'].type, 'boolean');
      assert.equal(props['holaryn.profileSettings'].type, 'object');
    });

    it('no setting moves the trust store: a repository must not choose where its own trust answer is read', () => {
      assert.ok(!Object.keys(props).some((k) => /trust/i.test(k)));
    });

    it("Choose Agents… is on the view's title bar, first, View as… beside it; Compare All in its menu", () => {
      const group = (command: string) =>
        (pkg.contributes.menus['view/title'] as { command: string; group: string }[]).find((e) => e.command === command)?.group;
      assert.equal(group('holaryn.pickAgents'), 'navigation@0');
      assert.equal(group('holaryn.viewAs'), 'navigation@1');
      assert.ok(group('holaryn.compareAll'), 'Compare All is one command away');
      for (const id of ['holaryn.pickAgents', 'holaryn.viewAs', 'holaryn.compareAll', 'holaryn.viewAsAgent']) assert.ok(ids.has(id), id);
    });

    it('holaryn.agents offers the same names; its default is empty (detected)', () => {
      assert.deepEqual(
        props['holaryn.agents'].items.enum,
        registry.map((p) => p.name),
      );
      assert.deepEqual(props['holaryn.agents'].default, []);
    });
  });
});
