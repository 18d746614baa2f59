/**
 * Contained and bounded on every profile surface: a repository is the only thing its
 * author controls, so nothing it holds may make Holaryn print a file outside the workspace and the
 * agent's own folders, crash it, or hang it. Each case builds a fake home directory holding a
 * recognisable secret (`~/.ssh/id_rsa`), points HOME and every agent's home variable at it, and
 * runs the built executable as a child process over every agent profile and every command
 * surface: `instructions` (text with the context, `--json`, `--format markdown`), `compare` (text
 * and `--json`), `check --agents`, the gate and the MCP server. The secret never appears in any
 * output; where the real agent would send the file to its model, the disclosure says so.
 *
 * Every run is bounded as a hang and blow-up guard (a repository is hostile input): at most RUN_MS of wall
 * time and RUN_RSS_MB of peak memory, measured in the child itself (its VmHWM, written by a
 * preloaded module at exit; process.resourceUsage().maxRSS where there is no /proc). The table
 * printed after the suite gives, per case, how many runs it made and the longest time and largest
 * peak memory among them.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, FileSpec, RunResult, TempDirs, baseEnv, build, writeTree } from '../../helpers/cli';
import { buildTree, TreeNode } from '../../../src/vscode/model';
import { Evidence, resolveInstructions } from '../../../src/resolver';

/** The secret every case hides in the fake home; no output may contain it. */
const SECRET = 'HOLARYN-TEST-SECRET-2f9c1e-BEGIN-OPENSSH-PRIVATE-KEY';
const PLACEHOLDER = '[not shown: links outside the repository]';
const RUN_MS = 5000;
const RUN_RSS_MB = 400;

const AGENTS = ['codex', 'claude-code', 'copilot', 'gemini', 'kimi'] as const;
const OTHERS = ['holaryn', 'dsh', 'holon', 'narya'] as const;
const ALL = [...AGENTS, ...OTHERS];
/** The agent's own name, as the disclosure names it. */
const AGENT_NAME: Record<(typeof AGENTS)[number], string> = {
  codex: 'Codex',
  'claude-code': 'Claude Code',
  copilot: 'GitHub Copilot',
  gemini: 'Gemini CLI',
  kimi: 'Kimi CLI',
};

/** A run with its wall time and the child's own peak memory. */
interface Measured extends RunResult {
  ms: number;
  rssMb: number;
}

interface Row {
  runs: number;
  ms: number;
  rssMb: number;
}

