// `node dist/cli.js gate <root>` as an agent harness drives it: a real process, one line in, wait
// for its answer, change the tree on disk between calls. Every answer must equal the library's
// (a GateSession on the same tree, fed the same lines at the same moments).
import { strict as assert } from 'node:assert';
import { ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GateSession, answerLine } from '../../src/gate';

const REPO = path.resolve(__dirname, '../..');
const CLI = path.join(REPO, 'dist', 'cli.js');

/** The gate as a child process, read one answer line at a time. */
class GateProcess {
  readonly child: ChildProcessWithoutNullStreams;
  private pending = '';
  private readonly lines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  readonly exited: Promise<number | null>;
  stderr = '';

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [CLI, 'gate', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8').on('data', (t: string) => (this.stderr += t));
    this.child.stdout.on('data', (text: string) => {
      this.pending += text;
      for (let nl = this.pending.indexOf('\n'); nl !== -1; nl = this.pending.indexOf('\n')) {
        this.lines.push(this.pending.slice(0, nl));
        this.pending = this.pending.slice(nl + 1);
      }
      this.wake();
    });
    this.exited = new Promise((resolve) => this.child.on('close', (code) => resolve(code)));
    void this.exited.then(() => this.wake());
  }

  private wake(): void {
    if (!this.waiting) return;
    if (this.lines.length > 0) this.waiting(this.lines.shift());
    else if (this.child.exitCode !== null) this.waiting(undefined);
    else return;
    this.waiting = undefined;
  }

  /** The next output line, parsed; fails if the process ends first. */
  async next(): Promise<Record<string, unknown>> {
    const line = await new Promise<string | undefined>((resolve) => {
      this.waiting = resolve;
      this.wake();
    });
    assert.ok(line !== undefined, `the gate exited before answering; stderr: ${this.stderr}`);
    return JSON.parse(line);
  }

  /** Sends raw text (one or more lines, or part of one). */
  write(text: string | Buffer): void {
    this.child.stdin.write(text);
  }

  /** Sends one line and waits for its answer. */
  async send(line: string): Promise<Record<string, unknown>> {
    this.write(line + '\n');
    return this.next();
  }

  async end(): Promise<number | null> {
    this.child.stdin.end();
    return this.exited;
  }

  /** Whether an answer is waiting that was not read (blank lines must produce none). */
  get unread(): number {
    return this.lines.length;
  }
}

function buildCli(): void {
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: REPO, stdio: 'pipe' });
}

