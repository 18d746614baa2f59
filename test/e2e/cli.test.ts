/**
 * Contract §9 (and §2/§4 on a real disk) through the REAL executable: `node dist/cli.js` (the
 * file named by `bin.holaryn`), built once in `before`, run on fixture trees in a temp directory.
 * Every --json output is collected and validated against schema/evidence.schema.json at the end
 * (the schema is loaded at run time and the check fails clearly when it is missing).
 */
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Evidence } from '../../src/resolver';
import { ANSI, CLI, FileSpec, RunOptions, RunResult, TempDirs, VERSION, baseEnv, build, json, run, shq, writeTree } from '../helpers/cli';
import { schemaValidator } from '../helpers/schema';
import { EXAMPLE_TREE } from '../helpers/example';
import { READ_BYTES, boundedDigest } from '../../src/resolver/read';

type ErrorJson = { error: { code: string; message: string; targets?: unknown } & Record<string, unknown> };

describe('contract §9 CLI: the real executable on disk', function () {
  this.timeout(60000);
  const tmp = new TempDirs();
  /** Every --json document printed in this suite, with what produced it. */
  const outputs: { what: string; value: unknown }[] = [];
  let home = '';
  let env: Record<string, string> = {};

  before(function () {
    this.timeout(180000);
    build();
    home = tmp.make('holaryn-e2e-home-'); // an empty HOME: no ~/.holaryn/instructions.md
    env = baseEnv(home);
  });
  after(() => tmp.cleanup());

  /** A fresh workspace: <tmp>/repo with `files`, plus `outside` files in <tmp>/outside. */
  function workspace(files: Record<string, FileSpec>, outside: Record<string, FileSpec> = {}) {
    const base = tmp.make();
    const repo = path.join(base, 'repo');
    fs.mkdirSync(repo);
    fs.mkdirSync(path.join(base, 'outside'));
    writeTree(repo, files);
    writeTree(path.join(base, 'outside'), outside);
    return { base, repo, outside: path.join(base, 'outside') };
  }

  function exec(args: string[], options: Partial<RunOptions> & { cwd: string }): RunResult {
    return run(args, { ...options, env: { ...env, ...(options.env ?? {}) } });
  }

  /** Runs with --json, expects exit 0 and returns the evidence. */
  function evidence(args: string[], options: Partial<RunOptions> & { cwd: string }): Evidence {
    const r = exec([...args, '--json'], options);
    assert.equal(r.error, undefined, String(r.error));
    assert.equal(r.status, 0, `exit ${r.status}\nstdout: ${r.stdout.slice(0, 1500)}\nstderr: ${r.stderr.slice(0, 1500)}`);
    const value = json(r);
    outputs.push({ what: `holaryn ${args.join(' ')} --json`, value });
    assert.ok(!('error' in value), JSON.stringify(value).slice(0, 500));
    return value as unknown as Evidence;
  }

  /** Runs with --json, expects an error object with `code` and exit `status`. */
  function failure(args: string[], options: Partial<RunOptions> & { cwd: string }, code: string, status: number): ErrorJson {
    const r = exec([...args, '--json'], options);
    assert.equal(r.error, undefined, String(r.error));
    const value = json(r);
    outputs.push({ what: `holaryn ${args.join(' ')} --json`, value });
    assert.equal(r.status, status, `exit ${r.status} for ${JSON.stringify(value)}`);
    const e = value as unknown as ErrorJson;
    assert.ok(e.error && typeof e.error === 'object', `no error object: ${r.stdout.slice(0, 500)}`);
    assert.equal(e.error.code, code, JSON.stringify(e));
    assert.equal(typeof e.error.message, 'string');
    assert.ok(e.error.message.length > 0);
    assert.deepEqual(Object.keys(value), ['error'], 'the error object is the only thing printed');
    return e;
  }

  const byPath = (ev: Evidence) => Object.fromEntries(ev.sources.map((s) => [s.path, s]));
  const statuses = (ev: Evidence) => Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
  const diagCodes = (ev: Evidence, source: string) => ev.diagnostics.filter((d) => d.source === source).map((d) => d.code);

  describe('§9 output and exit codes', () => {
    it('§9 examples.md: `holaryn instructions repo src/generated/api.ts src/app.ts --json --no-global` (targets relative to the root)', () => {
      const { base } = workspace(EXAMPLE_TREE as Record<string, FileSpec>);
      const ev = evidence(['instructions', 'repo', 'src/generated/api.ts', 'src/app.ts', '--no-global'], { cwd: base });
      assert.equal(ev.schema, 'holaryn.instructions/v1');
      assert.equal(ev.root, path.join(base, 'repo'));
      assert.deepEqual(ev.targets, [
        { path: 'src/app.ts', kind: 'file' },
        { path: 'src/generated/api.ts', kind: 'file' },
      ]);
      assert.deepEqual(
        ev.sources.map((s) => [s.order, s.path, s.status, s.appliesTo.length, s.supersededFor, s.supersededBy]),
        [
          [1, 'CLAUDE.md', 'included', 2, [], null],
          [2, 'AGENTS.md', 'included', 2, [], null],
          [3, 'src/.holaryn/instructions.md', 'superseded', 0, ['src/app.ts'], 'src/CLAUDE.md'],
          [4, 'src/CLAUDE.md', 'included', 2, [], null],
        ],
      );
      assert.deepEqual(ev.validation, []);
      assert.deepEqual(ev.conflicts, []);
      assert.deepEqual(
        ev.diagnostics.map((d) => [d.severity, d.code, d.source, d.line]),
        [['warning', 'unknown-key', 'src/.holaryn/instructions.md', 6]],
      );
      const chars = [...ev.context].length;
      assert.deepEqual(ev.truncation, {
        budget: 24000,
        chars,
        truncated: false,
        omitted: [],
        cut: [],
        unit: 'code-points',
        size: chars,
        needed: chars,
      });
    });

    it('§9 exit 0 when resolved, whatever the diagnostics', () => {
      const { repo } = workspace({
        'AGENTS.md': '---\npriority: [\n---\nbroken\n',
        'CLAUDE.md': '---\npriority: 5000\nowner: x\n---\nx\n',
        '.holaryn/instructions.md': Buffer.from([0xff, 0xfe, 0x00]),
      });
      const ev = evidence(['instructions', repo, 'a.ts', '--budget', '10'], { cwd: repo });
      const codes: string[] = ev.diagnostics.map((d) => d.code).sort();
      for (const c of ['malformed-frontmatter', 'invalid-value', 'unknown-key', 'unreadable', 'budget-truncated'])
        assert.ok(codes.includes(c), c);
    });

    it('§9 the root is canonicalised; the root itself is a valid target (path "")', () => {
      const { base, repo } = workspace({ 'AGENTS.md': 'root\n' });
      fs.symlinkSync(repo, path.join(base, 'link'));
      const ev = evidence(['instructions', 'link', '.'], { cwd: base });
      assert.equal(ev.root, repo);
      assert.deepEqual(ev.targets, [{ path: '', kind: 'directory' }]);
      assert.equal(statuses(ev)['AGENTS.md'], 'included');
    });

    it('§9 absolute targets inside the root, missing targets and directories', () => {
      const { repo } = workspace({ 'src/AGENTS.md': 's\n', 'src/a.ts': '' });
      const ev = evidence(['instructions', repo, path.join(repo, 'src/a.ts'), 'src/new/file.ts', 'src'], { cwd: '/' });
      assert.deepEqual(ev.targets, [
        { path: 'src', kind: 'directory' },
        { path: 'src/a.ts', kind: 'file' },
        { path: 'src/new/file.ts', kind: 'missing' },
      ]);
    });

    // [case, args after `instructions <root>`]
    const usage: [string, string[]][] = [
      ['no target at all', []],
      ['an unknown flag', ['a.ts', '--frobnicate']],
      ['--budget that is not a number', ['a.ts', '--budget', 'abc']],
      ['--budget that is negative', ['a.ts', '--budget=-1']],
      ['--budget that is not whole', ['a.ts', '--budget', '1.5']],
      ['--budget with no value', ['a.ts', '--budget']],
      ['--targets-from a file that does not exist', ['--targets-from', 'no-such-file.txt']],
      // The synopsis says [--global FILE | --no-global]: one or the other.
      ['--global together with --no-global', ['a.ts', '--global', 'g.md', '--no-global']],
      // A file named on the command line must exist (the default global file need not).
      ['--global naming a file that does not exist', ['a.ts', '--global', 'no-such-global.md']],
    ];
    for (const [name, rest] of usage) {
      it(`§9 usage error (exit 2, code usage): ${name}`, () => {
        const { repo } = workspace({ 'AGENTS.md': 'x\n' });
        failure(['instructions', repo, ...rest], { cwd: repo }, 'usage', 2);
      });
    }

    it("§9 usage errors say plainly what is wrong with an option (not node:util's wording)", () => {
      const { repo } = workspace({ 'AGENTS.md': 'x\n' });
      const cases: [string[], string][] = [
        [['--bogus'], 'unknown option "--bogus" (an argument starting with "-" goes after "--"); run "holaryn instructions --help"'],
        [
          ['a.ts', '--budget', '-1'],
          '--budget needs a value; a value starting with "-" is written --budget=…; run "holaryn instructions --help"',
        ],
        [
          ['a.ts', '--budget=67108865'],
          '--budget takes a whole number of characters from 0 to 67108864, not "67108865"; run "holaryn instructions --help"',
        ],
      ];
      for (const [rest, message] of cases)
        assert.equal(failure(['instructions', repo, ...rest], { cwd: repo }, 'usage', 2).error.message, message);
    });

    it('§9 usage error without a root: exit 2, code usage', () => {
      const { repo } = workspace({});
      failure(['instructions'], { cwd: repo }, 'usage', 2);
    });

    it('§9 usage errors without --json: exit 2, a message on stderr, nothing that looks like evidence on stdout', () => {
      const { repo } = workspace({ 'AGENTS.md': 'x\n' });
      const r = exec(['instructions', repo], { cwd: repo });
      assert.equal(r.status, 2);
      assert.ok(r.stderr.trim().length > 0);
      assert.ok(!r.stdout.includes('"schema"'));
    });

    // Exit 2 for a root that does not exist: a bad argument, not an internal failure.
    const roots: [string, (base: string) => string][] = [
      ['a root that does not exist', (base) => path.join(base, 'nope')],
      ['a root that is a file', (base) => path.join(base, 'repo', 'AGENTS.md')],
      [
        'a root that is a dangling symlink',
        (base) => {
          fs.symlinkSync(path.join(base, 'gone'), path.join(base, 'dangling'));
          return path.join(base, 'dangling');
        },
      ],
    ];
    for (const [name, root] of roots) {
      it(`§9 root-not-found: ${name} (exit 2)`, () => {
        const { base } = workspace({ 'AGENTS.md': 'x\n' });
        failure(['instructions', root(base), 'a.ts'], { cwd: base }, 'root-not-found', 2);
      });
    }

    // [case, targets (relative to the root unless absolute; `OUT` is the outside dir), rejected ones]
    const outside: [string, (w: { repo: string; outside: string }) => string[], (w: { repo: string; outside: string }) => string[]][] = [
      ['`..` leaving the root', () => ['../outside/x.ts'], () => ['../outside/x.ts']],
      ['an absolute path elsewhere', (w) => [path.join(w.outside, 'x.ts')], (w) => [path.join(w.outside, 'x.ts')]],
      ['a symlinked directory leading outside', () => ['out/x.ts'], () => ['out/x.ts']],
      ['a symlinked file leading outside', () => ['evil.ts'], () => ['evil.ts']],
      ['a dangling symlink naming a file outside', () => ['dangling.ts'], () => ['dangling.ts']],
      [
        'one bad target among good ones: the whole call fails',
        () => ['src/a.ts', '../outside/x.ts', 'out/y.ts'],
        () => ['../outside/x.ts', 'out/y.ts'],
      ],
    ];
    for (const [name, targets, rejected] of outside) {
      it(`§9/§2 target-outside-root (exit 2) naming the rejected targets: ${name}`, () => {
        const w = workspace(
          {
            'AGENTS.md': 'x\n',
            'src/a.ts': '',
            out: { symlink: '../outside' },
            'evil.ts': { symlink: '../outside/evil.ts' },
            'dangling.ts': { symlink: '../outside/new.ts' },
          },
          { 'evil.ts': '', 'x.ts': '' },
        );
        const e = failure(['instructions', w.repo, ...targets(w)], { cwd: w.repo }, 'target-outside-root', 2);
        const said = JSON.stringify(e.error);
        for (const t of rejected(w)) assert.ok(said.includes(JSON.stringify(t).slice(1, -1)), `the error should name ${t}: ${said}`);
        for (const t of targets(w).filter((x) => !rejected(w).includes(x))) {
          assert.ok(!(Array.isArray(e.error.targets) && e.error.targets.includes(t)), `${t} was not rejected`);
        }
      });
    }

    it('§9 internal failure: exit 1 and code internal (fault injected into node:crypto with --require)', () => {
      const { base, repo } = workspace({ 'AGENTS.md': 'x\n' });
      const inject = path.join(base, 'inject.cjs');
      fs.writeFileSync(
        inject,
        "const crypto = require('node:crypto');\ncrypto.createHash = () => { throw new Error('injected fault'); };\n",
      );
      const r = exec(['instructions', repo, 'a.ts', '--json'], { cwd: repo, nodeArgs: ['--require', inject] });
      assert.equal(r.status, 1, `exit ${r.status}: ${r.stdout} ${r.stderr}`);
      const value = json(r);
      outputs.push({ what: 'internal failure', value });
      assert.equal((value as ErrorJson).error.code, 'internal');
      const text = exec(['instructions', repo, 'a.ts'], { cwd: repo, nodeArgs: ['--require', inject] });
      assert.equal(text.status, 1);
    });

    it('§9 commands bundled apart (check, gate, mcp) still fail as usage errors through the dispatcher', () => {
      const { repo } = workspace({});
      for (const command of ['check', 'gate', 'mcp']) {
        const r = exec([command], { cwd: repo });
        assert.equal(r.status, 2, `${command}: exit ${r.status} ${r.stderr}`);
        // The gate speaks JSON lines on stdout, errors included; the others write to stderr.
        const said = command === 'gate' ? (JSON.parse(r.stdout) as { error: { message: string } }).error.message : r.stderr;
        assert.match(said, new RegExp(`missing <root>; run "holaryn ${command} --help"`));
      }
      const missing = exec(['check', 'no-such-folder', '--format', 'json'], { cwd: repo });
      assert.equal(missing.status, 2);
      assert.equal((JSON.parse(missing.stdout) as ErrorJson).error.code, 'root-not-found');
    });

    it('§9 --help and --version', () => {
      const { repo } = workspace({});
      const help = exec(['--help'], { cwd: repo });
      assert.equal(help.status, 0);
      assert.match(help.stdout, /instructions/);
      const sub = exec(['instructions', '--help'], { cwd: repo });
      assert.equal(sub.status, 0);
      for (const flag of ['--targets-from', '--json', '--budget', '--global', '--no-global']) assert.ok(sub.stdout.includes(flag), flag);
      const version = exec(['--version'], { cwd: repo });
      assert.equal(version.status, 0);
      assert.ok(version.stdout.includes(VERSION), version.stdout);
    });

    it('§9 the executable is the file named by bin.holaryn, runnable as `node <that file>`', () => {
      assert.ok(fs.existsSync(CLI));
      const { repo } = workspace({ 'AGENTS.md': 'x\n' });
      const ev = evidence(['instructions', '.', 'a.ts'], { cwd: repo });
      assert.equal(ev.root, repo);
    });
  });

  describe('the process ends when the command is done, its output whole', () => {
    it('a large answer read slowly through a pipe arrives whole, byte for byte what a file gets, with the exit code', async () => {
      // The process exits as soon as its output is flushed (src/cli/main.ts): nothing may be cut.
      // Node writes to a full pipe asynchronously, so exiting without the flush fails this test.
      const files: Record<string, FileSpec> = { 'AGENTS.md': 'root rules\n' };
      for (let i = 0; i < 40; i++) files[`pkg-${i}/AGENTS.md`] = `rules of ${i}\n`;
      const { base, repo } = workspace(files);
      const targets = Array.from({ length: 4000 }, (_, i) => `pkg-${i % 40}/src/file-${i}.ts`).join('\n');
      const list = path.join(base, 'targets.txt');
      fs.writeFileSync(list, targets);
      const args = [CLI, 'instructions', '.', '--targets-from', list, '--json'];
      const toFile = path.join(base, 'out.json');
      const fd = fs.openSync(toFile, 'w');
      const viaFile = spawnSync(process.execPath, args, { cwd: repo, env, stdio: ['ignore', fd, 'pipe'], timeout: 30000 });
      fs.closeSync(fd);
      assert.equal(viaFile.status, 0, String(viaFile.stderr));
      const expected = fs.readFileSync(toFile);
      assert.ok(expected.length > 4 * 65536, `a large answer (${expected.length} bytes), many times a pipe's buffer`);

      const child = spawn(process.execPath, args, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const chunks: Buffer[] = [];
      child.stdout.pause(); // the reader is slow: the pipe fills and the writer waits
      const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      await new Promise((r) => setTimeout(r, 300));
      child.stdout.on('data', (c: Buffer) => chunks.push(c));
      child.stdout.resume();
      const code = await ended;
      assert.equal(code, 0);
      const got = Buffer.concat(chunks);
      assert.equal(got.length, expected.length);
      assert.ok(got.equals(expected), 'the piped answer is the file answer, byte for byte');
      JSON.parse(got.toString('utf8'));
    });
  });

  describe('§9 --targets-from', () => {
    it('§9 --targets-from - reads targets from a pipe (git diff --name-only | holaryn instructions . --targets-from -)', () => {
      const { repo } = workspace({ 'AGENTS.md': 'r\n', 'src/AGENTS.md': 's\n', 'docs/AGENTS.md': 'd\n' });
      const ev = evidence(['instructions', '.', '--targets-from', '-'], { cwd: repo, input: 'src/a.ts\ndocs/b.md\n' });
      assert.deepEqual(
        ev.targets.map((t) => t.path),
        ['docs/b.md', 'src/a.ts'],
      );
      assert.deepEqual(Object.keys(statuses(ev)), ['AGENTS.md', 'docs/AGENTS.md', 'src/AGENTS.md']);
    });

    it('§9 --targets-from FILE: one target a line, blank lines and \\r ignored, combined with positional targets', () => {
      const { base } = workspace({ 'AGENTS.md': 'r\n' });
      fs.writeFileSync(path.join(base, 'list.txt'), '\r\nsrc/a.ts\r\n\n  \ndocs/b.md\r\n\r\n');
      const ev = evidence(['instructions', 'repo', 'z.ts', '--targets-from', 'list.txt'], { cwd: base });
      assert.deepEqual(
        ev.targets.map((t) => t.path),
        ['docs/b.md', 'src/a.ts', 'z.ts'],
      );
      assert.ok(ev.targets.every((t) => !t.path.includes('\r')));
    });

    it('§9 --targets-from that yields no target (an empty diff) is a valid, empty resolution (exit 0)', () => {
      const { base, repo } = workspace({ 'AGENTS.md': 'r\n', 'src/AGENTS.md': 's\n' });
      fs.writeFileSync(path.join(base, 'empty.txt'), '\n\r\n\n');
      for (const [args, input] of [
        [['--targets-from', '-'], ''],
        [['--targets-from', '-'], '\n\n'],
        [['--targets-from', path.join(base, 'empty.txt')], ''],
      ] as [string[], string][]) {
        const ev = evidence(['instructions', repo, ...args], { cwd: repo, input });
        assert.deepEqual(ev.targets, []);
        assert.deepEqual(ev.sources, []);
        assert.equal(ev.context, '');
        assert.deepEqual(ev.validation, []);
        assert.match(ev.snapshot, /^sha256:[0-9a-f]{64}$/);
      }
      const text = exec(['instructions', repo, '--targets-from', '-'], { cwd: repo, input: '' });
      assert.equal(text.status, 0);
    });

    /** A git repository with non-ASCII and control-character names, committed. */
    function gitWorkspace() {
      const ws = workspace({
        'AGENTS.md': 'root\n',
        'docs/AGENTS.md': 'docs rules\n',
        'docs/café.md': 'x\n',
        'docs/tab\there.md': 'x\n',
        'src/a.ts': 'x\n',
      });
      const git = (...args: string[]) => spawnSync('git', ['-c', 'core.quotePath=true', ...args], { cwd: ws.repo, encoding: 'utf8' });
      git('init', '-q');
      git('add', '-A');
      return { ...ws, git };
    }

    it("§9 a line in git's C-quoted form is unquoted when only the unquoted path exists, with info git-quoted-path", () => {
      const { repo, git } = gitWorkspace();
      const listed = git('ls-files').stdout;
      assert.ok(listed.includes('"docs/caf\\303\\251.md"'), listed);
      const ev = evidence(['instructions', '.', '--targets-from', '-', '--no-global'], { cwd: repo, input: listed });
      const paths = ev.targets.map((t) => t.path);
      assert.ok(paths.includes('docs/café.md') && paths.includes('docs/tab\there.md'), JSON.stringify(paths));
      assert.ok(
        ev.targets.every((t) => t.kind === 'file'),
        JSON.stringify(ev.targets),
      );
      assert.deepEqual(byPath(ev)['docs/AGENTS.md'].appliesTo, ['docs/AGENTS.md', 'docs/café.md', 'docs/tab\there.md']);
      const quoted = ev.diagnostics.filter((d) => d.code === 'git-quoted-path');
      assert.equal(quoted.length, 1);
      assert.deepEqual([quoted[0].severity, quoted[0].source, quoted[0].line], ['info', null, null]);
      assert.match(quoted[0].message, /^2 targets were in git's quoted form/);
      assert.match(quoted[0].message, /-z/);
      assert.match(quoted[0].message, /--null/);
      // The text report says so too.
      const text = exec(['instructions', '.', '--targets-from', '-', '--no-global'], { cwd: repo, input: listed });
      assert.match(text.stdout, /info {2}git-quoted-path: /);
    });

    it('§9 a quoted line whose literal path exists is kept; one that names nothing either way is kept (missing), without the diagnostic', () => {
      // A file really named with quotes, beside the name its unquoting would give.
      const { repo } = workspace({ '"odd.md"': 'x\n', 'odd.md': 'y\n' });
      const ev = evidence(['instructions', '.', '--targets-from', '-'], { cwd: repo, input: '"odd.md"\n"gone\\303\\251.md"\n' });
      assert.deepEqual(
        ev.targets.map((t) => [t.path, t.kind]),
        [
          ['"gone\\303\\251.md"', 'missing'],
          ['"odd.md"', 'file'],
        ],
      );
      assert.ok(!ev.diagnostics.some((d) => d.code === 'git-quoted-path'));
    });

    it('§9 --null and -0 read NUL-separated paths exactly (git diff -z --name-only), never unquoting them', () => {
      const { repo, git } = gitWorkspace();
      git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'init');
      fs.appendFileSync(path.join(repo, 'docs', 'café.md'), 'more\n');
      fs.appendFileSync(path.join(repo, 'docs', 'tab\there.md'), 'more\n');
      fs.appendFileSync(path.join(repo, 'src', 'a.ts'), 'more\n');
      const diff = git('diff', '-z', '--name-only').stdout;
      assert.ok(diff.includes('\0'), 'git -z lists NUL-separated');
      for (const flag of ['--null', '-0']) {
        const ev = evidence(['instructions', '.', '--targets-from', '-', flag, '--no-global'], { cwd: repo, input: diff });
        assert.deepEqual(
          ev.targets.map((t) => [t.path, t.kind]),
          [
            ['docs/café.md', 'file'],
            ['docs/tab\there.md', 'file'],
            ['src/a.ts', 'file'],
          ],
        );
        assert.ok(!ev.diagnostics.some((d) => d.code === 'git-quoted-path'));
      }
      // A NUL-separated entry is taken as it is: a quoted-looking name stays literal.
      const literal = evidence(['instructions', '.', '--targets-from', '-', '-0'], { cwd: repo, input: '"docs/caf\\303\\251.md"\0\0' });
      assert.deepEqual(
        literal.targets.map((t) => t.path),
        ['"docs/caf\\303\\251.md"'],
      );
      failure(['instructions', '.', 'a.ts', '--null'], { cwd: repo }, 'usage', 2);
    });
  });

  describe('§2/§4 the real disk: symlinks, loops, FIFOs, encodings', () => {
    it('§2 symlinked instruction files: inside the root followed (or a duplicate), outside ignored with symlink-outside-root', () => {
      const { repo } = workspace(
        {
          'AGENTS.md': 'root rules\n',
          'CLAUDE.md': { symlink: 'AGENTS.md' },
          'docs/shared.md': 'shared rules\n',
          'src/AGENTS.md': { symlink: '../docs/shared.md' },
          'src/CLAUDE.md': { symlink: '../../outside/evil.md' },
          'src/.holaryn': { symlink: '../../outside/h' },
        },
        { 'evil.md': 'EVIL\n', 'h/instructions.md': 'EVIL HOLARYN\n' },
      );
      const ev = evidence(['instructions', repo, 'src/a.ts'], { cwd: repo });
      const s = byPath(ev);
      assert.deepEqual(Object.keys(s), ['AGENTS.md', 'CLAUDE.md', 'src/AGENTS.md']);
      assert.equal(s['CLAUDE.md'].status, 'duplicate');
      assert.equal(s['CLAUDE.md'].duplicateOf, 'AGENTS.md');
      assert.equal(s['CLAUDE.md'].content, '');
      assert.equal(s['CLAUDE.md'].chars, 0);
      assert.equal(s['src/AGENTS.md'].content, 'shared rules\n');
      assert.deepEqual(diagCodes(ev, 'src/CLAUDE.md'), ['symlink-outside-root']);
      assert.deepEqual(diagCodes(ev, 'src/.holaryn/instructions.md'), ['symlink-outside-root']);
      assert.ok(!ev.context.includes('EVIL'));
    });

    it('§2 a hard link is the same file: a duplicate', () => {
      const { repo } = workspace({ 'AGENTS.md': 'hard\n' });
      fs.mkdirSync(path.join(repo, 'src'));
      fs.linkSync(path.join(repo, 'AGENTS.md'), path.join(repo, 'src', 'CLAUDE.md'));
      const ev = evidence(['instructions', repo, 'src/a.ts'], { cwd: repo });
      assert.equal(byPath(ev)['src/CLAUDE.md'].status, 'duplicate');
      assert.equal(byPath(ev)['src/CLAUDE.md'].duplicateOf, 'AGENTS.md');
    });

    it('§2 symlink loops: a file loop and a directory loop as candidates are skipped; the resolution completes (exit 0)', () => {
      const { repo } = workspace({
        'AGENTS.md': { symlink: 'AGENTS.md' }, // file loop
        '.holaryn': { symlink: '.holaryn' }, // directory loop
        'CLAUDE.md': 'good\n',
        'src/AGENTS.md': { symlink: 'CLAUDE.md' }, // two-link loop
        'src/CLAUDE.md': { symlink: 'AGENTS.md' },
      });
      const ev = evidence(['instructions', repo, 'src/a.ts'], { cwd: repo });
      assert.deepEqual(Object.keys(statuses(ev)), ['CLAUDE.md']);
      for (const p of ['AGENTS.md', '.holaryn/instructions.md', 'src/AGENTS.md', 'src/CLAUDE.md']) {
        assert.ok(diagCodes(ev, p).length > 0, `${p} is reported as skipped: ${JSON.stringify(ev.diagnostics)}`);
      }
    });

    it('§2 a directory symlink loop inside the root: a target through it resolves as the OS resolves it', () => {
      const { repo } = workspace({ 'AGENTS.md': 'r\n', 'src/AGENTS.md': 's\n', 'src/self': { symlink: '.' } });
      const ev = evidence(['instructions', repo, 'src/self/self/self/a.ts'], { cwd: repo });
      assert.deepEqual(ev.targets, [{ path: 'src/a.ts', kind: 'missing', requested: 'src/self/self/self/a.ts' }]);
      assert.deepEqual(Object.keys(statuses(ev)), ['AGENTS.md', 'src/AGENTS.md']);
    });

    it('§2 a target through a symlink loop cannot be resolved: exit 2 with a JSON error, no hang, no internal failure', () => {
      const { repo } = workspace({ 'AGENTS.md': 'r\n', a: { symlink: 'b' }, b: { symlink: 'a' } });
      const r = exec(['instructions', repo, 'a/x.ts', '--json'], { cwd: repo });
      assert.equal(r.error, undefined);
      assert.equal(r.status, 2, r.stdout + r.stderr);
      const value = json(r) as ErrorJson;
      outputs.push({ what: 'target through a loop', value });
      assert.ok(['usage', 'target-outside-root'].includes(value.error.code), value.error.code);
    });

    it('§2 a FIFO named AGENTS.md is skipped with unreadable and never blocks the resolution', () => {
      const { repo } = workspace({ 'AGENTS.md': { fifo: true }, 'src/.holaryn/instructions.md': { fifo: true }, 'CLAUDE.md': 'regular\n' });
      const ev = evidence(['instructions', repo, 'src/a.ts'], { cwd: repo });
      assert.deepEqual(Object.keys(statuses(ev)), ['CLAUDE.md']);
      assert.deepEqual(diagCodes(ev, 'AGENTS.md'), ['unreadable']);
      assert.deepEqual(diagCodes(ev, 'src/.holaryn/instructions.md'), ['unreadable']);
      // A symlink (inside the root) to the FIFO is no different.
      fs.symlinkSync('AGENTS.md', path.join(repo, 'src', 'CLAUDE.md'));
      const again = evidence(['instructions', repo, 'src/a.ts'], { cwd: repo });
      assert.deepEqual(diagCodes(again, 'src/CLAUDE.md'), ['unreadable']);
    });

    it('§4 hostile input cannot hang: a backtracking-prone glob against a long file name still resolves', () => {
      // `*a*a…*b` compiles to a backtracking regular expression; against "aaa…a.ts" a naive match
      // takes exponential time. The run's timeout is only a hang guard (it fails through r.error).
      const hostile = '*a'.repeat(12) + '*b';
      const { repo } = workspace({ 'AGENTS.md': `---\napplies_to: ${JSON.stringify(hostile)}\n---\nrules\n`, 'CLAUDE.md': 'ok\n' });
      const name = 'a'.repeat(120) + '.ts';
      const r = exec(['instructions', repo, name, '--json'], { cwd: repo });
      assert.equal(r.error, undefined, `the resolution did not complete: ${String(r.error)}`);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const ev = json(r) as unknown as Evidence;
      outputs.push({ what: 'hostile glob', value: ev });
      assert.equal(statuses(ev)['CLAUDE.md'], 'included');
      assert.notEqual(statuses(ev)['AGENTS.md'], 'included');
    });

    it('§4 invalid UTF-8 and NUL bytes: unreadable', () => {
      const { repo } = workspace({
        'AGENTS.md': Buffer.from([0x61, 0xc3, 0x28, 0x0a]),
        'CLAUDE.md': Buffer.from('a\u0000b'),
        '.holaryn/instructions.md': 'fine\n',
      });
      const ev = evidence(['instructions', repo, 'a.ts'], { cwd: repo });
      assert.deepEqual(Object.keys(statuses(ev)), ['.holaryn/instructions.md']);
      assert.deepEqual(diagCodes(ev, 'AGENTS.md'), ['unreadable']);
      assert.deepEqual(diagCodes(ev, 'CLAUDE.md'), ['unreadable']);
    });

    it('§4 CRLF and BOM: frontmatter recognised, content exact, sha256 and bytes of the raw file', () => {
      const raw = Buffer.from('\uFEFF---\r\npriority: 3\r\nowner: x\r\n---\r\nBody line\r\nSecond\r\n', 'utf8');
      const plain = Buffer.from('\uFEFFNo frontmatter\r\n', 'utf8');
      const { repo } = workspace({ 'AGENTS.md': raw, 'CLAUDE.md': plain });
      const ev = evidence(['instructions', repo, 'a.ts'], { cwd: repo });
      const a = byPath(ev)['AGENTS.md'];
      assert.equal(a.metadata?.priority, 3);
      assert.equal(a.content, 'Body line\r\nSecond\r\n');
      assert.equal(a.bytes, raw.length);
      assert.equal(a.sha256, createHash('sha256').update(raw).digest('hex'));
      assert.deepEqual(
        ev.diagnostics.map((d) => [d.code, d.source, d.line]),
        [['unknown-key', 'AGENTS.md', 3]],
      );
      assert.equal(byPath(ev)['CLAUDE.md'].content, 'No frontmatter\r\n');
      assert.equal(byPath(ev)['CLAUDE.md'].chars, 16);
    });
  });

  it('§4 a file over 1 MiB on disk: first 1 MiB read and contributed, hashed with its size and mtime, too-large', () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 3, 'b');
    const { repo } = workspace({ 'AGENTS.md': big });
    const ev = evidence(['instructions', repo, 'a.ts', '--budget', '100'], { cwd: repo });
    const a = byPath(ev)['AGENTS.md'];
    assert.equal(a.bytes, big.length);
    const st = fs.statSync(path.join(repo, 'AGENTS.md'));
    const digest = boundedDigest(createHash('sha256').update(big.subarray(0, READ_BYTES)), {
      kind: 'file',
      size: st.size,
      mtimeMs: st.mtimeMs,
      dev: st.dev,
      ino: st.ino,
    });
    assert.equal(a.sha256, digest);
    assert.equal(a.chars, 1024 * 1024);
    assert.ok(diagCodes(ev, 'AGENTS.md').includes('too-large'));
  });

  it('§7 the same state gives the same snapshot across runs; an edit gives a new one', () => {
    const { repo } = workspace({ 'AGENTS.md': 'r\n', 'src/CLAUDE.md': 's\n' });
    const a = evidence(['instructions', repo, 'src/a.ts'], { cwd: repo }).snapshot;
    assert.equal(evidence(['instructions', repo, 'src/a.ts'], { cwd: repo }).snapshot, a);
    fs.writeFileSync(path.join(repo, 'src/CLAUDE.md'), 'S\n');
    assert.notEqual(evidence(['instructions', repo, 'src/a.ts'], { cwd: repo }).snapshot, a);
  });

  describe('§9 the operator-global file', () => {
    it('§9 default ~/.holaryn/instructions.md (HOME)', () => {
      const fakeHome = tmp.make('holaryn-e2e-home-');
      writeTree(fakeHome, { '.holaryn/instructions.md': 'HOME GLOBAL\n' });
      const { repo } = workspace({ 'AGENTS.md': 'r\n' });
      const ev = evidence(['instructions', repo, 'a.ts'], { cwd: repo, env: { HOME: fakeHome } });
      const g = ev.sources[0];
      assert.deepEqual(
        [g.path, g.scope, g.directory, g.depth, g.content],
        ['~/.holaryn/instructions.md', 'global', null, 0, 'HOME GLOBAL\n'],
      );
      assert.ok(!ev.context.includes(fakeHome));
    });

    it('§9 HOLARYN_HOME sets the default global file’s folder', () => {
      const hh = tmp.make('holaryn-e2e-hh-');
      writeTree(hh, { 'instructions.md': '---\napplies_to: "src/**"\n---\nHH GLOBAL\n' });
      const { repo } = workspace({ 'AGENTS.md': 'r\n' });
      const ev = evidence(['instructions', repo, 'src/a.ts', 'docs/b.md'], { cwd: repo, env: { HOLARYN_HOME: hh } });
      const g = byPath(ev)['$HOLARYN_HOME/instructions.md'];
      assert.ok(g, JSON.stringify(Object.keys(byPath(ev))));
      assert.equal(g.scope, 'global');
      assert.equal(g.directory, null);
      assert.deepEqual(g.appliesTo, ['src/a.ts'], 'global globs match root-relative paths');
      assert.ok(!ev.context.includes(hh));
    });

    it('§9 --global FILE is shown as <global>/<basename>', () => {
      const { base, repo } = workspace({ 'AGENTS.md': 'r\n' });
      writeTree(base, { 'team/rules.md': 'TEAM\n' });
      const ev = evidence(['instructions', repo, 'a.ts', '--global', path.join(base, 'team/rules.md')], { cwd: repo });
      assert.deepEqual(
        ev.sources.map((s) => [s.path, s.scope, s.directory, s.depth]),
        [
          ['<global>/rules.md', 'global', null, 0],
          ['AGENTS.md', 'workspace', '', 0],
        ],
      );
      assert.ok(!ev.context.includes(base));
    });

    it('§9 --no-global disables the global file (even with HOLARYN_HOME set)', () => {
      const hh = tmp.make('holaryn-e2e-hh-');
      writeTree(hh, { 'instructions.md': 'HH GLOBAL\n' });
      const { repo } = workspace({ 'AGENTS.md': 'r\n' });
      const ev = evidence(['instructions', repo, 'a.ts', '--no-global'], { cwd: repo, env: { HOLARYN_HOME: hh } });
      assert.deepEqual(Object.keys(statuses(ev)), ['AGENTS.md']);
    });

    it('§9 --budget N sets the budget; --budget 0 disables the model context', () => {
      const { repo } = workspace({ 'AGENTS.md': 'x'.repeat(5000) });
      const small = evidence(['instructions', repo, 'a.ts', '--budget', '1000'], { cwd: repo });
      assert.equal(small.truncation.budget, 1000);
      assert.ok([...small.context].length <= 1000);
      const zero = evidence(['instructions', repo, 'a.ts', '--budget', '0'], { cwd: repo });
      assert.equal(zero.context, '');
      assert.equal(statuses(zero)['AGENTS.md'], 'omitted');
    });
  });

  describe('§9 the text report', () => {
    const tree: Record<string, FileSpec> = {
      'AGENTS.md': '---\nrequired_validation: npm test\nowner: x\n---\nroot\n',
      'src/CLAUDE.md': '---\nmode: replace\n---\nsrc\n',
      'src/AGENTS.md': 'superseded\n',
    };

    it('§9 without --json a readable report of the same facts; no ANSI codes when stdout is not a TTY', () => {
      const { repo } = workspace(tree);
      const ev = evidence(['instructions', repo, 'src/a.ts'], { cwd: repo });
      const r = exec(['instructions', repo, 'src/a.ts'], { cwd: repo });
      assert.equal(r.status, 0);
      assert.ok(!ANSI.test(r.stdout), 'ANSI escape in a piped report');
      for (const fact of [
        ev.snapshot,
        'src/a.ts',
        'AGENTS.md',
        'src/CLAUDE.md',
        'src/AGENTS.md',
        'included',
        'superseded',
        'npm test',
        'unknown-key',
      ]) {
        assert.ok(r.stdout.includes(fact), `the report should mention ${fact}`);
      }
      assert.throws(() => JSON.parse(r.stdout));
    });

    it('§9 NO_COLOR: no ANSI codes even on a terminal', () => {
      const { repo } = workspace(tree);
      const cmd = [process.execPath, CLI, 'instructions', repo, 'src/a.ts'].map(shq).join(' ');
      // `script` gives the process a pseudo-terminal as stdout.
      const tty = spawnSync('script', ['-qec', cmd, '/dev/null'], {
        cwd: repo,
        env: { ...env, NO_COLOR: '1', TERM: 'xterm-256color' },
        encoding: 'utf8',
        timeout: 15000,
        killSignal: 'SIGKILL',
      });
      assert.equal(tty.error, undefined, String(tty.error));
      assert.ok(tty.stdout.includes('src/CLAUDE.md'), tty.stdout);
      assert.ok(!ANSI.test(tty.stdout), 'ANSI escape with NO_COLOR on a terminal');
    });
  });

  describe('--format markdown: the review summary of a real change set', () => {
    it('summarises `git diff -z --name-only base...HEAD` piped in with --null, grouped by instruction file', () => {
      const { repo } = workspace({
        'AGENTS.md': '---\nrequired_validation: npm test\n---\nroot rules\n',
        'src/AGENTS.md': '---\nrequired_validation: npm run typecheck\nowner: me\n---\nsrc rules\n',
        'docs/CLAUDE.md': 'docs rules\n',
        'src/keep.ts': 'x\n',
        'src/gone.ts': 'a file that is deleted\n',
        'docs/café.md': 'x\n',
      });
      const git = (...args: string[]) => {
        const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: repo, encoding: 'utf8' });
        assert.equal(r.status, 0, r.stderr);
        return r.stdout;
      };
      git('init', '-q', '-b', 'main');
      git('add', '-A');
      git('commit', '-qm', 'base');
      git('checkout', '-qb', 'feature');
      for (let i = 0; i < 8; i++) fs.writeFileSync(path.join(repo, 'src', `new-${i}.ts`), 'x\n');
      fs.appendFileSync(path.join(repo, 'src', 'keep.ts'), 'y\n');
      fs.rmSync(path.join(repo, 'src', 'gone.ts'));
      fs.appendFileSync(path.join(repo, 'docs', 'café.md'), 'y\n');
      fs.writeFileSync(path.join(repo, 'README.md'), 'readme\n');
      git('add', '-A');
      git('commit', '-qm', 'change');
      // Exactly the pipeline of the GitHub Action's summary step.
      const cmd = `git diff -z --name-only main...HEAD | ${[process.execPath, CLI].map(shq).join(' ')} instructions . --targets-from - --null --format markdown --no-global`;
      const r = spawnSync('sh', ['-c', cmd], { cwd: repo, env, encoding: 'utf8', timeout: 15000 });
      assert.equal(r.status, 0, r.stderr);
      const md = r.stdout;
      assert.match(md, /^## Repository instructions: 12 changed files\n/);
      assert.match(md, /in effect for 12 changed files \(11 files, 1 missing\)/);
      assert.match(md, /^- `AGENTS.md` — all 12 changed files$/m);
      assert.match(
        md,
        /^- `src\/AGENTS.md` — 10 changed files: `src\/gone.ts`, `src\/keep.ts`, `src\/new-0.ts`, `src\/new-1.ts`, `src\/new-2.ts` and 5 more$/m,
      );
      assert.match(md, /^- `docs\/CLAUDE.md` — 1 changed file: `docs\/café.md`$/m);
      assert.match(md, /^- `npm test` — from `AGENTS.md`$/m);
      assert.match(md, /^- `npm run typecheck` — from `src\/AGENTS.md`$/m);
      assert.match(md, /^warning +src\/AGENTS.md:3 +unknown-key: /m);
      assert.ok(!md.includes('git-quoted-path'), 'nothing to unquote with -z');
      // eslint-disable-next-line no-control-regex -- control characters are what this looks for
      assert.ok(!/[\u0000-\u0009\u000b-\u001f\u007f]/.test(md));
      // The same facts as --json for the same list.
      const diff = git('diff', '-z', '--name-only', 'main...HEAD');
      const ev = evidence(['instructions', '.', '--targets-from', '-', '--null', '--no-global'], { cwd: repo, input: diff });
      assert.equal(ev.targets.length, 12);
      assert.deepEqual(
        ev.sources.filter((s) => s.appliesTo.length > 0).map((s) => s.path),
        ['AGENTS.md', 'src/AGENTS.md', 'docs/CLAUDE.md'],
      );
    });

    it('--format json is --json; a bad or conflicting format is a usage error (JSON when JSON was asked for)', () => {
      const { repo } = workspace({ 'AGENTS.md': 'r\n' });
      const viaFormat = exec(['instructions', '.', 'a.ts', '--format', 'json', '--no-global'], { cwd: repo });
      const viaJson = exec(['instructions', '.', 'a.ts', '--json', '--no-global'], { cwd: repo });
      assert.equal(viaFormat.status, 0);
      assert.equal(viaFormat.stdout, viaJson.stdout);
      const bad = exec(['instructions', '.', 'a.ts', '--format', 'html'], { cwd: repo });
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /--format must be one of text, json, markdown, not "html"/);
      failure(['instructions', '.', 'a.ts', '--format', 'markdown'], { cwd: repo }, 'usage', 2);
      const jsonError = exec(['instructions', '.', '../outside.ts', '--format=json'], { cwd: repo });
      assert.equal(jsonError.status, 2);
      assert.equal((json(jsonError) as ErrorJson).error.code, 'target-outside-root');
    });
  });

  // Last suite: runs after every other (mocha runs suites in the order they are defined).
  describe('§9 --json output and schema/evidence.schema.json', () => {
    it('§9 every --json output of this suite (evidence and error objects) matches schema/evidence.schema.json', () => {
      assert.ok(outputs.length > 20, `only ${outputs.length} outputs collected`);
      const validate = schemaValidator();
      for (const { what, value } of outputs) validate(value, what);
    });
  });
});
