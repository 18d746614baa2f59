/**
 * The executable's V8 code cache (src/cli/launch.ts): the build writes one that V8 accepts, and
 * every run gives the same output with it, without it, and with a cache that is stale, corrupt or
 * missing: the cache can only make a run faster, never different.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BUNDLE, CODE_CACHE, decodeCodeCache, encodeCodeCache } from '../../src/cli/launch';
import { CLI, TempDirs, VERSION, baseEnv, build } from '../helpers/cli';
import { REPO_DIR } from '../helpers/tree';

const DIST = path.dirname(CLI);
const DEMO = path.join(REPO_DIR, 'examples/demo-workspace');

/** Loaded with `--require`: says on stderr whether V8 took the cache the launcher passed. */
const PROBE = `
const vm = require('node:vm');
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(code, options) {
    super(code, options);
    const verdict = !options || !options.cachedData ? 'none' : this.cachedDataRejected ? 'rejected' : 'accepted';
    process.stderr.write('code-cache: ' + verdict + '\\n');
  }
};
`;

describe('the executable loads its bundle with a V8 code cache made by the build', function () {
  this.timeout(60000);
  const tmp = new TempDirs();
  let probe = '';
  let env: Record<string, string> = {};

  before(function () {
    this.timeout(180000);
    build();
    const dir = tmp.make();
    probe = path.join(dir, 'probe.cjs');
    fs.writeFileSync(probe, PROBE);
    env = baseEnv(tmp.make('holaryn-e2e-home-'));
  });
  after(() => tmp.cleanup());

  /** A copy of the built executable in its own folder, to spoil its cache without touching dist/. */
  function copyOfDist(): string {
    const dir = tmp.make('holaryn-dist-');
    for (const name of fs.readdirSync(DIST)) if (!name.endsWith('.map')) fs.copyFileSync(path.join(DIST, name), path.join(dir, name));
    return dir;
  }

  function runCli(cli: string, args: string[], extraEnv: Record<string, string> = {}) {
    const r = spawnSync(process.execPath, ['--require', probe, cli, ...args], {
      cwd: REPO_DIR,
      env: { ...env, ...extraEnv },
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    assert.equal(r.error, undefined);
    const verdicts = [...r.stderr.matchAll(/^code-cache: (\w+)$/gm)].map((m) => m[1]);
    return { status: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^code-cache: \w+\n/gm, ''), verdicts };
  }

  const JOBS: [string, string[]][] = [
    [
      'instructions --json on the demo workspace',
      ['instructions', DEMO, 'src/app/main.ts', 'services/billing/migrations/0003_add_invoice_status.py', 'docs', '--json', '--no-global'],
    ],
    ['the readable report', ['instructions', DEMO, 'src/app/main.ts', '--no-global']],
    ['a usage error', ['instructions', DEMO, '--budget', 'lots', '--json']],
    ['check (a command in a sibling bundle)', ['check', DEMO]],
    ['--version', ['--version']],
  ];

  it('the build leaves a cache made for the exact bundle text, and V8 accepts it', () => {
    const source = fs.readFileSync(path.join(DIST, BUNDLE), 'utf8');
    assert.ok(decodeCodeCache(source, fs.readFileSync(path.join(DIST, CODE_CACHE))), 'the cache header does not match dist/cli-main.js');
    const r = runCli(CLI, ['--version']);
    assert.deepEqual(r.verdicts, ['accepted'], r.stderr);
    assert.equal(r.stdout, `holaryn ${VERSION}\n`);
  });

  it('every job gives the same output, exit code and stderr with the cache, without it, and with a spoiled one', () => {
    const dir = copyOfDist();
    const cli = path.join(dir, 'cli.js');
    const cacheFile = path.join(dir, CODE_CACHE);
    const good = fs.readFileSync(cacheFile);
    const source = fs.readFileSync(path.join(dir, BUNDLE), 'utf8');
    const variants: [string, () => void, Record<string, string>, string][] = [
      ['valid', () => fs.writeFileSync(cacheFile, good), {}, 'accepted'],
      ['HOLARYN_CODE_CACHE=off', () => fs.writeFileSync(cacheFile, good), { HOLARYN_CODE_CACHE: 'off' }, 'none'],
      ['missing', () => fs.rmSync(cacheFile), {}, 'none'],
      ['made for another text', () => fs.writeFileSync(cacheFile, encodeCodeCache(`${source} `, good.subarray(32))), {}, 'none'],
      [
        'corrupt V8 data under a valid header',
        () => fs.writeFileSync(cacheFile, encodeCodeCache(source, Buffer.alloc(good.length - 32, 7))),
        {},
        'rejected',
      ],
      ['truncated to its header', () => fs.writeFileSync(cacheFile, good.subarray(0, 32)), {}, 'none'],
    ];
    for (const [what, args] of JOBS) {
      const reference = runCli(CLI, args, { HOLARYN_CODE_CACHE: 'off' });
      for (const [variant, spoil, extraEnv, verdict] of variants) {
        spoil();
        const r = runCli(cli, args, extraEnv);
        assert.deepEqual(r.verdicts.slice(0, 1), [verdict], `${what}, cache ${variant}: ${r.stderr}`);
        assert.equal(r.status, reference.status, `${what}, cache ${variant}: exit code`);
        assert.equal(r.stdout, reference.stdout, `${what}, cache ${variant}: stdout`);
        assert.equal(r.stderr, reference.stderr, `${what}, cache ${variant}: stderr`);
      }
    }
  });

  it('a bundle changed at the same length does not run its old bytecode (V8 itself compares only lengths)', () => {
    const dir = copyOfDist();
    const bundle = path.join(dir, BUNDLE);
    const source = fs.readFileSync(bundle, 'utf8');
    const other = VERSION.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
    assert.equal(other.length, VERSION.length);
    const changed = source.replace(JSON.stringify(VERSION), JSON.stringify(other));
    assert.notEqual(changed, source, 'the version string is not in the bundle');
    fs.writeFileSync(bundle, changed);
    const r = runCli(path.join(dir, 'cli.js'), ['--version']);
    assert.deepEqual(r.verdicts, ['none'], r.stderr);
    assert.equal(r.stdout, `holaryn ${other}\n`);
  });

  it('HOLARYN_CODE_CACHE=write writes the cache for the bundle beside the launcher', () => {
    const dir = copyOfDist();
    const cacheFile = path.join(dir, CODE_CACHE);
    fs.rmSync(cacheFile);
    const written = runCli(path.join(dir, 'cli.js'), JOBS[0][1], { HOLARYN_CODE_CACHE: 'write' });
    assert.equal(written.status, 0, written.stderr);
    assert.deepEqual(written.verdicts, ['none']);
    const source = fs.readFileSync(path.join(dir, BUNDLE), 'utf8');
    assert.ok(decodeCodeCache(source, fs.readFileSync(cacheFile)));
    assert.deepEqual(
      fs.readdirSync(dir).filter((n) => n.endsWith('.tmp')),
      [],
      'a temporary file was left behind',
    );
    assert.deepEqual(runCli(path.join(dir, 'cli.js'), ['--version']).verdicts, ['accepted']);
  });
});

describe('code cache files: the header ties V8 data to one bundle text', () => {
  const data = Buffer.from('v8 data');
  it('decodes what it encoded for the same text', () => {
    assert.deepEqual(decodeCodeCache('bundle', encodeCodeCache('bundle', data)), data);
  });
  it('refuses another text, even of the same length', () => {
    assert.equal(decodeCodeCache('bundlf', encodeCodeCache('bundle', data)), undefined);
  });
  it('refuses a missing, empty or header-only file', () => {
    assert.equal(decodeCodeCache('bundle', undefined), undefined);
    assert.equal(decodeCodeCache('bundle', Buffer.alloc(0)), undefined);
    assert.equal(decodeCodeCache('bundle', encodeCodeCache('bundle', Buffer.alloc(0))), undefined);
  });
});
