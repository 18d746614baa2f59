/**
 * The hostile suite (SECURITY.md) on the REAL executable (`node dist/cli.js`, built once).
 *
 * Each case writes a hostile workspace beside an `outside` folder full of secrets, runs
 * `holaryn instructions … --json` (and `check`, `gate` on the same trees) in a child process with
 * a preload that records (1) the peak RSS (`process.resourceUsage().maxRSS`) and (2) any call to
 * child_process, and any eval / Function call carrying the planted token. Every case must:
 * answer one JSON document, exit 0 or 2 (`check`: 0, 1 or 2), stay under MAX_RSS_MB, leak no
 * byte from outside the root and run nothing. Time is never asserted: a generous hang guard
 * kills a stuck process (a failure), and the measured figures are printed at the end.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { CLI, TempDirs, baseEnv, build } from '../helpers/cli';
import { payloads, plantedTree } from '../hostile/inert.test';

const HANG_GUARD_MS = 120_000;
const MAX_RSS_MB = 512;
const SECRET = 'SECRET-FROM-OUTSIDE-THE-ROOT';
const TOKEN = 'HOLARYN_PLANTED_PAYLOAD';

interface Outcome {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  rssMb: number;
  executed: string[];
}

const PRELOAD = `
const fs = require('fs');
const out = process.env.HOLARYN_PROBE_OUT;
const TOKEN = ${JSON.stringify(TOKEN)};
const log = (line) => fs.appendFileSync(out + '.exec', line.replace(/\\n/g, ' ') + '\\n');
const cp = require('child_process');
for (const n of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
  const original = cp[n];
  cp[n] = function (...args) { log('child_process.' + n + ' ' + JSON.stringify(args).slice(0, 300)); return original.apply(this, args); };
}
const originalEval = globalThis.eval;
globalThis.eval = function (s) { if (String(s).includes(TOKEN)) log('eval ' + String(s).slice(0, 300)); return originalEval(s); };
const OriginalFunction = globalThis.Function;
globalThis.Function = new Proxy(OriginalFunction, {
  construct(t, a) { if (a.some((x) => String(x).includes(TOKEN))) log('new Function ' + JSON.stringify(a).slice(0, 300)); return Reflect.construct(t, a); },
  apply(t, self, a) { if (a.some((x) => String(x).includes(TOKEN))) log('Function ' + JSON.stringify(a).slice(0, 300)); return Reflect.apply(t, self, a); },
});
process.on('exit', () => fs.writeFileSync(out + '.rss', String(process.resourceUsage().maxRSS)));
`;

describe('hostile suite: the real executable on hostile trees', function () {
  this.timeout(HANG_GUARD_MS * 3);
  const tmp = new TempDirs();
  let probeDir = '';
  let preload = '';
  let env: Record<string, string> = {};
  const figures: { name: string; ms: number; rssMb: number; status: number | null }[] = [];
  const deepDirs: string[] = [];

  before(function () {
    this.timeout(300_000);
    build();
    probeDir = tmp.make('holaryn-hostile-probe-');
    preload = path.join(probeDir, 'preload.cjs');
    fs.writeFileSync(preload, PRELOAD);
    env = baseEnv(tmp.make('holaryn-hostile-home-'));
  });
  after(() => {
    // Node's recursive rm recurses once per level: the 2,000-deep tree would overflow its stack.
    for (const d of deepDirs) execFileSync('rm', ['-rf', d]);
    tmp.cleanup();
    if (figures.length > 0) {
      console.log('\n    hostile cases (wall time incl. node start-up; peak RSS):');
      for (const f of figures)
        console.log(`      ${f.name.padEnd(64)} ${String(f.ms).padStart(6)} ms ${String(f.rssMb).padStart(5)} MB  exit ${f.status}`);
    }
  });

  /** A workspace <base>/repo, with <base>/outside holding secrets, and links from inside to it. */
  function workspace(): { base: string; repo: string; outside: string } {
    const base = tmp.make('holaryn-hostile-');
    const repo = path.join(base, 'repo');
    const outside = path.join(base, 'outside');
    fs.mkdirSync(repo);
    fs.mkdirSync(path.join(outside, 'dir'), { recursive: true });
    for (const f of ['AGENTS.md', 'CLAUDE.md', 'secret.md', 'dir/AGENTS.md']) fs.writeFileSync(path.join(outside, f), `${SECRET}\n`);
    return { base, repo, outside };
  }

  function write(root: string, rel: string, data: string | Buffer): void {
    const p = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, data);
  }

  function exec(name: string, args: string[], input: string | Buffer = ''): Outcome {
    const out = path.join(probeDir, `${figures.length}-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40)}`);
    const started = Date.now();
    const r = spawnSync(process.execPath, ['--require', preload, CLI, ...args], {
      cwd: probeDir,
      env: { ...env, HOLARYN_PROBE_OUT: out },
      input,
      encoding: 'utf8',
      timeout: HANG_GUARD_MS,
      killSignal: 'SIGKILL',
      maxBuffer: 512 * 1024 * 1024,
    });
    const ms = Date.now() - started;
    const rssKb = fs.existsSync(`${out}.rss`) ? Number(fs.readFileSync(`${out}.rss`, 'utf8')) : NaN;
    const executed = fs.existsSync(`${out}.exec`) ? fs.readFileSync(`${out}.exec`, 'utf8').split('\n').filter(Boolean) : [];
    const outcome: Outcome = {
      status: r.status,
      signal: r.signal,
      stdout: r.stdout ?? '',
      stderr: r.stderr ?? '',
      ms,
      rssMb: Math.round(rssKb / 1024),
      executed,
    };
    figures.push({ name, ms, rssMb: outcome.rssMb, status: r.status });
    assert.equal(
      r.error?.message.includes('ENOBUFS') ? 'output over 512 MB' : r.signal,
      null,
      `${name}: killed (${r.signal}) after ${ms} ms: a hang`,
    );
    assert.ok(outcome.rssMb < MAX_RSS_MB, `${name}: peak RSS ${outcome.rssMb} MB`);
    assert.deepEqual(executed, [], `${name}: something was executed`);
    assert.ok(!outcome.stdout.includes(SECRET) && !outcome.stderr.includes(SECRET), `${name}: content from outside the root leaked`);
    return outcome;
  }

  /** `holaryn instructions <repo> <targets> --json`: exit 0 or 2, one JSON document. */
  function instructions(name: string, repo: string, targets: string[], extra: string[] = [], input = ''): Record<string, unknown> {
    const global = extra.includes('--global') ? [] : ['--no-global'];
    const o = exec(`instructions: ${name}`, ['instructions', repo, ...targets, '--json', ...global, ...extra], input);
    assert.ok(o.status === 0 || o.status === 2, `${name}: exit ${o.status}\n${o.stdout.slice(0, 500)}\n${o.stderr.slice(0, 500)}`);
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(o.stdout) as Record<string, unknown>;
    } catch {
      assert.fail(`${name}: stdout is not one JSON document: ${o.stdout.slice(0, 300)}`);
    }
    if (o.status === 2) assert.ok('error' in value, `${name}: exit 2 without an error object`);
    else assert.equal(value.schema, 'holaryn.instructions/v1');
    return value;
  }

  /** `holaryn check <repo> --json`: exit 0, 1 (findings) or 2, one JSON document. */
  function check(name: string, repo: string): Record<string, unknown> {
    const o = exec(`check: ${name}`, ['check', repo, '--json']);
    assert.ok(o.status === 0 || o.status === 1 || o.status === 2, `${name}: check exit ${o.status}\n${o.stderr.slice(0, 500)}`);
    return JSON.parse(o.stdout) as Record<string, unknown>;
  }

  /** `holaryn gate <repo>` fed tool calls: exit 0, one JSON line per non-blank input line plus the preamble. */
  function gate(name: string, repo: string, calls: { kind: string; targets: string[] }[]): Record<string, unknown>[] {
    const input = calls.map((c, i) => JSON.stringify({ id: i, ...c })).join('\n') + '\n';
    const o = exec(`gate: ${name}`, ['gate', repo, '--no-global'], input);
    assert.equal(o.status, 0, `${name}: gate exit ${o.status}\n${o.stderr.slice(0, 500)}`);
    const lines = o.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(lines.length, calls.length + 1);
    return lines;
  }

  const sources = (ev: Record<string, unknown>) =>
    ev.sources as { path: string; status: string; bytes: number; chars: number; sha256: string }[];
  const codes = (ev: Record<string, unknown>) => (ev.diagnostics as { code: string }[]).map((d) => d.code);

  it('alias bombs ("billion laughs") on every level of a chain', () => {
    const { repo } = workspace();
    let yaml = 'a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    for (let i = 1; i < 10; i++)
      yaml += `a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(',')}]\n`;
    let dir = '';
    for (let i = 0; i < 50; i++) {
      write(repo, `${dir}AGENTS.md`, `---\n${yaml}---\nlevel ${i}\n`);
      dir += 'x/';
    }
    const ev = instructions('alias bombs x50', repo, [`${dir}t.ts`]);
    assert.equal(sources(ev).length, 50);
    assert.equal(codes(ev).filter((c) => c === 'malformed-frontmatter').length, 50);
    check('alias bombs x50', repo);
    gate('alias bombs x50', repo, [
      { kind: 'write', targets: [`${dir}t.ts`] },
      { kind: 'write', targets: [`${dir}t.ts`] },
    ]);
  });

  it('brace explosions: {1..100000}, chained and nested braces, 1,000 patterns of 1,000 alternatives', () => {
    const { repo } = workspace();
    const nested = `${'{a,'.repeat(900)}b${'}'.repeat(900)}`.slice(0, 4096);
    const hostile = [
      '{1..100000}',
      '{a,b}'.repeat(40),
      nested,
      `${'{'.repeat(2000)}a${'}'.repeat(2000)}`,
      '{1..10}'.repeat(12),
      `{a}${'}'.repeat(4000)},z}`.slice(0, 4096),
    ];
    write(
      repo,
      'AGENTS.md',
      `---\napplies_to: ${JSON.stringify(hostile)}\nexcludes: ${JSON.stringify(hostile.slice().reverse())}\n---\nroot\n`,
    );
    write(
      repo,
      'src/AGENTS.md',
      `---\napplies_to: ${JSON.stringify(Array.from({ length: 1000 }, (_, i) => `p${i}{0..999}`))}\n---\nmillion\n`,
    );
    write(
      repo,
      'src/CLAUDE.md',
      `---\nexcludes: ${JSON.stringify(Array.from({ length: 1000 }, (_, i) => `q${i}/{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}`))}\n---\nmany\n`,
    );
    for (let i = 0; i < 20; i++)
      write(
        repo,
        `src/d${i}/AGENTS.md`,
        `---\napplies_to: ${JSON.stringify(Array.from({ length: 10 }, (_, j) => `p${i}-${j}{0..999}`))}\n---\nd${i}\n`,
      );
    const targets = ['src/x.ts', ...Array.from({ length: 20 }, (_, i) => `src/d${i}/p${i}-9999.ts`)];
    const ev = instructions('brace explosions', repo, targets);
    assert.ok(codes(ev).includes('invalid-value'));
    check('brace explosions', repo);
    gate('brace explosions', repo, [{ kind: 'edit', targets }]);
  });

  it('globs that make a backtracking regex engine hang, against hostile file names', () => {
    const { repo } = workspace();
    const globs = [
      '*a*a*a*a*a*a*a*a*a*a*a*a*b',
      '+(a|aa)b',
      `${'@(a|a)'.repeat(60)}b`,
      '!(*a*a*a*a*a*a*a*b)',
      `${'?*'.repeat(40)}b`,
      '**/b/**/b/**/b/**/b/**/c/**/z',
    ];
    write(repo, 'AGENTS.md', `---\napplies_to: ${JSON.stringify(globs)}\nexcludes: ${JSON.stringify(globs)}\n---\nredos\n`);
    const names = ['a'.repeat(250), `${'a'.repeat(200)}c`, `${Array(200).fill('b').join('/')}/z`];
    for (const n of names) write(repo, n, '');
    instructions('backtracking globs', repo, names);
    check('backtracking globs', repo);
    gate('backtracking globs', repo, [{ kind: 'write', targets: names }]);
  });

  it('a 50 MB instruction file, a 10 MB single line, a 10 MB line inside the frontmatter', () => {
    const { repo } = workspace();
    const line = Buffer.alloc(1000, 0x61);
    line[999] = 0x0a;
    const fd = fs.openSync(path.join(repo, 'AGENTS.md'), 'w');
    for (let i = 0; i < 50_000; i++) fs.writeSync(fd, line);
    fs.closeSync(fd);
    write(repo, 'CLAUDE.md', Buffer.alloc(10 * 1024 * 1024, 0x62));
    write(
      repo,
      '.holaryn/instructions.md',
      Buffer.concat([Buffer.from('---\napplies_to: "'), Buffer.alloc(10 * 1024 * 1024, 0x63), Buffer.from('"\n---\nbody\n')]),
    );
    const ev = instructions('50 MB file + 10 MB lines', repo, ['x.ts']);
    const byPath = Object.fromEntries(sources(ev).map((s) => [s.path, s]));
    assert.equal(byPath['AGENTS.md'].bytes, 50_000_000);
    assert.equal(byPath['AGENTS.md'].chars, 1024 * 1024);
    assert.equal(codes(ev).filter((c) => c === 'too-large').length, 3);
    check('50 MB file + 10 MB lines', repo);
    gate('50 MB file + 10 MB lines', repo, [{ kind: 'read', targets: ['x.ts'] }]);
  });

  it('symlink loops (file, directory, self, long ring) and links leading outside', () => {
    const { repo, outside } = workspace();
    fs.symlinkSync('CLAUDE.md', path.join(repo, 'AGENTS.md'));
    fs.symlinkSync('AGENTS.md', path.join(repo, 'CLAUDE.md'));
    fs.symlinkSync('.holaryn', path.join(repo, '.holaryn'));
    fs.symlinkSync('.', path.join(repo, 'self'));
    fs.mkdirSync(path.join(repo, 'ring'));
    for (let i = 0; i < 60; i++) fs.symlinkSync(`r${(i + 1) % 60}`, path.join(repo, 'ring', `r${i}`));
    fs.mkdirSync(path.join(repo, 'src'));
    fs.symlinkSync(path.join(outside, 'AGENTS.md'), path.join(repo, 'src', 'AGENTS.md'));
    fs.symlinkSync(path.join(outside, 'dir'), path.join(repo, 'src', '.holaryn'));
    fs.symlinkSync(outside, path.join(repo, 'out'));
    const ev = instructions('symlink loops', repo, ['src/a.ts', `${'self/'.repeat(30)}src/b.ts`]);
    assert.ok(codes(ev).includes('symlink-outside-root'));
    assert.ok(codes(ev).includes('unreadable'));
    assert.equal((instructions('target through a ring of links', repo, ['ring/r0/x.ts']).error as { code: string }).code, 'usage');
    assert.equal(
      (instructions('target through a link outside', repo, ['out/secret.md']).error as { code: string }).code,
      'target-outside-root',
    );
    check('symlink loops', repo);
    gate('symlink loops', repo, [
      { kind: 'write', targets: ['src/a.ts'] },
      { kind: 'read', targets: ['ring/r0/x'] },
      { kind: 'read', targets: ['out/secret.md'] },
    ]);
  });

  it('a 2,000-deep directory tree with a target at the bottom', () => {
    const { repo } = workspace();
    deepDirs.push(repo);
    const rel = Array(2000).fill('d').join('/');
    fs.mkdirSync(path.join(repo, rel), { recursive: true });
    for (const depth of [0, 1, 500, 1999, 2000])
      write(repo, `${Array(depth).fill('d').join('/')}${depth ? '/' : ''}AGENTS.md`, `depth ${depth}\n`);
    write(repo, `${rel}/x.ts`, '');
    const ev = instructions('2,000-deep tree', repo, [`${rel}/x.ts`, `${rel}/missing/new.ts`]);
    assert.equal(sources(ev).length, 5);
    check('2,000-deep tree', repo);
    gate('2,000-deep tree', repo, [{ kind: 'write', targets: [`${rel}/x.ts`] }]);
  });

  it('1,200 instruction files on one chain', () => {
    const { repo } = workspace();
    let dir = '';
    for (let i = 0; i < 400; i++) {
      write(
        repo,
        `${dir}AGENTS.md`,
        `---\npriority: ${((i * 7) % 2001) - 1000}\napplies_to: ["**/*.ts", "**/*.{js,jsx}"]\nrequired_validation: "make check-${i}"\n---\n${'rule '.repeat(40)}${i}\n`,
      );
      write(repo, `${dir}CLAUDE.md`, `---\nmode: ${i % 2 ? 'replace' : 'append'}\nexcludes: "**/gen/**"\n---\nclaude ${i}\n`);
      write(repo, `${dir}.holaryn/instructions.md`, `holaryn ${i} ${'x'.repeat(100)}\n`);
      dir += 'c/';
    }
    const ev = instructions('1,200 files on one chain', repo, [`${dir}a.ts`, `${dir}gen/b.ts`, `${dir.slice(0, 200)}c.md`]);
    assert.equal(sources(ev).length, 1200);
    check('1,200 files on one chain', repo);
    gate('1,200 files on one chain', repo, [
      { kind: 'write', targets: [`${dir}a.ts`] },
      { kind: 'write', targets: [`${dir}a.ts`] },
    ]);
  });

  it('50,000 targets through --targets-from (a file and standard input)', () => {
    const { repo, base } = workspace();
    for (let i = 0; i < 50; i++) write(repo, `d${i}/AGENTS.md`, `---\napplies_to: "**/*.ts"\n---\nrules ${i}\n`);
    write(repo, 'AGENTS.md', '---\nexcludes: ["**/gen/**", "**/*.{min,map}.js"]\n---\nroot\n');
    const lines = Array.from({ length: 50_000 }, (_, i) => `d${i % 50}/${i % 3 ? 'gen/' : ''}sub${i % 7}/f${i}.${i % 2 ? 'ts' : 'min.js'}`);
    lines.push('', '   ', 'd1/../d2/x.ts\r', lines[0]);
    const list = path.join(base, 'targets.txt');
    fs.writeFileSync(list, lines.join('\n'));
    const ev = instructions('50,000 targets (file)', repo, [], ['--targets-from', list]);
    assert.equal((ev.targets as unknown[]).length, 50_001);
    instructions('50,000 targets (stdin)', repo, [], ['--targets-from', '-'], lines.join('\n'));
    const rejected = instructions(
      '50,000 targets, one outside',
      repo,
      [],
      ['--targets-from', '-'],
      [...lines, '../outside/secret.md'].join('\n'),
    );
    assert.equal((rejected.error as { code: string }).code, 'target-outside-root');
  });

  it('200,000 targets through --targets-from, as `git ls-files` lists a large monorepo (more than a call can take as arguments)', () => {
    const { repo, base } = workspace();
    write(repo, 'AGENTS.md', 'root\n');
    const lines = Array.from({ length: 200_000 }, (_, i) => `p${i % 400}/s${i % 9}/f${i}.ts`);
    const list = path.join(base, 'targets.txt');
    fs.writeFileSync(list, lines.join('\n'));
    const ev = instructions('200,000 targets (file)', repo, ['extra.ts'], ['--targets-from', list]);
    assert.equal((ev.targets as unknown[]).length, 200_001);
    assert.equal((ev.sources as { appliesTo: unknown[] }[])[0].appliesTo.length, 200_001);
    // The text report too (one line per source, never per target).
    const text = exec('200,000 targets (text report)', ['instructions', repo, '--targets-from', list, '--no-global']);
    assert.equal(text.status, 0, text.stderr);
    assert.match(text.stdout, /AGENTS\.md/);
  });

  it('FIFOs, sockets and devices named like candidates; special files and /proc paths as targets', async () => {
    const { repo } = workspace();
    fs.mkdirSync(path.join(repo, 'src/.holaryn'), { recursive: true });
    execFileSync('mkfifo', [path.join(repo, 'AGENTS.md')]);
    execFileSync('mkfifo', [path.join(repo, 'src/pipe.ts')]);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(repo, 'CLAUDE.md'), resolve));
    try {
      fs.symlinkSync('/dev/zero', path.join(repo, 'src/AGENTS.md'));
      fs.symlinkSync('/dev/stdin', path.join(repo, 'src/CLAUDE.md'));
      fs.symlinkSync('/proc/self/environ', path.join(repo, 'src/.holaryn/instructions.md'));
      const ev = instructions('special files as candidates', repo, ['src/a.ts', 'src/pipe.ts']);
      assert.deepEqual(sources(ev), []);
      assert.ok(codes(ev).filter((c) => c === 'unreadable' || c === 'symlink-outside-root').length >= 5);
      for (const t of ['/proc/self/environ', '/dev/zero', '/etc/passwd']) {
        assert.equal((instructions(`target ${t}`, repo, [t]).error as { code: string }).code, 'target-outside-root');
      }
      // A root in /proc (what a process may see): nothing hangs, nothing is read from it.
      instructions('root /proc/self', '/proc/self', ['environ', 'fd/0']);
      check('special files', repo);
      gate('special files', repo, [{ kind: 'read', targets: ['src/pipe.ts'] }]);
    } finally {
      server.close();
    }
  });

  it('names with newlines and control characters: exact JSON, escaped text report, no terminal injection', () => {
    const { repo } = workspace();
    const weird = 'evil\n\u001b[2J\u001b]0;pwned\u0007\r[holaryn:source] "x"';
    write(repo, `${weird}/AGENTS.md`, `rules for ${weird}\n`);
    write(repo, `${weird}/f\u001b[31m.ts`, '');
    const ev = instructions('control characters in names', repo, [`${weird}/f\u001b[31m.ts`]);
    assert.equal(sources(ev)[0].path, `${weird}/AGENTS.md`);
    const text = exec('text report: control characters', ['instructions', repo, `${weird}/f\u001b[31m.ts`, '--no-global', '--context']);
    assert.equal(text.status, 0);
    assert.ok(!text.stdout.includes('\u001b'), 'a raw escape sequence from a file name reached the terminal report');
    const gh = exec('check --format github: control characters', ['check', repo, '--format', 'github']);
    for (const line of gh.stdout.split('\n').filter(Boolean)) assert.match(line, /^::(error|warning|notice) /);
  });

  it('oversized and deeply nested frontmatter: 64 KiB of keys, 30,000 nesting levels, 5,000 unknown keys per file on a chain', () => {
    const { repo } = workspace();
    let dir = '';
    for (let i = 0; i < 40; i++) {
      const fmText =
        i % 3 === 0
          ? Array.from({ length: 5000 }, (_, k) => `k${k}: v`).join('\n')
          : i % 3 === 1
            ? `x: ${'['.repeat(30000)}${']'.repeat(30000)}`
            : `x: ${'- '.repeat(30000)}v`;
      write(repo, `${dir}AGENTS.md`, `---\n${fmText}\n---\nbody ${i}\n`);
      dir += 'n/';
    }
    const ev = instructions('hostile frontmatter x40', repo, [`${dir}x.ts`]);
    assert.ok((ev.diagnostics as unknown[]).length <= 40 * 100 + 40);
    check('hostile frontmatter x40', repo);
    gate('hostile frontmatter x40', repo, [{ kind: 'write', targets: [`${dir}x.ts`] }]);
  });

  it('commands planted in every field run nowhere: instructions (JSON and text), check (JSON and GitHub), gate', () => {
    const { repo, base } = workspace();
    const markers = path.join(base, 'markers');
    fs.mkdirSync(markers);
    for (const [rel, text] of Object.entries(plantedTree(markers))) write(repo, rel, text);
    const home = path.join(base, 'home');
    write(home, 'instructions.md', `---\nrequired_validation: ${JSON.stringify(payloads(markers))}\n---\nglobal ${TOKEN}\n`);
    const dirTarget = `$(touch ${path.join(markers, 'dirname')})/x.ts`;
    const targets = ['src/app.ts', dirTarget, `$(touch ${path.join(markers, 't')})`, `\`touch ${path.join(markers, 't2')}\``];
    const ev = instructions('planted commands', repo, targets, ['--global', path.join(home, 'instructions.md')]);
    assert.ok(!('error' in ev), JSON.stringify(ev).slice(0, 500));
    assert.ok((ev.validation as unknown[]).length >= payloads(markers).length);
    exec('planted commands: text report', ['instructions', repo, ...targets, '--context', '--no-global']);
    check('planted commands', repo);
    exec('planted commands: check --format github', ['check', repo, '--format', 'github']);
    gate('planted commands', repo, [
      { kind: 'shell', targets },
      { kind: 'shell', targets },
      { kind: `$(touch ${path.join(markers, 'kind')})`, targets },
    ]);
    assert.deepEqual(fs.readdirSync(markers), [], 'a planted command ran');
  });
});
