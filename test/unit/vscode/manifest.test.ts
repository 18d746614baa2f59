// The extension manifest: every contributed command is complete and every menu entry is real.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

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

  it('every menu entry names a contributed command; view/title and inline entries have icons', () => {
    for (const [menu, entries] of Object.entries(pkg.contributes.menus as Record<string, { command: string; group?: string }[]>)) {
      for (const e of entries) {
        assert.ok(ids.has(e.command), `${menu} names unknown command ${e.command}`);
        if (menu === 'view/title' || e.group === 'inline') {
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

  it('settings are resource-scoped holaryn.* keys', () => {
    for (const [key, value] of Object.entries(pkg.contributes.configuration.properties as Record<string, { scope: string }>)) {
      assert.match(key, /^holaryn\./);
      assert.equal(value.scope, 'resource', key);
    }
  });

  it('bin.holaryn names the CLI bundle', () => {
    assert.equal(pkg.bin.holaryn, 'dist/cli.js');
  });
});
