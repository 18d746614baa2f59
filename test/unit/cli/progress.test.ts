// The progress line of `holaryn check`: only on a terminal's stderr, never in CI or pipes, and
// only once a run has been slow. Every clock here is fake.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkCommand } from '../../../src/cli/check';
import { CliIo } from '../../../src/cli/io';
import { PROGRESS_DELAY_MS, PROGRESS_REDRAW_MS, createProgress, describeLintProgress } from '../../../src/cli/progress';
import { LintProgress, PROGRESS_EVERY, lintWorkspace } from '../../../src/lint';
import { MemoryFs } from '../../../src/resolver/memory-fs';

const CLEAR = '\r\u001b[2K';

/** A fake io whose clock reads `clock.t`, and which records stdout and stderr. */
function fakeIo(over: Partial<CliIo> = {}): CliIo & { out: string[]; err: string[]; clock: { t: number } } {
  const out: string[] = [];
  const err: string[] = [];
  const clock = { t: 0 };
  return {
    out,
    err,
    clock,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => '',
    isTTY: false,
    stderrIsTTY: true,
    env: {},
    cwd: os.tmpdir(),
    now: () => clock.t,
    ...over,
  };
}

describe('cli: progress line', () => {
  it('on a terminal, once the run is slow: drawn in place, redrawn at most every few ms, then cleared', () => {
    const io = fakeIo();
    const p = createProgress(io);
    io.clock.t = PROGRESS_DELAY_MS + 1;
    p.update('checking 1 of 3 instruction files…');
    io.clock.t += PROGRESS_REDRAW_MS - 1;
    p.update('checking 2 of 3 instruction files…');
    io.clock.t += 1;
    p.update('checking 3 of 3 instruction files…');
    p.clear();
    assert.deepEqual(io.err, [`${CLEAR}checking 1 of 3 instruction files…`, `${CLEAR}checking 3 of 3 instruction files…`, CLEAR]);
    assert.deepEqual(io.out, []);
  });

  it('a fast run writes nothing, not even the clearing sequence', () => {
    const io = fakeIo();
    const p = createProgress(io);
    io.clock.t = PROGRESS_DELAY_MS;
    p.update('checking 1 of 3 instruction files…');
    p.clear();
    assert.deepEqual(io.err, []);
  });

  for (const [name, over] of [
    ['stderr is not a terminal (a pipe, a file)', { stderrIsTTY: false }],
    ['stderrIsTTY not given', { stderrIsTTY: undefined }],
    ['CI is set', { env: { CI: 'true' } }],
    ['the terminal is dumb', { env: { TERM: 'dumb' } }],
  ] as const) {
    it(`writes nothing however slow the run when ${name}`, () => {
      const io = fakeIo(over);
      const p = createProgress(io);
      io.clock.t = 60 * PROGRESS_DELAY_MS;
      p.update('resolving 1 of 2 files for budget-exceeded…');
      p.clear();
      assert.deepEqual(io.err, []);
    });
  }

  it('words each phase with grouped numbers', () => {
    assert.equal(describeLintProgress({ phase: 'walk', done: 12_345 }), 'listing the workspace: 12,345 entries…');
    assert.equal(describeLintProgress({ phase: 'lint', done: 1_234, total: 2_000 }), 'checking 1,234 of 2,000 instruction files…');
    assert.equal(
      describeLintProgress({ phase: 'budget', done: 5_000, total: 12_000 }),
      'resolving 5,000 of 12,000 files for budget-exceeded…',
    );
  });
});

describe('lint: onProgress', () => {
  it('is told about linting and the budget check, at most every PROGRESS_EVERY files, never past the total', () => {
    const tree: Record<string, string> = {};
    for (let i = 0; i < 300; i++) {
      tree[`/w/d${i}/AGENTS.md`] = `Rules of d${i}.\n`;
      tree[`/w/d${i}/a.ts`] = '';
    }
    const files = Object.keys(tree).map((p) => p.slice(3));
    const seen: LintProgress[] = [];
    lintWorkspace('/w', { fs: new MemoryFs(tree), listFiles: () => files, onProgress: (p) => seen.push(p) });
    const lint = seen.flatMap((p) => (p.phase === 'lint' ? [p] : []));
    const budget = seen.flatMap((p) => (p.phase === 'budget' ? [p] : []));
    assert.deepEqual(
      lint.map((p) => `${p.done}/${p.total}`),
      ['0/300', '256/300'],
    );
    assert.ok(budget.length >= 2, JSON.stringify(budget));
    for (const phase of [lint, budget]) {
      for (let i = 1; i < phase.length; i++) assert.ok(phase[i].done - phase[i - 1].done >= PROGRESS_EVERY);
      for (const p of phase) assert.ok(p.done <= p.total);
    }
  });
});

describe('check: progress on stderr', () => {
  let root: string;
  before(() => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'holaryn-progress-')));
    writeFileSync(path.join(root, 'AGENTS.md'), 'Root rules.\n');
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src', 'a.ts'), '');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A clock that moves on by more than the delay each time it is read: every step is "slow". */
  const slowIo = (over: Partial<CliIo> = {}) => {
    const io = fakeIo({ cwd: root, ...over });
    io.now = () => (io.clock.t += PROGRESS_DELAY_MS + 1);
    return io;
  };

  it('text on a terminal: progress lines on stderr, cleared before the results; stdout untouched', async () => {
    const io = slowIo();
    assert.equal(await checkCommand(['.'], io), 0);
    assert.ok(io.err.length >= 2, JSON.stringify(io.err));
    assert.ok(io.err.every((t) => t.startsWith(CLEAR)));
    assert.equal(io.err[io.err.length - 1], CLEAR);
    assert.match(io.err.join(''), /checking 0 of 1 instruction files…/);
    assert.equal(io.out.join(''), 'No problems in 1 instruction file.\n');
  });

  for (const args of [['--json'], ['--format', 'json'], ['--format', 'github']]) {
    it(`${args.join(' ')} draws no progress, however slow`, async () => {
      const io = slowIo();
      await checkCommand(['.', ...args], io);
      assert.ok(
        io.err.every((t) => !t.includes('\r')),
        JSON.stringify(io.err),
      );
    });
  }

  it('in CI draws no progress, however slow', async () => {
    const io = slowIo({ env: { CI: '1' } });
    await checkCommand(['.'], io);
    assert.deepEqual(io.err, []);
  });
});
