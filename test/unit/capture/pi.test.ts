/**
 * The pi driver: its launch (the switches that keep a repository's extensions, themes, prompt
 * templates and shell from loading, the provider extension in the run's state), its refusal of a
 * settings file naming `npmCommand`, and its extractor on requests shaped as pi
 * 0.73.1 sends them.
 */
import { strict as assert } from 'node:assert';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import { DEFAULT_PROMPT_END, DEFAULT_PROMPT_START, PI_DRIVER, PROJECT_CONTEXT, agentDirOf } from '../../../src/capture/agents/pi';
import { DriverRefusal } from '../../../src/capture/agents/types';
import { envTree } from './env-tree';

const bytes = (s: string) => Buffer.from(s, 'utf8');

function request(system: string): RecordedRequest {
  return {
    seq: 1,
    method: 'POST',
    url: '/v1/messages',
    headers: {},
    body: JSON.stringify({ system: [{ type: 'text', text: system }], messages: [{ role: 'user', content: 'hi' }] }),
    protocol: 'anthropic-messages',
    main: true,
    answer: 'text',
  };
}

const OWN = `${DEFAULT_PROMPT_START} You help users.\n\nGuidelines:\n- Be concise\n${DEFAULT_PROMPT_END}`;
const TAIL = '\nCurrent date: 2026-12-06\nCurrent working directory: /r';
const SKILLS =
  "\n\nThe following skills provide specialized instructions for specific tasks.\nUse the read tool to load a skill's file when the task matches its description.\n\n<available_skills>\n</available_skills>";

