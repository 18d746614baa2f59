/**
 * The Cline driver (src/capture/agents/cline.ts): its extractor on a request shaped as Cline CLI
 * 3.0.65 sends it, the hook files it refuses to run beside (read on disk: past capture's 1 MiB,
 * through links, at the git root above the cwd), the plugin modules it turns off, and the launch
 * it gives the sandbox (started outside the repository, so Bun reads none of its bunfig.toml and
 * .env files).
 */
import { strict as assert } from 'node:assert';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  CLINE_DRIVER,
  firstLine,
  hookRefusal,
  nativeBinary,
  pathInterpreter,
  pluginModules,
  pluginRefusal,
  PROCESS_FOLDER,
  skillNames,
  splitRules,
} from '../../../src/capture/agents/cline';
import { DriverRefusal } from '../../../src/capture/agents/types';

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
      listings: [],
    });
    assert.deepEqual(CLINE_DRIVER.extract({ requests: [], files, cwd: '/r', home: '/h' }).problems, ['Cline sent no model request']);
  });

  it("reads the skill names at the end of the skills tool's description, in order", () => {
    const description = 'Execute a skill within the main conversation. Never mention a skill without invoking this tool.';
    const body = {
      tools: [
        { name: 'read_files', description: 'x' },
        { name: 'skills', description: `${description} Available skills: Alpha, zeta, My Skill.` },
      ],
    };
    assert.deepEqual(skillNames(body), [
      { kind: 'skill', name: 'Alpha', place: 'tool-description', text: 'Alpha' },
      { kind: 'skill', name: 'zeta', place: 'tool-description', text: 'zeta' },
      { kind: 'skill', name: 'My Skill', place: 'tool-description', text: 'My Skill' },
    ]);
    assert.deepEqual(skillNames({ tools: [{ name: 'skills', description }] }), []);
    const residue = CLINE_DRIVER.residue!.find((k) => k.kind === 'skills tool description')!.pattern;
    assert.ok(residue.test(`${description} Available skills: , , .`));
    assert.ok(residue.test(description));
    assert.ok(!residue.test(`${description} Available skills: stray.`));
    assert.ok(residue.test(`${description} Available : .`));
    assert.ok(CLINE_DRIVER.residue!.some((k) => k.kind === 'skills tool' && k.pattern.test('Name of the skill to execute.')));
  });

  it("prefers the longest text when one rule starts with another file's text, and reports a section no file has", () => {
    const more = new Map([...files, ['/r/.cline/rules/long.md', bytes('a body\n\n## not a heading\n')]]);
    assert.deepEqual(splitRules('## long\na body\n\n## not a heading', more).files, ['/r/.cline/rules/long.md']);
    assert.match(splitRules('## x\nunknown text', files).problems[0], /no file has the text of the rule "x"/);
  });

  it('refuses a first line naming an interpreter by a path Cline keeps; a bare or reduced one runs into the empty PATH', () => {
    assert.equal(pathInterpreter('#!/bin/sh'), null);
    assert.equal(pathInterpreter('#!/usr/bin/env python3'), null);
    assert.equal(pathInterpreter('#! /usr/bin/bash -e'), null);
    assert.equal(pathInterpreter('no shebang'), null);
    assert.equal(pathInterpreter('#!/usr/bin/perl'), '/usr/bin/perl');
    assert.equal(pathInterpreter('\ufeff#!/usr/bin/env /opt/node/bin/node'), '/opt/node/bin/node');
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

  /** A repository (top), its working directory and a home, laid out from `files` (relative to `d`; a value `{ link }` is a link). */
  function lay(files: Record<string, string | { link: string }>): { d: string; where: { cwd: string; top: string; home: string } } {
    const d = folder();
    for (const dir of ['repo', 'home']) fs.mkdirSync(path.join(d, dir));
    for (const [rel, v] of Object.entries(files)) {
      const abs = path.join(d, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      if (typeof v === 'string') fs.writeFileSync(abs, v);
      else fs.symlinkSync(v.link, abs);
    }
    return { d, where: { cwd: path.join(d, 'repo'), top: path.join(d, 'repo'), home: path.join(d, 'home') } };
  }
  const PERL = '#!/usr/bin/perl\nsystem("true");\n';
  const refusedFor = (file: string) =>
    new RegExp(
      `^cannot keep the hook ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} from running: its first line starts /usr/bin/perl by its path`,
    );

  it('refuses a hook past the 1 MiB capture hands drivers: the hooks folders are read on disk, only the first line of each', () => {
    const { d, where } = lay({ 'repo/.clinerules/hooks/TaskStart': PERL + '#'.repeat(1_100_000) + '\n' });
    assert.match(hookRefusal(where) ?? '', refusedFor(path.join(d, 'repo/.clinerules/hooks/TaskStart')));
    // A first line longer than any buffer is read to its end.
    const long = lay({ 'repo/.cline/hooks/PreToolUse.sh': '#!' + ' '.repeat(200_000) + '/usr/bin/perl\n' });
    assert.match(hookRefusal(long.where) ?? '', /PreToolUse\.sh from running: its first line starts \/usr\/bin\/perl/);
    assert.equal(firstLine(path.join(long.d, 'repo/.cline/hooks/PreToolUse.sh')).length, 200_015);
  });

  it('refuses hooks reached through links: a linked hooks folder, a linked .clinerules, a linked hook file', () => {
    const folderLink = lay({ 'repo/tools/h/TaskStart': PERL, 'repo/.cline/hooks': { link: '../tools/h' } });
    assert.match(hookRefusal(folderLink.where) ?? '', refusedFor(path.join(folderLink.d, 'repo/.cline/hooks/TaskStart')));
    const rulesLink = lay({ 'repo/config/hooks/TaskStart': PERL, 'repo/.clinerules': { link: 'config' } });
    assert.match(hookRefusal(rulesLink.where) ?? '', refusedFor(path.join(rulesLink.d, 'repo/.clinerules/hooks/TaskStart')));
    // Cline 3.0.65 skipped a linked hook file in a run; the driver does not count on it.
    const fileLink = lay({ 'repo/scripts/start.pl': PERL, 'repo/.clinerules/hooks/TaskStart': { link: '../../scripts/start.pl' } });
    assert.match(hookRefusal(fileLink.where) ?? '', refusedFor(path.join(fileLink.d, 'repo/.clinerules/hooks/TaskStart')));
    // A folder outside the repository is followed too (a link to node_modules, which capture skips).
    const outside = lay({ 'elsewhere/TaskComplete.py': PERL, 'repo/.clinerules/hooks': { link: '../../elsewhere' } });
    assert.match(hookRefusal(outside.where) ?? '', /TaskComplete\.py from running/);
  });

  it("refuses hooks at the git root above the cwd (Cline's workspace when it runs git) and in the home's hooks folders", () => {
    const top = lay({ 'repo/.clinerules/hooks/taskstart.sh': PERL, 'repo/sub/AGENTS.md': 'x\n' });
    assert.match(hookRefusal({ ...top.where, cwd: path.join(top.d, 'repo/sub') }) ?? '', /taskstart\.sh from running/);
    // A folder between the top and the cwd is no workspace of Cline's.
    const middle = lay({ 'repo/a/.clinerules/hooks/TaskStart': PERL, 'repo/a/b/AGENTS.md': 'x\n' });
    assert.equal(hookRefusal({ ...middle.where, cwd: path.join(middle.d, 'repo/a/b') }), null);
    const home = lay({ 'home/.cline/hooks/SessionShutdown': PERL });
    assert.match(hookRefusal(home.where) ?? '', /home\/\.cline\/hooks\/SessionShutdown from running/);
    const documents = lay({ 'home/Documents/Cline/Hooks/userpromptsubmit.sh': '#!/usr/bin/node\n' });
    assert.match(hookRefusal(documents.where) ?? '', /userpromptsubmit\.sh from running: its first line starts \/usr\/bin\/node/);
  });

  it('runs beside hooks the empty PATH stops, and beside files Cline does not take for hooks', () => {
    const { where } = lay({
      'repo/.clinerules/hooks/TaskStart': '#!/bin/sh\necho\n',
      'repo/.clinerules/hooks/TaskResume.py': '#!/usr/bin/env python3\n',
      'repo/.clinerules/hooks/PreToolUse.js': 'no shebang\n',
      'repo/.clinerules/hooks/notes.md': PERL,
      'repo/.clinerules/hooks/TaskStart.rb': PERL,
      'repo/.clinerules/hooks/TaskError/x': PERL,
      'repo/.clinerules/hooks/TaskCancel': { link: 'missing' },
      'repo/scripts/TaskStart': PERL,
      'repo/.clinerules/rules.md': 'rule\n',
    });
    assert.equal(hookRefusal(where), null);
    assert.equal(hookRefusal({ cwd: '/nonexistent/r', top: '/nonexistent/r', home: '/nonexistent/h' }), null);
  });

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

  it('launches a one-shot run with the default tools (no --yolo) in a folder of its state (not the repository: no bunfig.toml or .env of it), with an empty PATH', () => {
    const exe = file(path.join(folder(), 'cline'), '\x7fELF');
    const input = { executable: exe, node: '/n', cwd: '/r', top: '/r', home: '/h', state: '/s', port: 8787, prompt: 'p', files };
    const launch = CLINE_DRIVER.launch(input);
    assert.equal(launch.command, exe);
    assert.deepEqual(launch.args.slice(0, 2), ['--data-dir', '/s/data']);
    assert.ok(!launch.args.includes('--yolo'));
    // The repository is the workspace by --cwd; the process's own folder is the driver's.
    assert.deepEqual(launch.args.slice(-3), ['--cwd', '/r', 'p']);
    assert.equal(launch.cwd, `/s/${PROCESS_FOLDER}`);
    assert.equal(launch.env.PWD, `/s/${PROCESS_FOLDER}`);
    assert.equal(launch.env.PATH, '/s/no-commands');
    assert.equal(launch.env.CLINE_PROVIDER_SETTINGS_PATH, '/s/data/settings/providers.json');
    const state = CLINE_DRIVER.stateFiles?.({ port: 8787, state: '/s', files }) ?? {};
    const providers = JSON.parse(state['data/settings/providers.json']) as { providers: { anthropic: { settings: { baseUrl: string } } } };
    assert.equal(providers.providers.anthropic.settings.baseUrl, 'http://127.0.0.1:8787');
    // The process folder exists (a bunfig.toml of the driver's, no setting in it), and holds no .env.
    assert.match(state[`${PROCESS_FOLDER}/bunfig.toml`], /^(#[^\n]*\n)*$/);
    assert.deepEqual(
      Object.keys(state).filter((f) => f.startsWith(`${PROCESS_FOLDER}/`)),
      [`${PROCESS_FOLDER}/bunfig.toml`],
    );
  });

  it('refuses a tree with a hook it cannot stop as a DriverRefusal naming the file', () => {
    const exe = file(path.join(folder(), 'cline'), '\x7fELF');
    const { d, where } = lay({ 'repo/.cline/hooks/TaskStart': '#!/usr/bin/ruby\n' + ' '.repeat(2 << 20) + '\n' });
    const input = { executable: exe, node: '/n', ...where, state: '/s', port: 1, prompt: 'p', files: new Map() };
    assert.throws(
      () => CLINE_DRIVER.launch(input),
      (err: unknown) =>
        err instanceof DriverRefusal &&
        err.message ===
          `cannot keep the hook ${path.join(d, 'repo/.cline/hooks/TaskStart')} from running: its first line starts /usr/bin/ruby by its path, and Cline has no switch for hooks`,
    );
  });
});
