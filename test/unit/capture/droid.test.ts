/**
 * The Factory Droid driver (src/capture/agents/droid.ts): its extractor on requests shaped as
 * Droid 0.215.0 sends them (the session-start reminder, the reminder after a read, the skills and
 * custom droids lists with Droid's built-in entries left out), the runtime overlay that switches
 * hooks and MCP servers off, the organisation settings it refuses, and the launch it gives the
 * sandbox (started outside the repository, the repository given by --cwd).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import {
  customDroids,
  discoveredPart,
  discoveredSkills,
  DROID_DRIVER,
  MODEL_ID,
  orgRefusal,
  OVERLAY,
  overlay,
  PROCESS_FOLDER,
  sessionPart,
  sessionSkills,
} from '../../../src/capture/agents/droid';
import { DriverRefusal } from '../../../src/capture/agents/types';
import { envTree } from './env-tree';

function request(seq: number, messages: unknown[]): RecordedRequest {
  return {
    seq,
    method: 'POST',
    url: '/v1/messages',
    headers: {},
    body: JSON.stringify({ model: 'm', system: [{ type: 'text', text: 'You are Droid.' }], messages }),
    protocol: 'anthropic-messages',
    main: true,
    answer: 'text',
  };
}

const text = (t: string) => ({ type: 'text', text: t });

const SESSION = [
  '<system-reminder>',
  '',
  'User system info (linux 6.0)',
  '',
  'Model: Oracle',
  '',
  '% pwd',
  '/r',
  '',
  '# Codebase and user instructions are shown below. Instructions from files closest to your current directory take precedence over those further up the hierarchy.',
  '## Project Instructions:',
  '% cat /r/CLAUDE.md',
  '<coding_guidelines>',
  'claude',
  '</coding_guidelines>',
  '',
  '## Personal Global Instructions:',
  '% cat ~/.factory/AGENTS.md',
  '<coding_guidelines>',
  'home',
  '</coding_guidelines>',
  '',
  '',
  '</system-reminder>',
].join('\n');

const SKILLS = [
  '<system-reminder>',
  'Available skills (invoke by exact name when its description matches the request):',
  'alpha: Alpha.',
  'review: A repository skill named like a built-in, listed first.',
  'agent-browser: Built in.',
  'review: Built in.',
  'browse-wiki: Built in.',
  '</system-reminder>',
].join('\n');

const DROIDS = [
  '<system-reminder>',
  'Available subagents for the Task tool are listed below.',
  '',
  'Built-in subagent types:',
  '- worker: General. (default complexity: medium)',
  '',
  'Custom droids available (from /r/.factory/droids and /h/.factory/droids):',
  '- reviewer: Reviews. (location: project)',
  '- helper: (location: personal)',
  '',
  'Only invoke subagents that are currently available.',
  '</system-reminder>',
].join('\n');

const DISCOVERED = [
  '<system-reminder>',
  'Additional project instructions discovered along the accessed paths:',
  '',
  '## /r/src/AGENTS.md',
  '<coding_guidelines>',
  'src',
  '</coding_guidelines>',
  '',
  'New skills discovered along the accessed paths and now available via the Skill tool:',
  '',
  '- local: Found below. (project)',
  '',
  '- near: Also below. (project)',
  '</system-reminder>',
].join('\n');

describe('droid driver', () => {
  it('reads the session-start part from the instructions heading to the reminder end, and its files (~/ in the home)', () => {
    const part = sessionPart(SESSION);
    assert.ok(part?.startsWith('# Codebase and user instructions'));
    assert.ok(part?.endsWith('home\n</coding_guidelines>'));
    assert.equal(sessionPart('<system-reminder>\n% pwd\n/r\n</system-reminder>'), null);
    const first = request(1, [
      { role: 'user', content: [text(SKILLS), text(DROIDS), text(SESSION)] },
      { role: 'user', content: 'Reply.' },
    ]);
    const x = DROID_DRIVER.extract({ requests: [first], files: new Map(), cwd: '/r', home: '/h' });
    assert.deepEqual(x.files, ['/r/CLAUDE.md', '/h/.factory/AGENTS.md']);
    assert.deepEqual(x.parts, [{ place: 'first-user-message', text: part }]);
    assert.deepEqual(x.problems, []);
  });

  it('reads the files a read discovered up to the last block, and the skills after them', () => {
    const part = discoveredPart(DISCOVERED);
    assert.ok(part?.endsWith('src\n</coding_guidelines>'));
    assert.equal(
      discoveredPart(
        '<system-reminder>\nNew skills discovered along the accessed paths and now available via the Skill tool:\n\n- a: b (project)\n</system-reminder>',
      ),
      null,
    );
    assert.deepEqual(
      discoveredSkills(DISCOVERED).map((l) => [l.name, l.text, l.place]),
      [
        ['local', '- local: Found below. (project)', 'tool-result'],
        ['near', '- near: Also below. (project)', 'tool-result'],
      ],
    );
    const first = request(1, [{ role: 'user', content: [text(SESSION)] }]);
    const second = request(2, [
      { role: 'user', content: [text(SESSION)] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Read', input: { file_path: '/r/src/x.ts' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] },
      { role: 'user', content: [text(DISCOVERED)] },
    ]);
    const x = DROID_DRIVER.extract({ requests: [first, second], files: new Map(), cwd: '/r', home: '/h' });
    assert.deepEqual(x.files, ['/r/CLAUDE.md', '/h/.factory/AGENTS.md', '/r/src/AGENTS.md']);
    assert.deepEqual(
      x.parts.map((p) => p.place),
      ['first-user-message', 'tool-result'],
    );
    assert.deepEqual(
      x.listings?.map((l) => l.name),
      ['local', 'near'],
    );
  });

  it('lists the repository and home skills without the built-in tail, and the custom droids', () => {
    assert.deepEqual(
      sessionSkills(SKILLS).map((l) => l.text),
      ['alpha: Alpha.', 'review: A repository skill named like a built-in, listed first.'],
    );
    assert.deepEqual(
      customDroids(DROIDS).map((l) => [l.kind, l.name, l.text]),
      [
        ['agent', 'reviewer', '- reviewer: Reviews. (location: project)'],
        ['agent', 'helper', '- helper: (location: personal)'],
      ],
    );
    assert.deepEqual(customDroids(SKILLS), []);
  });

  it('says so when Droid sent nothing', () => {
    const x = DROID_DRIVER.extract({ requests: [], files: new Map(), cwd: '/r', home: '/h' });
    assert.deepEqual(x.problems, ['Droid sent no model request']);
  });

  it('switches hooks and MCP servers off in its runtime overlay, with the endpoint as the first custom model', () => {
    const o = overlay(8787) as { customModels: { baseUrl: string; displayName: string }[]; hooks: unknown; mcpPolicy: unknown };
    assert.deepEqual(o.hooks, { hooksDisabled: true });
    assert.deepEqual(o.mcpPolicy, { enabled: true, allowlist: [] });
    assert.equal(o.customModels[0].baseUrl, 'http://127.0.0.1:8787');
    assert.equal(MODEL_ID, `custom:${o.customModels[0].displayName}-0`);
    const files = DROID_DRIVER.stateFiles!({ port: 8787, state: '/s', files: new Map() });
    assert.deepEqual(JSON.parse(files[OVERLAY]), o);
    assert.ok(`${PROCESS_FOLDER}/bunfig.toml` in files);
  });

  it('starts Droid in its own state folder, the repository given by --cwd, in airgap mode', () => {
    const t = envTree({ 'AGENTS.md': 'x\n' });
    try {
      const input = t.input();
      const l = DROID_DRIVER.launch(input);
      assert.equal(l.cwd, path.join(input.state, PROCESS_FOLDER));
      assert.deepEqual(l.args.slice(0, 3), ['exec', '-m', MODEL_ID]);
      assert.equal(l.args[l.args.indexOf('--cwd') + 1], input.cwd);
      assert.equal(l.args[l.args.indexOf('--settings') + 1], path.join(input.state, OVERLAY));
      assert.equal(l.env.FACTORY_AIRGAP_ENABLED, 'true');
      assert.equal(l.env.FACTORY_DROID_AUTO_UPDATE_ENABLED, 'false');
      assert.equal(l.env.HOME, input.home);
    } finally {
      t.remove();
    }
  });

  it('refuses organisation settings, the one layer above its overlay: the home’s cached copy or a file the environment names', () => {
    const t = envTree({ 'AGENTS.md': 'x\n' }, { '.factory/cache/org-managed-settings.json': '{"hooks":{"hooksDisabled":false}}' });
    try {
      assert.match(orgRefusal(t.home, {}) ?? '', /org-managed-settings\.json holds organisation settings/);
      assert.throws(() => DROID_DRIVER.launch(t.input()), DriverRefusal);
      fs.rmSync(path.join(t.home, '.factory', 'cache'), { recursive: true });
      assert.equal(orgRefusal(t.home, {}), null);
      assert.match(orgRefusal(t.home, { FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH: '/etc/org.json' }) ?? '', /outrank the driver's/);
    } finally {
      t.remove();
    }
  });
});
