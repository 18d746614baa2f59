/**
 * The Cline driver (src/capture/agents/cline.ts): its extractor on a request shaped as Cline CLI
 * 3.0.65 sends it, the hook files it refuses to run beside, the plugin modules it turns off, and
 * the launch it gives the sandbox.
 */
import { strict as assert } from 'node:assert';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLINE_DRIVER, hookRefusal, nativeBinary, pluginModules, pluginRefusal, splitRules } from '../../../src/capture/agents/cline';

const bytes = (s: string) => Buffer.from(s, 'utf8');

function request(system: unknown): RecordedRequest {
  return {
    seq: 1,
    method: 'POST',
    url: '/messages',
    headers: {},
    body: JSON.stringify({ model: 'm', system, messages: [] }),
    protocol: 'anthropic-messages',
    main: true,
    answer: 'text',
  };
}

const BASE = 'You are Cline.\n\n# Plan / Act Modes\n\nText.';

describe('cline driver', () => {
  const files = new Map<string, Uint8Array>([
    ['/r/.clinerules/b.md', bytes('---\nname: Bee\n---\n\nb body\n')],
    ['/r/.clinerules/a.md', bytes('a body\n')],
    ['/r/AGENTS.md', bytes('agents\n')],
    ['/h/.agents/AGENTS.md', bytes('agents\n')],
  ]);

  it('takes the "# Rules" block that ends the system prompt and finds each rule\'s file by its text', () => {
    const block = '# Rules\n## a\na body\n\n## Bee\nb body\n\n## Workspace AGENTS.md\nagents';
    const x = CLINE_DRIVER.extract({ requests: [request([{ type: 'text', text: `${BASE}\n\n${block}` }])], files, cwd: '/r', home: '/h' });
    assert.deepEqual(x.parts, [{ place: 'system-prompt', text: block }]);
    // Two files hold "agents": the heading's name tells which (the working directory's).
    assert.deepEqual(x.files, ['/r/.clinerules/a.md', '/r/.clinerules/b.md', '/r/AGENTS.md']);
    assert.deepEqual(x.problems, []);
    const twins = new Map([
      ['/r/x/one.md', bytes('same\n')],
      ['/r/y/one.md', bytes('same\n')],
    ]);
    assert.match(splitRules('## one\nsame', twins).problems[0], /has the text of 2 files/);
  });

  it('sends no part when there is no rule, and says so when nothing was sent', () => {
    assert.deepEqual(CLINE_DRIVER.extract({ requests: [request(BASE)], files, cwd: '/r', home: '/h' }), {
      files: [],
      parts: [],
      problems: [],
    });
    assert.deepEqual(CLINE_DRIVER.extract({ requests: [], files, cwd: '/r', home: '/h' }).problems, ['Cline sent no model request']);
  });

  it("prefers the longest text when one rule starts with another file's text, and reports a section no file has", () => {
    const more = new Map([...files, ['/r/.cline/rules/long.md', bytes('a body\n\n## not a heading\n')]]);
    assert.deepEqual(splitRules('## long\na body\n\n## not a heading', more).files, ['/r/.cline/rules/long.md']);
    assert.match(splitRules('## x\nunknown text', files).problems[0], /no file has the text of the rule "x"/);
  });

  it('refuses a hook whose first line names an interpreter by a path Cline keeps; a bare or reduced one runs into the empty PATH', () => {
    const hook = (name: string, text: string) => new Map([[name, bytes(text)]]);
    assert.equal(hookRefusal(hook('/r/.clinerules/hooks/TaskStart', '#!/bin/sh\necho\n')), null);
    assert.equal(hookRefusal(hook('/r/.clinerules/hooks/TaskStart', '#!/usr/bin/env python3\n')), null);
    assert.equal(hookRefusal(hook('/r/.clinerules/hooks/PreToolUse.js', 'no shebang\n')), null);
    assert.match(hookRefusal(hook('/r/.cline/hooks/TaskStart', '#!/usr/bin/perl\n')) ?? '', /cannot keep the hook .* from running/);
    assert.match(hookRefusal(hook('/h/Documents/Cline/Hooks/userpromptsubmit.sh', '#!/usr/bin/node\n')) ?? '', /\/usr\/bin\/node/);
    // Not a hook: not in a hooks folder, or not named after an event.
    assert.equal(hookRefusal(hook('/r/scripts/TaskStart', '#!/usr/bin/perl\n')), null);
    assert.equal(hookRefusal(hook('/r/.clinerules/hooks/notes.md', '#!/usr/bin/perl\n')), null);
  });

  it('turns off every .js and .ts module of the tree and the home by path', () => {
    const m = new Map([
      ['/r/.cline/plugins/a.js', bytes('')],
      ['/h/.cline/plugins/p/main.mjs', bytes('')],
      ['/r/.clinerules/r.md', bytes('')],
    ]);
    assert.deepEqual(pluginModules(m), ['/h/.cline/plugins/p/main.mjs', '/r/.cline/plugins/a.js']);
  });

  const dirs: string[] = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  function folder(): string {
    const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-cline-bin-')));
    dirs.push(d);
    return d;
  }
  function file(abs: string, text: string): string {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text, { mode: 0o755 });
    return abs;
  }

  it('starts the platform binary, not the npm wrapper, found as the wrapper finds it', () => {
    const d = folder();
    const wrapper = file(path.join(d, 'lib/node_modules/cline/bin/cline'), '#!/usr/bin/env node\n');
    const platform = `@cline/cli-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
    assert.throws(() => nativeBinary(wrapper), /npm wrapper/);
    const binary = file(path.join(d, 'lib/node_modules', ...platform.split('/'), 'bin/cline'), '\x7fELF');
    fs.symlinkSync(wrapper, path.join(d, 'cline'));
    assert.equal(nativeBinary(path.join(d, 'cline')), binary);
    const cached = file(path.join(d, 'lib/node_modules/cline/bin/.cline'), '\x7fELF');
    assert.equal(nativeBinary(wrapper), cached);
    assert.equal(nativeBinary(binary), binary);
  });

  it('refuses to run in a working directory reached through a link when a plugin module is there (its path would not match)', () => {
    const d = folder();
    fs.mkdirSync(path.join(d, 'real'));
    fs.symlinkSync(path.join(d, 'real'), path.join(d, 'link'));
    const plugin = new Map([[path.join(d, 'real/.cline/plugins/p.js'), bytes('')]]);
    assert.match(pluginRefusal(path.join(d, 'link'), plugin) ?? '', /reached through a link/);
    assert.equal(pluginRefusal(path.join(d, 'real'), plugin), null);
    assert.equal(pluginRefusal(path.join(d, 'link'), new Map()), null);
  });

  it('launches a one-shot --yolo run with its data, settings and an empty PATH in the state folder', () => {
    const exe = file(path.join(folder(), 'cline'), '\x7fELF');
    const launch = CLINE_DRIVER.launch({
      executable: exe,
      node: '/n',
      cwd: '/r',
      top: '/r',
      home: '/h',
      state: '/s',
      port: 8787,
      prompt: 'p',
      files,
    });
    assert.equal(launch.command, exe);
    assert.deepEqual(launch.args.slice(0, 3), ['--yolo', '--data-dir', '/s/data']);
    assert.equal(launch.env.PATH, '/s/no-commands');
    assert.equal(launch.env.CLINE_PROVIDER_SETTINGS_PATH, '/s/data/settings/providers.json');
    const state = CLINE_DRIVER.stateFiles?.({ port: 8787, state: '/s', files }) ?? {};
    const providers = JSON.parse(state['data/settings/providers.json']) as { providers: { anthropic: { settings: { baseUrl: string } } } };
    assert.equal(providers.providers.anthropic.settings.baseUrl, 'http://127.0.0.1:8787');
    assert.throws(
      () =>
        CLINE_DRIVER.launch({
          executable: exe,
          node: '/n',
          cwd: '/r',
          top: '/r',
          home: '/h',
          state: '/s',
          port: 1,
          prompt: 'p',
          files: new Map([['/r/.cline/hooks/TaskStart', bytes('#!/usr/bin/ruby\n')]]),
        }),
      /cannot keep the hook/,
    );
  });
});