describe('holaryn gate (real process)', () => {
  let tmp: string;
  let root: string;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };

  before(() => {
    buildCli();
    tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'holaryn-gate-e2e-')));
    root = path.join(tmp, 'repo');
    write('AGENTS.md', '---\nrequired_validation: npm test\n---\nUse pnpm.\n');
    write('CLAUDE.md', 'Prefer small PRs.\n');
    write('.holaryn/instructions.md', '---\napplies_to: "**/*.ts"\n---\nStrict TypeScript.\n');
    write('README.md', 'readme\n');
    write('src/AGENTS.md', 'src: named exports only.\n');
    write('src/a.ts', '');
    write('src/db/CLAUDE.md', 'db: every query is parameterised.\n');
    write('src/db/q.ts', '');
    write('docs/guide.md', '');
    mkdirSync(path.join(tmp, 'outside'));
    writeFileSync(path.join(tmp, 'outside', 'secret.txt'), 'x');
    symlinkSync(path.join(tmp, 'outside'), path.join(root, 'link-out'));
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  it('answers a scripted session line by line exactly as the library does, and exits 0 at end of input', async () => {
    const gate = new GateProcess([root, '--no-global']);
    const lib = new GateSession(root, { globalFile: null });
    const preamble = await gate.next();
    assert.deepEqual(preamble, { ...lib.preamble });
    assert.deepEqual(preamble.sources, ['AGENTS.md', 'CLAUDE.md']);
    assert.match(String(preamble.guidance), /^<repository-instructions>\n/);
    assert.match(String(preamble.guidance), /- "npm test" \(from "AGENTS.md"\)/);

    /** Sends a line to the process and to the library session; both must answer the same. */
    const step = async (line: string, expected: { id?: unknown; decision: string; sources?: string[]; code?: string }) => {
      const answer = await gate.send(line);
      assert.deepEqual(answer, JSON.parse(JSON.stringify(answerLine(lib, line))), line);
      assert.equal(answer.decision, expected.decision, line);
      if ('id' in expected) assert.deepEqual(answer.id, expected.id);
      if (expected.sources) assert.deepEqual(answer.sources, expected.sources, line);
      if (expected.code) assert.equal((answer.error as { code: string }).code, expected.code, line);
      if (answer.decision === 'reject') assert.deepEqual([answer.guidance, answer.sources, answer.snapshot], ['', [], null]);
      else assert.match(String(answer.snapshot), /^sha256:[0-9a-f]{64}$/);
      return answer;
    };
    const call = (id: unknown, kind: string, ...targets: string[]) => JSON.stringify({ id, kind, targets });

    // Reads: nothing new, then newly applicable guidance once.
    await step(call(1, 'read', 'README.md'), { id: 1, decision: 'proceed', sources: [] });
    const read = await step(call(2, 'read', 'src/a.ts'), { decision: 'proceed', sources: ['.holaryn/instructions.md', 'src/AGENTS.md'] });
    assert.match(String(read.guidance), /src: named exports only\./);
    await step(call(3, 'search', 'src/a.ts'), { decision: 'proceed', sources: [] });
    await step(call(4, 'list', 'src'), { decision: 'proceed', sources: [] });

    // A consequential call with unshown guidance is held; the identical retry, with nothing unshown left, proceeds.
    const held = await step(call('e1', 'edit', 'src/db/q.ts'), { id: 'e1', decision: 'hold', sources: ['src/db/CLAUDE.md'] });
    assert.match(String(held.guidance), /db: every query is parameterised\./);
    const retry = await step(call('e1', 'edit', 'src/db/q.ts'), { decision: 'proceed', sources: [] });
    assert.equal(retry.snapshot, held.snapshot);
    assert.equal(retry.guidance, '');

    // An instruction file edited on disk is unshown again: held once more, then proceeds.
    write('src/AGENTS.md', 'src: named exports only. And no barrel files.\n');
    const edited = await step(call(5, 'edit', 'src/a.ts'), { decision: 'hold', sources: ['src/AGENTS.md'] });
    assert.match(String(edited.guidance), /no barrel files/);
    await step(call(6, 'edit', 'src/a.ts'), { decision: 'proceed', sources: [] });

    // A nested instruction file that appears mid-session.
    write('docs/AGENTS.md', 'docs: one sentence per line.\n');
    await step(call(7, 'write', 'docs/new.md'), { decision: 'hold', sources: ['docs/AGENTS.md'] });
    await step(call(7, 'write', 'docs/new.md'), { decision: 'proceed', sources: [] });

    // Shell commands: held like edits; nothing new on src or the root by now.
    write('src/db/AGENTS.md', 'db: migrations are append-only.\n');
    await step(call(8, 'shell', 'src/db'), { decision: 'hold', sources: ['src/db/AGENTS.md'] });
    await step(call(8, 'shell', 'src/db'), { decision: 'proceed', sources: [] });
    await step(call(9, 'shell', '.'), { decision: 'proceed', sources: [] });

    // Targets outside the root, however named.
    await step(call('o1', 'edit', '../outside/secret.txt'), { id: 'o1', decision: 'reject', code: 'target-outside-root' });
    await step(call('o2', 'read', path.join(tmp, 'outside', 'secret.txt')), { decision: 'reject', code: 'target-outside-root' });
    await step(call('o3', 'write', 'link-out/new.txt'), { decision: 'reject', code: 'target-outside-root' });

    // Malformed input is rejected with usage and the session goes on.
    await step('this is not json', { id: null, decision: 'reject', code: 'usage' });
    await step('[1, 2]', { id: null, decision: 'reject', code: 'usage' });
    await step('{"kind":"read"}', { id: null, decision: 'reject', code: 'usage' });
    await step(call('u1', 'read'), { id: 'u1', decision: 'reject', code: 'usage' });
    await step(call('u2', 'delete', 'src/a.ts'), { id: 'u2', decision: 'reject', code: 'usage' });
    await step('{"id":"u3","kind":"read","targets":[null]}', { id: 'u3', decision: 'reject', code: 'usage' });

    // Blank lines get no answer; a line may arrive in pieces (split inside a UTF-8 character) and end in CRLF.
    gate.write('\n \r\n\t\n');
    const piece = Buffer.from(call('é', 'read', 'src/db/q.ts') + '\r\n', 'utf8');
    const cut = piece.indexOf(Buffer.from('é', 'utf8')) + 1;
    gate.write(piece.subarray(0, cut));
    gate.write(piece.subarray(cut));
    const answer = await gate.next();
    assert.deepEqual(answer, JSON.parse(JSON.stringify(lib.decide({ kind: 'read', targets: ['src/db/q.ts'] }, 'é'))));
    assert.deepEqual([answer.id, answer.decision, answer.sources], ['é', 'proceed', []]);

    assert.equal(await gate.end(), 0);
    assert.equal(gate.unread, 0, 'no answer for blank lines');
    assert.equal(gate.stderr, '');
  });

  it('holds a write while the budget leaves guidance unshown, each time with more, then proceeds (v1.1)', async () => {
    write('big/AGENTS.md', `big: ${'x'.repeat(900)}\n`);
    write('big/deep/CLAUDE.md', `deep: ${'y'.repeat(900)}\n`);
    const gate = new GateProcess([root, '--no-global', '--budget', '1600']);
    const lib = new GateSession(root, { globalFile: null, budget: 1600 });
    assert.deepEqual(await gate.next(), { ...lib.preamble });
    const line = '{"id":1,"kind":"write","targets":["big/deep/x.md"]}';
    const decisions: [unknown, unknown][] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await gate.send(line);
      assert.deepEqual(answer, JSON.parse(JSON.stringify(answerLine(lib, line))));
      decisions.push([answer.decision, answer.sources]);
    }
    assert.deepEqual(decisions, [
      ['hold', ['big/deep/CLAUDE.md']],
      ['hold', ['big/AGENTS.md']],
      ['proceed', []],
      ['proceed', []],
    ]);
    assert.equal(await gate.end(), 0);
  });

  it('starts with one JSON error line and exit 2 when the root does not exist', async () => {
    const gate = new GateProcess([path.join(tmp, 'missing')]);
    const line = await gate.next();
    assert.equal((line.error as { code: string }).code, 'root-not-found');
    assert.equal(line.type, 'error');
    assert.equal(await gate.exited, 2);
  });
});