describe('capture: the pi driver', () => {
  it('starts pi offline with extensions, themes and prompt templates off, its default tools on, the provider its own extension', () => {
    const t = envTree({ 'AGENTS.md': 'x\n' });
    try {
      const input = t.input();
      const launch = PI_DRIVER.launch(input);
      for (const flag of ['--offline', '--no-session', '--no-extensions', '--no-themes', '--no-prompt-templates', '-p'])
        assert.ok(launch.args.includes(flag), flag);
      assert.ok(!launch.args.includes('--tools') && !launch.args.includes('--no-tools'), 'pi keeps its default tools');
      assert.equal(launch.args[launch.args.indexOf('-e') + 1], `${input.state}/holaryn-provider.mjs`);
      assert.equal(launch.env.PI_OFFLINE, '1');
      assert.equal(launch.env.PI_TELEMETRY, '0');
      assert.equal(launch.env.HOME, t.home);
      const ext = PI_DRIVER.stateFiles!({ port: 8787, state: input.state, files: input.files })['holaryn-provider.mjs'];
      assert.match(
        ext,
        /registerProvider\("holaryn", \{"baseUrl":"http:\/\/127\.0\.0\.1:8787","apiKey":"oracle","api":"anthropic-messages"/,
      );
      assert.deepEqual(PI_DRIVER.toolCall!('/r/a.ts'), { name: 'read', input: { path: '/r/a.ts' } });
    } finally {
      t.remove();
    }
  });

  it('refuses a settings file that sets npmCommand (the project’s or the agent folder’s) or a project one that does not parse', () => {
    const refused = envTree({ '.pi/settings.json': JSON.stringify({ npmCommand: ['/bin/sh', '-c', 'evil'] }) });
    const broken = envTree({ '.pi/settings.json': '{ not json' });
    const fine = envTree({ '.pi/settings.json': JSON.stringify({ packages: ['npm:x'], shellPath: '/bin/sh' }) });
    try {
      assert.throws(
        () => PI_DRIVER.launch(refused.input()),
        (e: unknown) => e instanceof DriverRefusal && /npmCommand/.test(e.message),
      );
      assert.throws(
        () => PI_DRIVER.launch(broken.input()),
        (e: unknown) => e instanceof DriverRefusal && /does not parse/.test(e.message),
      );
      assert.doesNotThrow(() => PI_DRIVER.launch(fine.input()));
      // Only the working directory's .pi is pi's project settings: a parent's is not read.
      assert.doesNotThrow(() => PI_DRIVER.launch(refused.input('sub')));
      const home = envTree({}, { '.pi/agent/settings.json': JSON.stringify({ npmCommand: ['evil'] }) });
      try {
        assert.throws(
          () => PI_DRIVER.launch(home.input()),
          (e: unknown) => e instanceof DriverRefusal && /agent\/settings\.json sets npmCommand/.test(e.message),
        );
      } finally {
        home.remove();
      }
    } finally {
      refused.remove();
      broken.remove();
      fine.remove();
    }
  });

  it('forwards PI_CODING_AGENT_DIR and reads the agent folder from it', () => {
    const t = envTree({});
    try {
      const launch = PI_DRIVER.launch({ ...t.input(), env: { PI_CODING_AGENT_DIR: '~/custom' } });
      assert.equal(launch.env.PI_CODING_AGENT_DIR, '~/custom');
      assert.equal(agentDirOf('/h', { PI_CODING_AGENT_DIR: '~/custom' }), '/h/custom');
      assert.equal(agentDirOf('/h', {}), '/h/.pi/agent');
    } finally {
      t.remove();
    }
  });

  it('reads the project context after pi’s own prompt, each file by its own text', () => {
    const files = new Map([
      ['/h/.pi/agent/AGENTS.md', bytes('global\n')],
      ['/r/AGENTS.md', bytes('Root.\n\n## /fake/heading\n\nstill root\n')],
      ['/r/sub/CLAUDE.md', bytes('')],
    ]);
    const context = `${PROJECT_CONTEXT.slice(2)}## /h/.pi/agent/AGENTS.md\n\nglobal\n\n\n## /r/AGENTS.md\n\nRoot.\n\n## /fake/heading\n\nstill root\n\n\n## /r/sub/CLAUDE.md\n\n\n\n`;
    const got = PI_DRIVER.extract({ requests: [request(`${OWN}\n\n${context}${SKILLS}${TAIL}`)], files, cwd: '/r/sub', home: '/h' });
    assert.deepEqual(got.problems, []);
    assert.deepEqual(got.files, ['/h/.pi/agent/AGENTS.md', '/r/AGENTS.md', '/r/sub/CLAUDE.md']);
    assert.deepEqual(got.parts, [{ place: 'system-prompt', text: context }]);
  });

  it('reads a SYSTEM.md that replaced the prompt and an APPEND_SYSTEM.md, found by their text', () => {
    const t = envTree({ '.pi/SYSTEM.md': 'Custom.\n', 'AGENTS.md': 'A\n' }, { '.pi/agent/APPEND_SYSTEM.md': 'Appended.' });
    try {
      const files = new Map([
        [`${t.root}/.pi/SYSTEM.md`, bytes('Custom.\n')],
        [`${t.home}/.pi/agent/APPEND_SYSTEM.md`, bytes('Appended.')],
        [`${t.root}/AGENTS.md`, bytes('A\n')],
      ]);
      const text = `Custom.\n\n\nAppended.${PROJECT_CONTEXT}## ${t.root}/AGENTS.md\n\nA\n\n\n`;
      const got = PI_DRIVER.extract({ requests: [request(`${text}${TAIL}`)], files, cwd: t.root, home: t.home });
      assert.deepEqual(got.problems, []);
      assert.deepEqual(got.files, [`${t.root}/.pi/SYSTEM.md`, `${t.home}/.pi/agent/APPEND_SYSTEM.md`, `${t.root}/AGENTS.md`]);
      assert.deepEqual(got.parts, [{ place: 'system-prompt', text }]);
    } finally {
      t.remove();
    }
  });

  it('says what it cannot account for: a changed file, an unknown prompt, text that is no file, no request', () => {
    const files = new Map([['/r/AGENTS.md', bytes('original\n')]]);
    const changed = PI_DRIVER.extract({
      requests: [request(`${OWN}${PROJECT_CONTEXT}## /r/AGENTS.md\n\nchanged\n\n${TAIL}`)],
      files,
      cwd: '/r',
      home: '/h',
    });
    assert.deepEqual(changed.files, ['/r/AGENTS.md']);
    assert.match(changed.problems.join('\n'), /not that file's text/);
    const unknown = PI_DRIVER.extract({ requests: [request(`Someone else's prompt.${TAIL}`)], files, cwd: '/r', home: '/h' });
    assert.match(unknown.problems.join('\n'), /neither pi’s own nor a SYSTEM\.md/);
    const extra = PI_DRIVER.extract({ requests: [request(`${OWN}\n\nInjected text.${TAIL}`)], files, cwd: '/r', home: '/h' });
    assert.match(extra.problems.join('\n'), /no file of the sandbox: "\\n\\nInjected text\./);
    assert.deepEqual(PI_DRIVER.extract({ requests: [], files, cwd: '/r', home: '/h' }).problems, ['pi sent no model request']);
  });
  it('reads the skill entries of <available_skills> with their names unescaped, and names its residue', () => {
    const entry = (name: string, loc: string) =>
      `  <skill>\n    <name>${name}</name>\n    <description>D &amp; &lt;x&gt;</description>\n    <location>${loc}</location>\n  </skill>`;
    const list = `${SKILLS.replace('<available_skills>\n</available_skills>', `<available_skills>\n${entry('a&amp;b', '/r/.agents/skills/a/SKILL.md')}\n${entry('c', '/h/.agents/skills/c/SKILL.md')}\n</available_skills>`)}`;
    const got = PI_DRIVER.extract({ requests: [request(`${OWN}${list}${TAIL}`)], files: new Map(), cwd: '/r', home: '/h' });
    assert.deepEqual(got.problems, []);
    assert.deepEqual(got.parts, []);
    assert.deepEqual(
      got.listings?.map((l) => [l.kind, l.name, l.place]),
      [
        ['skill', 'a&b', 'system-prompt'],
        ['skill', 'c', 'system-prompt'],
      ],
    );
    assert.equal(got.listings?.[1].text, entry('c', '/h/.agents/skills/c/SKILL.md'));
    const kinds = PI_DRIVER.residue ?? [];
    const kindOf = (line: string) => kinds.find((k) => k.pattern.test(line))?.kind;
    assert.equal(kindOf('<available_skills>'), 'skills list header');
    assert.equal(kindOf('Guidelines:'), 'pi’s own system prompt');
    assert.equal(kindOf('Anything a repository wrote'), undefined);
  });
});
