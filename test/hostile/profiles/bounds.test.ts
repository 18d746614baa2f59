/**
 * The crashes, hangs and wrong answers a hostile repository could cause on the profile surfaces,
 * as cases over every profile and command where each applies (`instructions`, `compare`,
 * `check --agents <agent>`), on the built executable: each run must finish within 5 s and 400 MB
 * of peak RSS (a guard against a hang or a blow-up; nothing else about time is asserted). The
 * 5 s are the child's CPU time (user +
 * system), which does not grow when other work shares the machine; a run still going after
 * WALL_GUARD_MS of wall time is killed as a hang. The figures are printed as a table at the end. A few facts that need no process (read once, a diamond expanded twice, an EACCES) are
 * checked on the library.
 *
 * - Gemini imports that import each other: Gemini's text, cut at MAX_IMPORT_EXPANSION_CHARS.
 * - `check --agents`: linear and bounded (MAX_AGENT_PAIRS), each agent's own files counted.
 * - Globs of every profile under the pattern bounds (length, `[` per segment, a total per file).
 * - Not-applicable records of constant size for 1,000 targets.
 * - Huge files read only as far as the model can see them; NUL bytes as a binary file.
 * - Rule folders cut at MAX_RULE_FILES with a diagnostic; unreadable and linked rule folders.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, FsError, ResolverFs, profileNames, resolveInstructions } from '../../../src/resolver';
import { MAX_IMPORT_EXPANSION_CHARS, MAX_PATTERN_CHARS_PER_FILE, MAX_RULE_FILES } from '../../../src/resolver/limits';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { agentNames } from '../../../src/lint';
import { TempDirs, baseEnv, build, writeTree } from '../../helpers/cli';
import { FigureTable, Measured, cleanupMeasure, measure } from '../../helpers/measure';

/** CPU time one run may take (a guard against a hang, not a speed test). */
const MAX_CPU_MS = 5_000;
/** Wall time after which a run is killed as a hang (generous: the machine may be shared). */
const WALL_GUARD_MS = 60_000;
const MAX_MB = 400;
const PROFILES = profileNames();
const GiB = 1024 ** 3;
const MiB = 1024 * 1024;

type Json = Record<string, unknown>;

