// The gate's JSON-lines stream (line splitting, one answer per line, in order) and the shared
// repository_instructions tool, without a process.
import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import { GateSession, InputLine, answerLine, encodeLine, repositoryInstructions, runGate, splitLines } from '../../../src/gate';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { resolveInstructions } from '../../../src/resolver';

async function collect(chunks: (string | Uint8Array)[], max?: number): Promise<InputLine[]> {
  async function* input() {
    yield* chunks;
  }
  const out: InputLine[] = [];
  for await (const line of splitLines(input(), max)) out.push(line);
  return out;
}

const fs = () =>
  new MemoryFs({
    '/repo/AGENTS.md': 'Root rules.\n',
    '/repo/src/AGENTS.md': 'src rules.\n',
    '/repo/src/a.ts': '',
  });

describe('gate protocol stream', () => {
  describe('splitLines', () => {
    it('splits on \\n across chunks, drops a trailing \\r and a leading BOM, keeps a last unterminated line', async () => {
      assert.deepEqual(await collect(['\ufeffa', 'b\r\nc\n', '\n', 'd']), [{ text: 'ab' }, { text: 'c' }, { text: '' }, { text: 'd' }]);
      assert.deepEqual(await collect(['x\n']), [{ text: 'x' }]);
      assert.deepEqual(await collect([]), []);
    });

    it('decodes a UTF-8 character split between chunks', async () => {
      const bytes = Buffer.from('{"t":"é€😀"}\n', 'utf8');
      const chunks = [...bytes].map((b) => Uint8Array.of(b));
      assert.deepEqual(await collect(chunks), [{ text: '{"t":"é€😀"}' }]);
    });

    it('reports a line over the byte limit without keeping it, and goes on', async () => {
      assert.deepEqual(await collect(['12345', '6789\nok\n', '1234567890'], 8), [{ tooLong: true }, { text: 'ok' }, { tooLong: true }]);
      assert.deepEqual(await collect(['12345678\n'], 8), [{ text: '12345678' }]);
    });
  });

  describe('runGate', () => {
    it('writes the preamble before reading, then one answer per non-blank line as each arrives', async () => {
      const session = new GateSession('/repo', { fs: fs(), globalFile: null });
      const input = new PassThrough();
      const lines: string[] = [];
      let waiting: (() => void) | undefined;
      const next = () => new Promise<void>((resolve) => (waiting = resolve));
      const done = runGate(session, input, (line) => {
        lines.push(line);
        waiting?.();
      });
      assert.equal(lines.length, 1, 'the preamble is written before any input');
      assert.equal(JSON.parse(lines[0]).type, 'preamble');
      assert.deepEqual(JSON.parse(lines[0]).sources, ['AGENTS.md']);

      // An interactive client: send one line, wait for its answer, send the next.
      let answered = next();
      input.write('{"id":1,"kind":"edit","targets":["src/a.ts"]}\n');
      await answered;
      assert.deepEqual(JSON.parse(lines[1]), {
        id: 1,
        decision: 'hold',
        guidance: JSON.parse(lines[1]).guidance,
        sources: ['src/AGENTS.md'],
        snapshot: resolveInstructions('/repo', ['src/a.ts'], { fs: fs(), globalFile: null }).snapshot,
      });
      answered = next();
      input.write('\n  \n{"id":2,"kind":"edit",');
      input.write('"targets":["src/a.ts"]}\r\n');
      await answered;
      assert.equal(lines.length, 3, 'blank lines get no answer');
      assert.deepEqual([JSON.parse(lines[2]).id, JSON.parse(lines[2]).decision], [2, 'proceed']);
      input.end('not json\n');
      await done;
      assert.equal(lines.length, 4);
      assert.deepEqual(JSON.parse(lines[3]).error.code, 'usage');
      for (const line of lines) assert.ok(line.endsWith('\n') && line.indexOf('\n') === line.length - 1);
    });
  });

  describe('no line ends the session', () => {
    it('an id nested too deeply to echo is refused before the call is decided: nothing is marked shown', () => {
      const session = new GateSession('/repo', { fs: fs(), globalFile: null });
      const deepId = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
      const answer = answerLine(session, `{"id":${deepId},"kind":"edit","targets":["src/a.ts"]}`)!;
      assert.deepEqual([answer.id, answer.decision, answer.error?.code], [null, 'reject', 'usage']);
      assert.match(answer.error!.message, /"id" cannot be echoed/);
      // src/AGENTS.md was not shown by the refused call: the next edit is held with it.
      const next = answerLine(session, '{"id":2,"kind":"edit","targets":["src/a.ts"]}')!;
      assert.deepEqual([next.decision, next.sources], ['hold', ['src/AGENTS.md']]);
    });

    it('a line whose answering throws gets an internal reject of its own; the stream goes on', async () => {
      const session = new GateSession('/repo', { fs: fs(), globalFile: null });
      let calls = 0;
      const flaky = Object.assign(Object.create(session) as GateSession, {
        decide: (call: unknown, id: unknown) => {
          if (++calls === 1) throw new Error('boom');
          return session.decide(call as { kind: unknown; targets: unknown }, id);
        },
      });
      const lines: string[] = [];
      await runGate(
        flaky,
        PassThrough.from(['{"id":1,"kind":"read","targets":["a"]}\n{"id":2,"kind":"read","targets":["src/a.ts"]}\n']),
        (l) => {
          lines.push(l);
        },
      );
      assert.equal(lines.length, 3);
      assert.deepEqual(JSON.parse(lines[1]), {
        id: null,
        decision: 'reject',
        guidance: '',
        sources: [],
        snapshot: null,
        error: { code: 'internal', message: 'internal error: boom' },
      });
      assert.deepEqual([JSON.parse(lines[2]).id, JSON.parse(lines[2]).decision], [2, 'proceed']);
    });

    it('a writer that returns a promise holds the next line back until it settles', async () => {
      const session = new GateSession('/repo', { fs: fs(), globalFile: null });
      const input = new PassThrough();
      const written: string[] = [];
      let release: (() => void) | undefined;
      const done = runGate(session, input, (line) => {
        written.push(line);
        return new Promise<void>((resolve) => (release = resolve));
      });
      input.end('{"id":1,"kind":"read","targets":["a"]}\n{"id":2,"kind":"read","targets":["a"]}\n');
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(written.length, 1, 'only the preamble: its write has not settled');
      for (let i = 0; i < 3; i++) {
        release!();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await done;
      assert.deepEqual(
        written.map((l) => JSON.parse(l).id ?? JSON.parse(l).type),
        ['preamble', 1, 2],
      );
    });
  });

  it('encodeLine keeps one answer on one line even for U+2028/U+2029 and newlines in guidance', () => {
    const line = encodeLine({ id: 1, guidance: 'a\nb\u2028c\u2029d\re' });
    assert.equal(line.split(/\r\n|[\n\r\u2028\u2029]/).length, 2);
    assert.deepEqual(JSON.parse(line), { id: 1, guidance: 'a\nb\u2028c\u2029d\re' });
  });

  describe('repositoryInstructions (the MCP and VS Code tool)', () => {
    it('returns the model context as text with the evidence', () => {
      const { text, evidence } = repositoryInstructions('/repo', ['src/a.ts'], { fs: fs(), globalFile: null });
      assert.equal(text, evidence.context);
      assert.deepEqual(evidence, resolveInstructions('/repo', ['src/a.ts'], { fs: fs(), globalFile: null }));
    });

    it('says so in one line when nothing applies or the budget is 0', () => {
      const empty = new MemoryFs({ '/repo/a.ts': '' });
      assert.equal(
        repositoryInstructions('/repo', ['a.ts'], { fs: empty, globalFile: null }).text,
        'No repository instructions apply to "a.ts".',
      );
      assert.match(
        repositoryInstructions('/repo', ['src/a.ts', ''], { fs: fs(), globalFile: null, budget: 0 }).text,
        /budget is 0.*"\.", "src\/a.ts"/,
      );
    });

    it('throws usage for missing or empty paths, and target-outside-root for paths outside', () => {
      for (const paths of [undefined, [], 'src/a.ts', [1]]) {
        assert.throws(() => repositoryInstructions('/repo', paths, { fs: fs(), globalFile: null }), { code: 'usage' });
      }
      assert.throws(() => repositoryInstructions('/repo', ['../etc'], { fs: fs(), globalFile: null }), { code: 'target-outside-root' });
    });
  });
});