describe('hostile: containment and bounds on every profile surface (test/hostile/profiles)', function () {
  this.timeout(600_000);
  const temp = new TempDirs();
  const table = new Map<string, Row>();
  let preload = '';
  let rssFile = '';

  before(() => {
    build();
    const dir = temp.make('holaryn-containment-');
    preload = path.join(dir, 'rss.cjs');
    rssFile = path.join(dir, 'rss.txt');
    // The child's own peak: /proc/self/status VmHWM belongs to the process's memory after exec.
    // (process.resourceUsage().maxRSS may also count the parent's pages the fork shared before the
    // exec, so it is only the fallback where /proc is missing.)
    fs.writeFileSync(
      preload,
      [
        "const fs = require('fs');",
        "process.on('exit', () => {",
        '  let kb = NaN;',
        "  try { kb = Number(/VmHWM:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}",
        '  if (!(kb > 0)) kb = process.resourceUsage().maxRSS;',
        '  try { fs.writeFileSync(process.env.HOLARYN_TEST_RSS_FILE, String(kb)); } catch {}',
        '});',
        '',
      ].join('\n'),
    );
  });
  after(() => {
    temp.cleanup();
    if (table.size === 0) return;
    const rows = [...table.entries()];
    const w = Math.max(...rows.map(([name]) => name.length), 4);
    const lines = [
      '',
      `  ${'case'.padEnd(w)}  runs  max time  max peak RSS`,
      `  ${'-'.repeat(w)}  ----  --------  ------------`,
      ...rows.map(
        ([name, r]) =>
          `  ${name.padEnd(w)}  ${String(r.runs).padStart(4)}  ${`${r.ms} ms`.padStart(8)}  ${`${r.rssMb.toFixed(1)} MB`.padStart(12)}`,
      ),
      `  (bounds per run: ${RUN_MS} ms, ${RUN_RSS_MB} MB)`,
      '',
    ];
    console.log(lines.join('\n'));
  });

  /** The environment of a case: HOME and every agent's own home variable inside the fake home. */
  function envFor(home: string, extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...baseEnv(home),
      CODEX_HOME: path.join(home, '.codex'),
      CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
      GEMINI_CLI_HOME: home,
      HOLARYN_HOME: path.join(home, '.holaryn'),
      DSH_HOME: path.join(home, '.dsh'),
      HOLARYN_CLAUDE_MANAGED_DIR: path.join(home, 'managed'),
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'system-settings.json'),
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      ...extra,
      HOLARYN_TEST_RSS_FILE: rssFile,
    };
  }

  /** One measured run of the executable, recorded under `name` and checked against the bounds. */
  function run(name: string, args: string[], cwd: string, env: Record<string, string>, input = ''): Measured {
    fs.rmSync(rssFile, { force: true });
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['--require', preload, CLI, ...args], {
      cwd,
      env,
      input,
      encoding: 'utf8',
      timeout: RUN_MS * 4,
      killSignal: 'SIGKILL',
      maxBuffer: 256 * 1024 * 1024,
    });
    const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
    const rssKb = fs.existsSync(rssFile) ? Number(fs.readFileSync(rssFile, 'utf8')) : NaN;
    const m: Measured = { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms, rssMb: rssKb / 1024 };
    const row = table.get(name) ?? { runs: 0, ms: 0, rssMb: 0 };
    table.set(name, { runs: row.runs + 1, ms: Math.max(row.ms, ms), rssMb: Math.max(row.rssMb, m.rssMb) });
    const what = `${args.join(' ')} (in ${cwd})`;
    assert.equal(r.signal, null, `${what}: killed after ${ms} ms`);
    assert.ok(ms <= RUN_MS, `${what}: took ${ms} ms, over the ${RUN_MS} ms bound`);
    assert.ok(Number.isFinite(m.rssMb), `${what}: the child wrote no peak memory`);
    assert.ok(m.rssMb <= RUN_RSS_MB, `${what}: peak memory ${m.rssMb.toFixed(1)} MB, over ${RUN_RSS_MB} MB`);
    assert.ok(!m.stdout.includes(SECRET) && !m.stderr.includes(SECRET), `${what}: the secret is printed`);
    assert.doesNotMatch(m.stderr, /internal error|Maximum call stack/, what);
    return m;
  }

  function evidenceOf(m: Measured, what: string): Evidence {
    assert.equal(m.status, 0, `${what}: exit ${m.status}\n${m.stderr}`);
    return JSON.parse(m.stdout) as Evidence;
  }

  /** The requests of one MCP session (initialize, then one tool call), as JSON lines. */
  function mcpSession(paths: string[]): string {
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'repository_instructions', arguments: { paths } } },
    ];
    return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  }

  /** The answers of an MCP session by id. */
  function mcpAnswers(
    m: Measured,
  ): Map<number, { result?: { content?: { text: string }[]; structuredContent?: Evidence }; error?: unknown }> {
    const out = new Map();
    for (const line of m.stdout.split('\n')) {
      if (line.trim() === '') continue;
      const msg = JSON.parse(line) as { id?: number };
      if (typeof msg.id === 'number') out.set(msg.id, msg);
    }
    return out;
  }

  /** A fake home holding the secret; `git`: the home is itself a git repository (a dotfiles setup). */
  function fakeHome(git: boolean, extra: Record<string, FileSpec> = {}): string {
    const base = temp.make('holaryn-home-');
    const home = path.join(base, 'home');
    writeTree(home, { '.ssh/id_rsa': `${SECRET}\n`, '.netrc': `machine x password ${SECRET}\n`, ...extra });
    if (git) writeTree(home, { '.git/HEAD': 'ref: refs/heads/main\n', '.git/config': '' });
    return home;
  }

  /** Every surface for one profile on one root: each output free of the secret; the JSON evidence returned. */
  function surfaces(
    name: string,
    profile: string,
    root: string,
    targets: string[],
    env: Record<string, string>,
  ): { evidence: Evidence; text: string; markdown: string; gate: string; mcp: Evidence } {
    const text = run(`${name}: instructions (text)`, ['instructions', root, ...targets, '--profile', profile, '--context'], root, env);
    assert.equal(text.status, 0, text.stderr);
    const evidence = evidenceOf(
      run(`${name}: instructions --json`, ['instructions', root, ...targets, '--profile', profile, '--json'], root, env),
      `${profile} --json`,
    );
    const markdown = run(
      `${name}: instructions --format markdown`,
      ['instructions', root, ...(targets.length > 0 ? targets : ['.']), '--profile', profile, '--format', 'markdown'],
      root,
      env,
    );
    assert.equal(markdown.status, 0, markdown.stderr);
    const call = JSON.stringify({ id: 1, kind: 'read', targets: targets.length > 0 ? targets : ['.'] });
    const gate = run(`${name}: gate`, ['gate', root, '--profile', profile], root, env, `${call}\n`);
    assert.equal(gate.status, 0, gate.stderr);
    assert.match(gate.stdout.split('\n')[0], /"type":"preamble"/);
    const mcp = run(`${name}: mcp`, ['mcp', root, '--profile', profile], root, env, mcpSession(targets.length > 0 ? targets : ['.']));
    const answers = mcpAnswers(mcp);
    assert.ok(answers.get(1)?.result, `${profile} mcp: initialize unanswered\n${mcp.stdout.slice(0, 500)}${mcp.stderr}`);
    const tool = answers.get(2)?.result;
    assert.ok(tool?.structuredContent, `${profile} mcp: the tool call unanswered\n${mcp.stdout.slice(0, 500)}${mcp.stderr}`);
    return { evidence, text: text.stdout, markdown: markdown.stdout, gate: gate.stdout, mcp: tool.structuredContent };
  }

  /**
   * The disclosure of a file the agent would send: included, never read, with the warning naming
   * the agent. The MCP tool's evidence gives every source's content as "" (its text is the context).
   */
  function assertDisclosed(ev: Evidence, profile: (typeof AGENTS)[number], to = '~/.ssh/id_rsa', mcp = false): void {
    const included = ev.sources.filter((s) => s.disclosed === to && s.status === 'included');
    assert.ok(
      included.length > 0,
      `${profile}: no included source disclosed as ${to}: ${JSON.stringify(ev.sources.map((s) => [s.path, s.status, s.disclosed]))}`,
    );
    for (const s of included) assert.equal(s.content, mcp ? '' : PLACEHOLDER);
    assert.ok(ev.context.includes(PLACEHOLDER), `${profile}: the context lacks the placeholder`);
    const warning = `${AGENT_NAME[profile]} would send ${to} to the model`;
    assert.ok(
      ev.diagnostics.some((d) => d.code === 'symlink-outside-root' && d.message.includes(warning)),
      `${profile}: no "${warning}" in ${JSON.stringify(ev.diagnostics)}`,
    );
  }

  describe('a project without .git inside a home kept in git (dotfiles): the home is not the repository', () => {
    let home = '';
    let project = '';
    let env: Record<string, string> = {};
    const link = { symlink: '../../.ssh/id_rsa' };
    before(() => {
      home = fakeHome(true);
      project = path.join(home, 'dl', 'proj');
      writeTree(project, {
        'AGENTS.md': link,
        'CLAUDE.md': link,
        'CLAUDE.local.md': link,
        'GEMINI.md': link,
        '.github/copilot-instructions.md': { symlink: '../../../.ssh/id_rsa' },
        '.kimi/AGENTS.md': { symlink: '../../../.ssh/id_rsa' },
        'sub/x.ts': '',
      });
      env = envFor(home);
      // Narya reads a repository's files only once it is trusted: trust it, so its rule is tried too.
      const trusted = run('dotfiles home: trust (narya)', ['trust', project, '--set', 'trusted'], project, env);
      assert.equal(trusted.status, 0, trusted.stderr);
    });

    for (const profile of ALL) {
      it(`${profile}: links to ~/.ssh/id_rsa from the project, on every surface`, () => {
        const s = surfaces('dotfiles home, links', profile, project, ['sub/x.ts'], env);
        if ((AGENTS as readonly string[]).includes(profile)) {
          const agent = profile as (typeof AGENTS)[number];
          assertDisclosed(s.evidence, agent);
          assert.ok(s.text.includes(`${AGENT_NAME[agent]} would send ~/.ssh/id_rsa to the model`));
          assert.ok(s.mcp.sources.some((x) => x.disclosed === '~/.ssh/id_rsa'));
        } else {
          // Holaryn's own rules refuse such a link, or every link: skipped, never read.
          assert.ok(
            s.evidence.diagnostics.some((d) => d.code === 'symlink-outside-root' || d.code === 'symlink-refused'),
            JSON.stringify(s.evidence.diagnostics),
          );
        }
      });
    }

    for (const profile of AGENTS) {
      it(`${profile}: from a subfolder of the project`, () => {
        const root = path.join(project, 'sub');
        const ev = evidenceOf(
          run(
            'dotfiles home, links, from a subfolder: instructions --json',
            ['instructions', root, '--profile', profile, '--json'],
            root,
            env,
          ),
          profile,
        );
        // Copilot reads only its workspace folder's own files: from the subfolder there are none.
        if (profile !== 'copilot') assertDisclosed(ev, profile);
        const text = run(
          'dotfiles home, links, from a subfolder: instructions (text)',
          ['instructions', root, '--profile', profile, '--context'],
          root,
          env,
        );
        assert.equal(text.status, 0);
      });
    }

    it('check, with every agent\u2019s pitfalls (text and --format json)', () => {
      const agents = AGENTS.join(',');
      for (const args of [
        ['check', project, '--agents', agents],
        ['check', project, '--agents', agents, '--format', 'json'],
      ]) {
        const m = run('dotfiles home, links: check --agents', args, project, env);
        assert.ok(m.status === 0 || m.status === 1, `check exit ${m.status}: ${m.stderr}`);
      }
    });

    it('compare (text and --json) over every profile, from the project and from a subfolder', () => {
      for (const root of [project, path.join(project, 'sub')]) {
        const text = run('dotfiles home, links: compare (text)', ['compare', root, '.'], root, env);
        assert.equal(text.status, 0, text.stderr);
        const json = JSON.parse(run('dotfiles home, links: compare --json', ['compare', root, '.', '--json'], root, env).stdout) as {
          profiles: Record<string, Evidence>;
        };
        for (const profile of AGENTS) {
          if (profile === 'copilot' && root !== project) continue;
          assertDisclosed(json.profiles[profile], profile);
        }
      }
    });
  });

  describe('@imports leaving the workspace, in a home kept in git', () => {
    let home = '';
    let project = '';
    let env: Record<string, string> = {};
    before(() => {
      home = fakeHome(true);
      project = path.join(home, 'dl', 'proj');
      writeTree(project, {
        'GEMINI.md': 'Project rules. @../../.ssh/id_rsa\n',
        'CLAUDE.md': 'Rules.\n@../../.ssh/id_rsa\n@~/.ssh/id_rsa\n@~/.netrc\n',
        'sub/GEMINI.md': 'Sub rules. @../../../.ssh/id_rsa\n',
        'sub/CLAUDE.md': '@../../../.ssh/id_rsa\n',
        'sub/x.ts': '',
      });
      env = envFor(home);
    });

    for (const profile of ['gemini', 'claude-code'] as const) {
      it(`${profile}: imports of ~/.ssh/id_rsa and ~/.netrc, on every surface, from the project and on touch`, () => {
        const s = surfaces('imports leaving the workspace', profile, project, ['sub/x.ts'], env);
        if (profile === 'gemini') {
          // Gemini inserts what its own check lets through: the placeholder stands in its place.
          assert.match(
            s.evidence.context,
            /<!-- Imported from: \.\.\/\.\.\/\.ssh\/id_rsa -->\n\[not shown: links outside the repository\]/,
          );
          assert.ok(
            s.evidence.diagnostics.some((d) => d.source === 'GEMINI.md' && d.message.includes('Gemini CLI would send ~/.ssh/id_rsa')),
          );
          assert.ok(
            s.evidence.diagnostics.some((d) => d.source === 'sub/GEMINI.md' && d.message.includes('Gemini CLI would send ~/.ssh/id_rsa')),
          );
        } else {
          // Claude Code asks before it imports a file outside the working directory: not loaded.
          const outside = s.evidence.sources.filter((x) => x.path.endsWith('.ssh/id_rsa') || x.path.endsWith('.netrc'));
          assert.ok(outside.length > 0);
          for (const x of outside) assert.equal(x.status, 'not-loaded', JSON.stringify(x));
        }
      });
    }

    it('compare --json over every profile', () => {
      const m = run('imports leaving the workspace: compare --json', ['compare', project, 'sub/x.ts', '--json'], project, env);
      assert.equal(m.status, 0, m.stderr);
    });
  });

  describe("names from settings: the repository's .gemini/settings.json and Codex's fallback names", () => {
    let project = '';
    let env: Record<string, string> = {};
    before(() => {
      const home = fakeHome(false, {
        '.codex/config.toml': 'project_doc_fallback_filenames = ["../home/.ssh/id_rsa", "../home/.netrc"]\n',
      });
      project = path.join(path.dirname(home), 'proj');
      writeTree(project, {
        '.git/HEAD': 'ref: refs/heads/main\n',
        '.gemini/settings.json': JSON.stringify({ context: { fileName: ['../home/.ssh/id_rsa', '..\\home\\.netrc', 'GEMINI.md'] } }),
        'GEMINI.md': 'Project rules.\n',
        'sub/GEMINI.md': 'Sub rules.\n',
        'sub/x.ts': '',
      });
      env = envFor(home);
    });

    for (const profile of ['gemini', 'codex'] as const) {
      it(`${profile}: an invalid-value naming each name, and what it reaches disclosed, on every surface`, () => {
        const s = surfaces('names from settings', profile, project, ['sub/x.ts'], env);
        const setting = profile === 'gemini' ? 'context.fileName' : 'project_doc_fallback_filenames';
        assert.ok(
          s.evidence.diagnostics.some((d) => d.code === 'invalid-value' && d.message.startsWith(`${setting} "../home/.ssh/id_rsa"`)),
          JSON.stringify(s.evidence.diagnostics),
        );
        if (profile === 'codex') {
          // Codex 0.169.0 drops a fallback name holding a '/' (seen in a run): nothing is probed.
          assert.ok(!s.evidence.sources.some((x) => x.path.includes('.ssh')), JSON.stringify(s.evidence.sources));
          return;
        }
        assertDisclosed(s.evidence, profile);
        assertDisclosed(s.mcp, profile, '~/.ssh/id_rsa', true);
      });
    }

    it('compare --json and on touch: the same', () => {
      const m = run('names from settings: compare --json', ['compare', project, 'sub/x.ts', '--json'], project, env);
      const json = JSON.parse(m.stdout) as { profiles: Record<string, Evidence> };
      assertDisclosed(json.profiles.gemini, 'gemini');
      const text = run('names from settings: compare (text)', ['compare', project, 'sub/x.ts'], project, env);
      assert.equal(text.status, 0);
    });
  });

  describe("a repository's own link above a subfolder root (a project with its .git, inside the home)", () => {
    let project = '';
    let env: Record<string, string> = {};
    before(() => {
      const home = fakeHome(false);
      project = path.join(home, 'src', 'proj');
      const link = { symlink: '../../.ssh/id_rsa' };
      writeTree(project, {
        '.git/HEAD': 'ref: refs/heads/main\n',
        'CLAUDE.md': link,
        'AGENTS.md': link,
        'GEMINI.md': link,
        'sub/x.ts': '',
      });
      env = envFor(home);
    });
    for (const profile of ['claude-code', 'codex', 'gemini', 'kimi'] as const) {
      it(`${profile}: the file above the root is the repository's, disclosed, never read`, () => {
        const s = surfaces('repository link above a subfolder root', profile, path.join(project, 'sub'), [], env);
        assertDisclosed(s.evidence, profile);
      });
    }
  });

  describe('Copilot: an instruction folder that is a link out of the repository', () => {
    let project = '';
    let env: Record<string, string> = {};
    before(() => {
      const home = fakeHome(false, {
        'notes/key.instructions.md': `---\napplyTo: "**/${SECRET}"\ndescription: "${SECRET}"\n---\n${SECRET}\n`,
        'notes/all.instructions.md': `---\napplyTo: "**"\n---\n${SECRET}\n`,
      });
      project = path.join(path.dirname(home), 'proj');
      writeTree(project, { '.git/HEAD': 'ref: refs/heads/main\n', '.github/instructions': { symlink: '../../home/notes' }, 'a.ts': '' });
      env = envFor(home);
    });
    it('copilot: each file is disclosed, its header (applyTo, description) never read, on every surface', () => {
      const s = surfaces('copilot linked instruction folder', 'copilot', project, ['a.ts'], env);
      assert.ok(s.evidence.sources.some((x) => x.disclosed === '~/notes/key.instructions.md'));
    });
  });

  describe('depth bombs: 10,000 nested [ in settings and configuration files', () => {
    let project = '';
    let env: Record<string, string> = {};
    let untrustedEnv: Record<string, string> = {};
    const bomb = '['.repeat(10_000);
    before(() => {
      const home = fakeHome(false, {
        '.codex/config.toml': `a = ${bomb}\n`,
        '.gemini/trustedFolders.json': `{"x": ${'{"a":'.repeat(10_000)}`,
      });
      project = path.join(path.dirname(home), 'proj');
      writeTree(project, {
        '.git/HEAD': 'ref: refs/heads/main\n',
        '.claude/settings.json': bomb,
        '.claude/settings.local.json': `{"claudeMdExcludes": ${bomb}`,
        '.gemini/settings.json': bomb,
        'CLAUDE.md': 'Rules.\n',
        'GEMINI.md': 'Rules.\n',
        'AGENTS.md': 'Rules.\n',
        'a.ts': '',
      });
      env = envFor(home);
      // Without the variable Gemini reads its trusted folders file (the bomb there).
      untrustedEnv = envFor(home);
      delete untrustedEnv.GEMINI_CLI_TRUST_WORKSPACE;
    });

    const malformed = (ev: Evidence, file: string) =>
      assert.ok(
        ev.diagnostics.some((d) => d.code === 'malformed-config' && d.source === file && /nests deeper than 64 levels/.test(d.message)),
        `no malformed-config for ${file}: ${JSON.stringify(ev.diagnostics).slice(0, 600)}`,
      );

    for (const [profile, files] of [
      ['claude-code', ['.claude/settings.json', '.claude/settings.local.json']],
      ['gemini', ['.gemini/settings.json']],
      ['codex', ['$CODEX_HOME/config.toml']],
    ] as const) {
      it(`${profile}: a malformed-config error naming each file, never a crash, on every surface`, () => {
        const s = surfaces('depth bombs', profile, project, ['a.ts'], env);
        for (const file of files) {
          malformed(s.evidence, file);
          malformed(s.mcp, file);
        }
      });
    }

    it('gemini: a depth bomb in the trusted folders file makes the folder untrusted, with the error', () => {
      const ev = evidenceOf(
        run('depth bombs: trusted folders file', ['instructions', project, 'a.ts', '--profile', 'gemini', '--json'], project, untrustedEnv),
        'gemini',
      );
      malformed(ev, '$GEMINI_CLI_HOME/.gemini/trustedFolders.json');
      assert.equal(ev.sources.find((x) => x.path === 'GEMINI.md')?.status, 'untrusted');
    });

    it('compare (text and --json) and check --agents', () => {
      const json = evidenceOf(
        run('depth bombs: compare --json', ['compare', project, 'a.ts', '--json'], project, env),
        'compare',
      ) as unknown as {
        profiles: Record<string, Evidence>;
      };
      malformed(json.profiles['claude-code'], '.claude/settings.json');
      malformed(json.profiles.gemini, '.gemini/settings.json');
      assert.equal(run('depth bombs: compare (text)', ['compare', project, 'a.ts'], project, env).status, 0);
      const check = run(
        'depth bombs: check --agents',
        ['check', project, '--agents', 'codex,claude-code,gemini,copilot,kimi'],
        project,
        env,
      );
      assert.ok(check.status === 0 || check.status === 1, `check exit ${check.status}: ${check.stderr}`);
    });
  });

  describe('the editor view (in-process model): a disclosed source opens its placeholder, never the file', () => {
    it('the source row opens the content document; its diagnostic opens nothing', () => {
      const home = fakeHome(true);
      const project = path.join(home, 'dl', 'proj');
      writeTree(project, { 'AGENTS.md': { symlink: '../../.ssh/id_rsa' } });
      const ev = resolveInstructions(project, [], { profile: 'codex', homedir: home, env: { CODEX_HOME: path.join(home, '.codex') } });
      assert.ok(!JSON.stringify(ev).includes(SECRET));
      const nodes = buildTree(ev);
      const all = (list: TreeNode[]): TreeNode[] => list.flatMap((n) => [n, ...all(n.children ?? [])]);
      const row = all(nodes).find((n) => n.label === '1. AGENTS.md');
      assert.equal(row?.action?.kind, 'open-content');
      const diagnostic = all(nodes).find((n) => n.id.startsWith('diagnostic:') && n.description?.includes('symlink-outside-root'));
      assert.ok(diagnostic);
      assert.equal(diagnostic.action, undefined);
    });
  });
});