describe('hostile profiles: bounds on every profile surface (the executable, each run within 5 s and 400 MB)', function () {
  this.timeout(120_000);
  const tmp = new TempDirs();
  const table = new FigureTable();
  let home = '';
  let scratch = '';

  before(function () {
    this.timeout(300_000);
    build();
    scratch = tmp.make('holaryn-bounds-');
    home = tmp.make('holaryn-bounds-home-');
  });

  after(() => {
    tmp.cleanup();
    cleanupMeasure();
    table.print('bounds cases');
  });

  /** Runs `holaryn ...args`; fails when it is killed as a hang, takes MAX_CPU_MS of CPU, or its peak RSS reaches MAX_MB. */
  function holaryn(name: string, args: string[], env: Record<string, string> = {}): Measured {
    const r = table.add(
      `${args[0]}: ${name}`,
      measure(args, { env: { ...baseEnv(home), ...env }, cwd: scratch, timeoutMs: WALL_GUARD_MS }),
    );
    assert.equal(r.signal, null, `${name}: killed after ${r.ms} ms (the ${WALL_GUARD_MS} ms guard): it hangs or blows up`);
    assert.ok(r.cpuMs < MAX_CPU_MS, `${name}: ${r.cpuMs} ms of CPU`);
    assert.ok(r.peakMb < MAX_MB, `${name}: peak RSS ${r.peakMb} MB`);
    return r;
  }

  function parsed(name: string, r: Measured): Json {
    try {
      return JSON.parse(r.stdout) as Json;
    } catch {
      assert.fail(`${name}: not one JSON document (exit ${r.status}): ${r.stdout.slice(0, 300)} ${r.stderr.slice(0, 300)}`);
    }
  }

  /** `holaryn instructions <repo> <targets> --profile P --json`. */
  function instructions(
    name: string,
    repo: string,
    profile: string,
    targets: string[] = [],
    env: Record<string, string> = {},
    extra: string[] = [],
  ): Evidence {
    const r = holaryn(
      `${name} [${profile}]`,
      ['instructions', repo, ...targets, '--profile', profile, '--json', '--no-global', ...extra],
      env,
    );
    assert.equal(r.status, 0, `${name} [${profile}]: exit ${r.status}: ${r.stderr.slice(0, 500)}`);
    return parsed(name, r) as unknown as Evidence;
  }

  /** `holaryn compare <repo> <targets> --json`: every profile's evidence. */
  function compare(name: string, repo: string, targets: string[], env: Record<string, string> = {}): Record<string, Evidence> {
    const r = holaryn(name, ['compare', repo, ...targets, '--json', '--no-global'], env);
    assert.equal(r.status, 0, `${name}: exit ${r.status}: ${r.stderr.slice(0, 500)}`);
    return (parsed(name, r) as { profiles: Record<string, Evidence> }).profiles;
  }

  /** `holaryn check <repo> --agents A --json` (exit 0 or 1: findings are allowed). */
  function check(name: string, repo: string, agent: string, env: Record<string, string> = {}): Json {
    const r = holaryn(`${name} [${agent}]`, ['check', repo, '--agents', agent, '--json'], env);
    assert.ok(r.status === 0 || r.status === 1, `${name} [${agent}]: exit ${r.status}: ${r.stderr.slice(0, 500)}`);
    return parsed(name, r);
  }

  function repo(files: Record<string, string | Buffer>): string {
    const dir = path.join(tmp.make('holaryn-bounds-repo-'), 'repo');
    fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
    writeTree(dir, files);
    return dir;
  }

  /** Many files in one folder, written directly (writeTree's per-file mkdir is slow at thousands). */
  function many(dir: string, count: number, name: (i: number) => string, text: (i: number) => string): void {
    fs.mkdirSync(dir, { recursive: true });
    for (let i = 0; i < count; i++) fs.writeFileSync(path.join(dir, name(i)), text(i));
  }

  const diags = (ev: Evidence, code: string) => ev.diagnostics.filter((d) => d.code === code);

  // --- 1. Gemini imports ------------------------------------------------------------------------

  describe('Gemini imports that import each other: Gemini\u2019s text, bounded by MAX_IMPORT_EXPANSION_CHARS', () => {
    const TRUST = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
    function importBomb(n: number): string {
      const all = Array.from({ length: n }, (_, i) => `@f${i}.md`).join(' ');
      const files: Record<string, string> = { 'GEMINI.md': `root ${all}\n` };
      for (let i = 0; i < n; i++) files[`f${i}.md`] = `file ${i} ${all}\n`;
      return repo(files);
    }

    for (const n of [15, 50]) {
      it(`${n} files importing each other: cut with too-large, in instructions, compare and check --agents gemini`, () => {
        const root = importBomb(n);
        const ev = instructions(`gemini: ${n} files importing each other`, root, 'gemini', [], TRUST);
        const cut = diags(ev, 'too-large').filter((d) => /MAX_IMPORT_EXPANSION_CHARS/.test(d.message));
        assert.equal(cut.length, 1, JSON.stringify(ev.diagnostics));
        assert.equal(cut[0].source, 'GEMINI.md');
        assert.ok(ev.context.length <= MAX_IMPORT_EXPANSION_CHARS + 10_000, `context of ${ev.context.length} characters`);
        assert.ok(ev.context.length > MAX_IMPORT_EXPANSION_CHARS / 2, 'the expansion runs up to the bound');
        const all = compare(`gemini: ${n} files importing each other`, root, ['.'], TRUST);
        assert.equal(diags(all.gemini, 'too-large').length, 1);
        const checked = check(`gemini: ${n} files importing each other`, root, 'gemini', TRUST);
        assert.ok((checked.agentFiles as Record<string, string[]>).gemini.includes('GEMINI.md'));
      });
    }

    it('a diamond is expanded twice, as Gemini does, and every file is read once', () => {
      const files = {
        '/r/.git/HEAD': '',
        '/r/GEMINI.md': 'top @a.md @b.md\n',
        '/r/a.md': 'A @d.md\n',
        '/r/b.md': 'B @d.md\n',
        '/r/d.md': 'DIAMOND\n',
      };
      const opened: string[] = [];
      const mem = new MemoryFs(files);
      const counting: ResolverFs = Object.assign(Object.create(mem) as ResolverFs, {
        open: (p: string, st: Parameters<ResolverFs['open']>[1]) => {
          opened.push(p);
          return mem.open(p, st);
        },
      });
      const ev = resolveInstructions('/r', [], {
        fs: counting,
        profile: 'gemini',
        env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
        homedir: '/h',
      });
      assert.equal(ev.context.split('DIAMOND').length - 1, 2, ev.context);
      const counts = new Map<string, number>();
      for (const p of opened) counts.set(p, (counts.get(p) ?? 0) + 1);
      for (const [p, n] of counts) assert.equal(n, 1, `${p} was opened ${n} times`);
      assert.ok(counts.has('/r/GEMINI.md') && counts.has('/r/d.md'));
    });
  });

  // --- 2. check --agents: linear, bounded, counting each agent's own files ---------------------

  describe('check --agents: linear and bounded, each agent\u2019s own files counted', () => {
    it('2,001 Copilot instruction files and 2,000 other files: counted, checked within the bound (MAX_AGENT_PAIRS said)', () => {
      const root = repo({});
      many(
        path.join(root, '.github/instructions'),
        2001,
        (i) => `r${i}.instructions.md`,
        (i) => `---\napplyTo: "src/m${i}/**"\n---\nrule ${i}\n`,
      );
      many(
        path.join(root, 'src'),
        2000,
        (i) => `f${i}.ts`,
        () => 'x\n',
      );
      const checked = check('copilot: 2,001 instruction files', root, 'copilot');
      assert.equal((checked.agentFiles as Record<string, string[]>).copilot.length, 2001);
      const cuts = checked.agentCuts as { agent: string; bound: string; checked: number; of: number }[];
      assert.ok(
        cuts.some((c) => c.agent === 'copilot' && c.bound === 'MAX_AGENT_PAIRS' && c.checked < c.of),
        JSON.stringify(cuts),
      );
      const text = holaryn('copilot: 2,001 instruction files (text)', ['check', root, '--agents', 'copilot']);
      assert.match(text.stdout, /in 2001 instruction files \(Holaryn's 0, copilot's 2001\)/);
      assert.match(text.stdout, /copilot was asked about the first \d+ of \d+ files \(MAX_AGENT_PAIRS\)/);
      const ev = instructions('copilot: 2,001 instruction files', root, 'copilot');
      assert.equal(ev.sources.filter((s) => s.path.startsWith('.github/instructions/')).length, 2001);
    });

    for (const agent of agentNames()) {
      it(`check --agents ${agent} counts its own files in a small workspace`, () => {
        const root = repo({
          'AGENTS.md': 'agents\n',
          'CLAUDE.md': 'claude\n',
          'GEMINI.md': 'gemini\n',
          'sub/AGENTS.md': 'sub agents\n',
          'sub/CLAUDE.md': 'sub claude\n',
          '.github/instructions/a.instructions.md': '---\napplyTo: "**"\n---\na\n',
          '.claude/rules/r.md': 'rule\n',
          'src/x.ts': 'x\n',
        });
        const checked = check('a small workspace', root, agent, { GEMINI_CLI_TRUST_WORKSPACE: 'true' });
        const own = (checked.agentFiles as Record<string, string[]>)[agent];
        const expected: Record<string, string[]> = {
          codex: ['AGENTS.md', 'sub/AGENTS.md'],
          copilot: ['.claude/rules/r.md', '.github/instructions/a.instructions.md', 'AGENTS.md', 'CLAUDE.md'],
          'claude-code': ['.claude/rules/r.md', 'CLAUDE.md', 'sub/CLAUDE.md'],
          gemini: ['GEMINI.md'],
          kimi: ['AGENTS.md', 'sub/AGENTS.md'],
          // Cline reads the working directory's AGENTS.md only (no walk, no subfolders).
          cline: ['AGENTS.md'],
          // Copilot CLI: the root's model files and both rule folders, nothing below the working directory at start.
          'copilot-cli': ['.claude/rules/r.md', '.github/instructions/a.instructions.md', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md'],
          // Cursor, opencode and Qwen Code: the root AGENTS.md (sub/AGENTS.md only on touch or from below).
          cursor: ['AGENTS.md'],
          opencode: ['AGENTS.md'],
          'qwen-code': ['AGENTS.md'],
          // pi: one file per folder from / down to each working directory, AGENTS.md before CLAUDE.md.
          pi: ['AGENTS.md', 'sub/AGENTS.md'],
          // Kilo Code: opencode's walk, the root AGENTS.md.
          kilo: ['AGENTS.md'],
          // Continue and Droid consider both names of the root (the first found is sent).
          continue: ['AGENTS.md', 'CLAUDE.md'],
          droid: ['AGENTS.md', 'CLAUDE.md'],
          // Auggie sends both names of the git root, nothing below it.
          auggie: ['AGENTS.md', 'CLAUDE.md'],
        };
        assert.deepEqual(own, expected[agent]);
      });
    }
  });

  describe('a deep tree: the directories on many targets\u2019 chains are found once each', () => {
    it('300 files 1,000 folders deep: check --agents claude-code and copilot, instructions on the deepest file', () => {
      const root = repo({ 'CLAUDE.md': 'c\n', 'AGENTS.md': 'a\n', '.claude/rules/r.md': '---\npaths: "**/*.ts"\n---\nr\n' });
      const deep = path.join(root, ...Array.from({ length: 1000 }, () => 'a'));
      many(
        deep,
        300,
        (i) => `f${i}.ts`,
        () => 'x\n',
      );
      try {
        for (const agent of ['claude-code', 'copilot']) check('300 files 1,000 folders deep', root, agent);
        const target = `${'a/'.repeat(1000)}f0.ts`;
        for (const profile of ['claude-code', 'copilot']) instructions('a file 1,000 folders deep', root, profile, [target]);
      } finally {
        // Node's recursive rm recurses once per level.
        execFileSync('rm', ['-rf', path.join(root, 'a')]);
      }
    });
  });

  // --- 3. Globs of every profile under the pattern bounds --------------------------------------

  describe('globs of every profile: the pattern bounds apply, with invalid-value, and compiling stays linear', () => {
    const brackets = '['.repeat(5000);
    const cases: { profile: string; file: string; text: string; target: string }[] = [
      {
        profile: 'copilot',
        file: '.github/instructions/a.instructions.md',
        text: `---\napplyTo: "${brackets}"\n---\nrule\n`,
        target: 'src/x.ts',
      },
      { profile: 'claude-code', file: '.claude/rules/a.md', text: `---\npaths: "${brackets}"\n---\nrule\n`, target: 'src/x.ts' },
      { profile: 'holaryn', file: 'AGENTS.md', text: `---\napplies_to: "${'['.repeat(4000)}"\n---\nrule\n`, target: 'src/x.ts' },
    ];
    for (const c of cases) {
      it(`${c.profile}: a pattern of 5,000 "[" is over the bounds, in instructions, compare${c.profile === 'holaryn' ? '' : ` and check --agents ${c.profile}`}`, () => {
        const root = repo({ [c.file]: c.text, 'src/x.ts': 'x\n' });
        const ev = instructions(`${c.profile}: 5,000 "[" in a pattern`, root, c.profile, [c.target]);
        const invalid = diags(ev, 'invalid-value').filter((d) => d.source === c.file);
        assert.equal(invalid.length, 1, JSON.stringify(ev.diagnostics).slice(0, 500));
        const all = compare(`${c.profile}: 5,000 "[" in a pattern`, root, [c.target]);
        assert.ok(diags(all[c.profile], 'invalid-value').length >= 1);
        if (c.profile !== 'holaryn') {
          const checked = check(`5,000 "[" in a pattern`, root, c.profile);
          assert.ok(
            (checked.findings as { code: string; file: string }[]).some((f) => f.code === 'agent-file' && f.file === c.file),
            JSON.stringify(checked.findings).slice(0, 500),
          );
        }
      });
    }

    it('65 "[" in one segment of a 300-character pattern is over the bound on "[" per segment (every profile)', () => {
      const pattern = `src/${'[a]'.repeat(65)}*.ts`;
      const root = repo({
        'AGENTS.md': `---\napplies_to: "${pattern}"\n---\nrule\n`,
        '.github/instructions/a.instructions.md': `---\napplyTo: "${pattern}"\n---\nrule\n`,
        '.claude/rules/a.md': `---\npaths: "${pattern}"\n---\nrule\n`,
        'src/x.ts': 'x\n',
      });
      for (const profile of ['holaryn', 'copilot', 'claude-code']) {
        const ev = instructions('65 "[" in one segment', root, profile, ['src/x.ts']);
        assert.ok(
          diags(ev, 'invalid-value').some((d) => /"\[" in one path segment/.test(d.message)),
          `${profile}: ${JSON.stringify(ev.diagnostics)}`,
        );
      }
    });

    it(`distinct patterns add up: Copilot and Claude files over ${MAX_PATTERN_CHARS_PER_FILE} characters of patterns are not evaluated`, () => {
      // Five patterns of 3,990 characters: each within the bound on one pattern, together over the file's.
      const parts = Array.from({ length: 5 }, (_, i) => `src/${String(i).padStart(2, '0')}${'*a'.repeat(1990)}`);
      const root = repo({
        '.github/instructions/a.instructions.md': `---\napplyTo: "${parts.join(', ')}"\n---\nrule\n`,
        '.claude/rules/a.md': `---\npaths:\n${parts.map((p) => `  - "${p}"`).join('\n')}\n---\nrule\n`,
        'src/x.ts': 'x\n',
      });
      for (const profile of ['copilot', 'claude-code']) {
        const ev = instructions('5 distinct 4,000-character patterns', root, profile, ['src/x.ts']);
        assert.ok(
          diags(ev, 'invalid-value').some((d) => /limit for one file/.test(d.message)),
          `${profile}: ${JSON.stringify(ev.diagnostics).slice(0, 400)}`,
        );
      }
      compare('5 distinct 4,000-character patterns', root, ['src/x.ts']);
    });
  });

  // --- 3b. Lists in a repository's agent settings -------------------------------------------------

  describe('list-valued agent settings in the repository: at most MAX_SETTING_LIST_ITEMS entries, invalid-value past it', () => {
    it('200,000 Gemini context.fileName names and 200,000 Claude Code claudeMdExcludes patterns', () => {
      const names = Array.from({ length: 200_000 }, (_, i) => `N${i}.md`);
      const root = repo({
        '.gemini/settings.json': JSON.stringify({ context: { fileName: names } }),
        '.claude/settings.json': JSON.stringify({ claudeMdExcludes: names.map((n) => `**/${n}`) }),
        'GEMINI.md': 'gemini\n',
        'CLAUDE.md': 'claude\n',
      });
      const env = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
      for (const [profile, setting] of [
        ['gemini', 'context.fileName'],
        ['claude-code', 'claudeMdExcludes'],
      ]) {
        const ev = instructions('200,000 entries in a settings list', root, profile, [], env);
        assert.ok(
          diags(ev, 'invalid-value').some((d) => d.message.includes(setting) && /MAX_SETTING_LIST_ITEMS/.test(d.message)),
          `${profile}: ${JSON.stringify(ev.diagnostics).slice(0, 400)}`,
        );
        check('200,000 entries in a settings list', root, profile, env);
      }
      compare('200,000 entries in a settings list', root, ['.'], env);
    });
  });

  // --- 4. Not-applicable records of constant size ----------------------------------------------

  describe('1,000 targets: each not-applicable record is constant-size, each reason names its patterns and targets once', () => {
    it('Copilot, Claude Code and Holaryn rules with long patterns against 1,000 targets', () => {
      const long = `docs/${'x'.repeat(3000)}/**`;
      const files: Record<string, string> = { 'AGENTS.md': `---\napplies_to: "${long}"\n---\nrule\n` };
      for (let i = 0; i < 50; i++) {
        files[`.github/instructions/r${i}.instructions.md`] = `---\napplyTo: "${long}${i}"\n---\nrule ${i}\n`;
        files[`.claude/rules/r${i}.md`] = `---\npaths: "${long}${i}"\n---\nrule ${i}\n`;
      }
      const root = repo(files);
      const targets = Array.from({ length: 1000 }, (_, i) => `src/d${i % 10}/f${i}.ts`);
      const list = path.join(scratch, 'targets.txt');
      fs.writeFileSync(list, targets.join('\n') + '\n');
      for (const profile of ['copilot', 'claude-code', 'holaryn']) {
        const r = holaryn(`1,000 targets, 50 rules of 3,000-character patterns [${profile}]`, [
          'instructions',
          root,
          '--targets-from',
          list,
          '--profile',
          profile,
          '--json',
          '--no-global',
        ]);
        assert.equal(r.status, 0, r.stderr.slice(0, 300));
        const ev = parsed(profile, r) as unknown as Evidence;
        const quoted = targets.reduce((n, t) => n + JSON.stringify(t).length + 2, 0);
        for (const s of ev.sources.filter((x) => x.status === 'not-applicable')) {
          for (const n of s.notApplicable)
            assert.ok(JSON.stringify(n).length < 400, `${profile} ${s.path}: a record of ${JSON.stringify(n).length} characters`);
          assert.ok(
            (s.reason ?? '').length < 4000 + quoted + 400,
            `${profile} ${s.path}: a reason of ${(s.reason ?? '').length} characters`,
          );
        }
        assert.ok(r.stdout.length < 60 * MiB, `${profile}: ${r.stdout.length} characters of JSON`);
      }
    });
  });

  // --- 5. Huge files and NUL bytes --------------------------------------------------------------

  describe('huge files are read only as far as the model can see them; NUL bytes are a binary file', () => {
    it('20 GiB sparse files in the repository and above it, for every profile, compare and check --agents', () => {
      const root = repo({});
      const base = path.dirname(root);
      const text = Buffer.from('# rules\n' + 'a'.repeat(MiB + MiB / 8) + '\n');
      for (const rel of [
        '../CLAUDE.md',
        '../AGENTS.md',
        '../GEMINI.md',
        'AGENTS.md',
        'CLAUDE.md',
        'GEMINI.md',
        '.holaryn/instructions.md',
      ]) {
        const p = path.join(root, rel);
        fs.mkdirSync(path.dirname(p), { recursive: true });
        fs.writeFileSync(p, text);
        fs.truncateSync(p, 20 * GiB);
      }
      assert.ok(fs.statSync(path.join(base, 'AGENTS.md')).size === 20 * GiB);
      const env = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
      for (const profile of PROFILES) {
        const ev = instructions('20 GiB sparse files', root, profile, ['a.ts'], env);
        for (const s of ev.sources)
          if (s.status === 'included' || s.status === 'truncated')
            assert.ok(s.bytes === 20 * GiB, `${profile} ${s.path}: ${s.bytes} bytes`);
      }
      compare('20 GiB sparse files', root, ['a.ts'], env);
      for (const agent of agentNames()) check('20 GiB sparse files', root, agent, env);
    });

    it('1 MiB of NUL bytes: skipped (unreadable) by Holaryn\u2019s own profiles, sent with a binary warning by the agents\u2019', () => {
      const nul = Buffer.alloc(MiB);
      const root = repo({ 'AGENTS.md': nul, 'CLAUDE.md': nul, 'GEMINI.md': nul, '.github/copilot-instructions.md': nul });
      const refused = new Set(['holaryn', 'dsh', 'holon', 'narya']);
      const env = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
      for (const profile of PROFILES) {
        const ev = instructions('1 MiB of NUL bytes', root, profile, ['a.ts'], env);
        if (refused.has(profile)) {
          assert.ok(!ev.context.includes('\u0000'), `${profile}: NUL bytes in the context`);
          for (const d of diags(ev, 'unreadable')) assert.match(d.message, /NUL bytes \(a binary file\)/);
        } else {
          assert.ok(diags(ev, 'binary').length >= 1, `${profile}: ${JSON.stringify(ev.diagnostics).slice(0, 300)}`);
          for (const d of diags(ev, 'binary')) assert.match(d.message, /sends them to the model/);
        }
      }
      compare('1 MiB of NUL bytes', root, ['a.ts'], env);
    });
  });

  // --- 6. Rule folders cut at MAX_RULE_FILES ----------------------------------------------------

  describe(`rule folders: cut at MAX_RULE_FILES (${MAX_RULE_FILES}) with a diagnostic naming the bound`, () => {
    it(`.claude/rules with ${MAX_RULE_FILES + 1} rules (the last one always loaded): Claude Code and Copilot say where they cut`, () => {
      const root = repo({ 'CLAUDE.md': 'root\n' });
      many(
        path.join(root, '.claude/rules'),
        MAX_RULE_FILES + 1,
        (i) => `r${String(i).padStart(5, '0')}.md`,
        (i) => `rule ${i}\n`,
      );
      const last = `.claude/rules/r${String(MAX_RULE_FILES).padStart(5, '0')}.md`;
      for (const profile of ['claude-code', 'copilot']) {
        const ev = instructions(`${MAX_RULE_FILES + 1} Claude rules`, root, profile);
        const cut = diags(ev, 'too-large').filter((d) => d.source === '.claude/rules');
        assert.equal(cut.length, 1, `${profile}: ${JSON.stringify(ev.diagnostics).slice(0, 400)}`);
        // Claude Code walks a folder in the order the file system lists it, so where its cut falls
        // depends on the file system; Copilot's order is by name.
        const at = profile === 'claude-code' ? '\\.claude/rules/r\\d{5}\\.md' : last.replace(/\./g, '\\.');
        assert.match(cut[0].message, new RegExp(`MAX_RULE_FILES.*${at}`));
        assert.equal(ev.sources.filter((s) => s.path.startsWith('.claude/rules/')).length, MAX_RULE_FILES);
      }
      compare(`${MAX_RULE_FILES + 1} Claude rules`, root, ['.']);
      for (const agent of ['claude-code', 'copilot']) {
        const checked = check(`${MAX_RULE_FILES + 1} Claude rules`, root, agent);
        assert.ok(
          (checked.findings as { code: string; file: string; message: string }[]).some(
            (f) => f.code === 'agent-file' && /MAX_RULE_FILES/.test(f.message),
          ),
          `${agent}: the cut is a finding`,
        );
      }
    });

    it(`.github/instructions with ${MAX_RULE_FILES + 1} files: Copilot says where it cuts`, () => {
      const root = repo({});
      many(
        path.join(root, '.github/instructions'),
        MAX_RULE_FILES + 1,
        (i) => `r${String(i).padStart(5, '0')}.instructions.md`,
        (i) => `---\napplyTo: "**"\n---\nrule ${i}\n`,
      );
      const ev = instructions(`${MAX_RULE_FILES + 1} Copilot instruction files`, root, 'copilot');
      const cut = diags(ev, 'too-large').filter((d) => d.source === '.github/instructions');
      assert.equal(cut.length, 1, JSON.stringify(ev.diagnostics).slice(0, 400));
      assert.match(cut[0].message, /MAX_RULE_FILES/);
      check(`${MAX_RULE_FILES + 1} Copilot instruction files`, root, 'copilot');
    });
  });

  // --- 7. Unreadable and linked rule folders ----------------------------------------------------

  describe('unreadable and linked rule folders', () => {
    it('a FIFO named like a rule is unreadable, named (Claude Code and Copilot)', () => {
      const root = repo({ '.claude/rules/ok.md': 'ok\n' });
      execFileSync('mkfifo', [path.join(root, '.claude/rules/pipe.md')]);
      for (const profile of ['claude-code', 'copilot']) {
        const ev = instructions('a FIFO in .claude/rules', root, profile);
        assert.ok(
          diags(ev, 'unreadable').some((d) => d.source === '.claude/rules/pipe.md'),
          `${profile}: ${JSON.stringify(ev.diagnostics)}`,
        );
      }
      compare('a FIFO in .claude/rules', root, ['.']);
    });

    it('a rules folder and a rule that cannot be looked at are unreadable, named (EACCES, on the library)', () => {
      const mem = new MemoryFs({
        '/r/.git/HEAD': '',
        '/r/.claude/rules/ok.md': 'ok\n',
        '/r/.claude/rules/locked/x.md': 'x\n',
        '/r/.github/instructions/a.instructions.md': 'a\n',
      });
      const denied = new Set(['/r/.claude/rules/locked', '/r/.github/instructions']);
      const fs2: ResolverFs = Object.assign(Object.create(mem) as ResolverFs, {
        listKinds: (dir: string) => {
          if (denied.has(dir)) throw new FsError('EACCES', `EACCES: permission denied, scandir '${dir}'`);
          return mem.listKinds!(dir);
        },
        entryNames: (dir: string) => {
          if (denied.has(dir)) throw new FsError('EACCES', `EACCES: permission denied, scandir '${dir}'`);
          return mem.entryNames!(dir);
        },
      });
      for (const profile of ['claude-code', 'copilot']) {
        const ev = resolveInstructions('/r', [], { fs: fs2, profile, homedir: '/h', env: {} });
        const unreadable = diags(ev, 'unreadable').map((d) => d.source);
        assert.ok(unreadable.includes('.claude/rules/locked'), `${profile}: ${JSON.stringify(ev.diagnostics)}`);
        if (profile === 'copilot') assert.ok(unreadable.includes('.github/instructions'), JSON.stringify(ev.diagnostics));
        assert.ok(ev.sources.some((s) => s.path === '.claude/rules/ok.md'));
      }
    });

    it('linked rule folders: followed inside the project under their real paths, refused outside (as Claude Code 2.1.328 does); no race message', () => {
      const root = repo({ '.claude/rules/plain.md': 'plain\n', 'docs/rules/in.md': 'linked inside\n', 'CLAUDE.md': 'root\n' });
      const outside = path.join(path.dirname(root), 'outside');
      writeTree(outside, { 'out.md': 'OUTSIDE\n' });
      fs.symlinkSync('../../docs/rules', path.join(root, '.claude/rules/inside'));
      fs.symlinkSync(outside, path.join(root, '.claude/rules/away'));
      const ev = instructions('linked rule folders', root, 'claude-code');
      assert.ok(
        ev.sources.some((s) => s.path === 'docs/rules/in.md' && s.status === 'included'),
        JSON.stringify(ev.sources.map((s) => s.path)),
      );
      assert.ok(!ev.context.includes('OUTSIDE'));
      assert.ok(
        diags(ev, 'symlink-refused').some((d) => d.source === '.claude/rules/away'),
        JSON.stringify(ev.diagnostics),
      );
      for (const profile of ['claude-code', 'copilot']) {
        const e = profile === 'claude-code' ? ev : instructions('linked rule folders', root, profile);
        assert.ok(!JSON.stringify(e.diagnostics).includes('replaced while being read'), `${profile}: ${JSON.stringify(e.diagnostics)}`);
      }
      // A linked .claude/rules itself.
      const linkedTop = repo({ 'docs/rules/in.md': 'linked top\n' });
      fs.mkdirSync(path.join(linkedTop, '.claude'));
      fs.symlinkSync('../docs/rules', path.join(linkedTop, '.claude/rules'));
      const top = instructions('a linked .claude/rules', linkedTop, 'claude-code');
      assert.ok(
        top.sources.some((s) => s.path === 'docs/rules/in.md' && s.status === 'included'),
        JSON.stringify(top.sources.map((s) => s.path)),
      );
      assert.ok(!JSON.stringify(top.diagnostics).includes('replaced while being read'));
      compare('linked rule folders', root, ['.']);
    });
  });
});
