// `holaryn gate` and `holaryn mcp` in-process: options, start-up errors, and one short session.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { cli } from '../../../src/cli/cli';
import { GateIo } from '../../../src/cli/gate';
import { createMcpServer, serveFrames } from '../../../src/cli/mcp';
import { evidenceWithoutContent } from '../../../src/gate';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';

function io(stdinLines: string[] = []): GateIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    readStdin: async () => '',
    isTTY: false,
    env: {},
    cwd: os.tmpdir(),
    stdin: Readable.from(stdinLines.map((l) => Buffer.from(l))),
  };
}

describe('gate and mcp commands (in-process)', () => {
  let root: string;
  before(() => {
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'holaryn-gate-cli-')));
    writeFileSync(path.join(root, 'AGENTS.md'), 'Root rules.\n');
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src', 'CLAUDE.md'), 'src rules.\n');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('gate: preamble, answers, exit 0 at end of input', async () => {
    const t = io(['{"id":1,"kind":"write","targets":["src/new.ts"]}\n', '{"id":2,"kind":"write","targets":["src/new.ts"]}\n']);
    assert.equal(await cli(['gate', root, '--no-global'], t), 0);
    const lines = t.out.map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => [l.type ?? l.id, l.decision, l.sources]),
      [
        ['preamble', undefined, ['AGENTS.md']],
        [1, 'hold', ['src/CLAUDE.md']],
        [2, 'proceed', []],
      ],
    );
  });

  it('gate: --budget and --global reach the session', async () => {
    const global = path.join(root, '..', `${path.basename(root)}-global.md`);
    writeFileSync(global, 'Operator rules.\n');
    try {
      const t = io();
      assert.equal(await cli(['gate', root, '--global', global], t), 0);
      assert.deepEqual(JSON.parse(t.out[0]).sources, [`<global>/${path.basename(global)}`, 'AGENTS.md']);
      const zero = io();
      assert.equal(await cli(['gate', root, '--no-global', '--budget', '0'], zero), 0);
      assert.deepEqual([JSON.parse(zero.out[0]).guidance, JSON.parse(zero.out[0]).sources], ['', []]);
    } finally {
      rmSync(global, { force: true });
    }
  });

  it('gate: anything that stops it before the preamble is one JSON error line, exit 2', async () => {
    const cases: [string[], string, RegExp][] = [
      [['gate'], 'usage', /missing <root>/],
      [['gate', root, 'src/a.ts'], 'usage', /one <root>/],
      [['gate', root, '--budget', '-1'], 'usage', /--budget/],
      [['gate', root, '--global', 'x', '--no-global'], 'usage', /cannot be used together/],
      [['gate', root, '--frobnicate'], 'usage', /frobnicate/],
      [['gate', path.join(root, 'missing')], 'root-not-found', /does not exist/],
      [['gate', path.join(root, 'AGENTS.md')], 'root-not-found', /not a directory/],
    ];
    for (const [argv, code, message] of cases) {
      const t = io(['{"id":1,"kind":"read","targets":["."]}\n']);
      assert.equal(await cli(argv, t), 2, argv.join(' '));
      assert.equal(t.out.length, 1);
      const line = JSON.parse(t.out[0]);
      assert.equal(line.type, 'error');
      assert.equal(line.error.code, code);
      assert.match(line.error.message, message);
    }
  });

  it('gate --help and mcp --help print their usage', async () => {
    for (const name of ['gate', 'mcp']) {
      const t = io();
      assert.equal(await cli([name, '--help'], t), 0);
      assert.match(t.out.join(''), new RegExp(`^Usage: holaryn ${name} <root>`));
    }
    const t = io();
    await cli(['--help'], t);
    assert.match(t.out.join(''), /gate <root>.*\n.*mcp <root>/);
  });

  it('mcp: usage and root errors exit 2 before serving', async () => {
    for (const argv of [['mcp'], ['mcp', path.join(root, 'missing')], ['mcp', root, 'extra']]) {
      const t = io();
      assert.equal(await cli(argv, t), 2);
      assert.match(t.err.join(''), /^holaryn: /);
    }
  });

  it('mcp server (in-memory transport): the tool answers with the context and the evidence', async () => {
    const fs = new MemoryFs({ '/repo/AGENTS.md': 'Root rules.\n', '/repo/src/a.ts': '' });
    const server = createMcpServer('/repo', { fs, globalFile: null });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const result = await client.callTool({ name: 'repository_instructions', arguments: { paths: ['src/a.ts'] } });
      const evidence = resolveInstructions('/repo', ['src/a.ts'], { fs, globalFile: null });
      assert.deepEqual(result.content, [{ type: 'text', text: evidence.context }]);
      assert.deepEqual(result.structuredContent, JSON.parse(JSON.stringify(evidenceWithoutContent(evidence))));
      const outside = await client.callTool({ name: 'repository_instructions', arguments: { paths: ['/etc/passwd'] } });
      assert.equal(outside.isError, true);
      assert.match((outside.content as { text: string }[])[0].text, /^target-outside-root: /);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('mcp server: structuredContent keeps the evidence but gives every source\'s content as "", even one the budget omitted', async () => {
    const big = `${'x'.repeat(5000)}\n`;
    const fs = new MemoryFs({
      '/repo/AGENTS.md': big,
      '/repo/src/AGENTS.md': big,
      '/repo/src/CLAUDE.md': 'Small.\n',
      '/repo/src/a.ts': '',
    });
    const server = createMcpServer('/repo', { fs, globalFile: null, budget: 3000 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const result = await client.callTool({ name: 'repository_instructions', arguments: { paths: ['src/a.ts'] } });
      const evidence = resolveInstructions('/repo', ['src/a.ts'], { fs, globalFile: null, budget: 3000 });
      assert.ok(evidence.sources.some((s) => s.status === 'omitted' || s.status === 'truncated'));
      const structured = result.structuredContent as unknown as Evidence;
      // The same shape and facts: every field but the sources' content is the library's.
      const blanked = JSON.parse(JSON.stringify(evidence)) as Evidence;
      for (const s of blanked.sources) s.content = '';
      assert.deepEqual(structured, blanked);
      assert.deepEqual(
        structured.sources.map((s) => [s.path, s.content, s.chars]),
        evidence.sources.map((s) => [s.path, '', s.chars]),
      );
      // The text result is the model context, within the budget; nothing else carries a source's text.
      assert.deepEqual(result.content, [{ type: 'text', text: evidence.context }]);
      assert.ok([...evidence.context].length <= 3000);
      assert.ok(JSON.stringify(structured).length < 3 * 3000, `structuredContent is ${JSON.stringify(structured).length} characters`);
      // Past the context and its parts by place (the same text, within the budget: under the v1.1
      // walk it holds the cut head of a big file), no field carries a source's text.
      assert.deepEqual(structured.contextParts.map((p) => p.text).join('\n\n'), evidence.context);
      assert.ok(!JSON.stringify({ ...structured, context: '', contextParts: [] }).includes('x'.repeat(100)));
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('mcp server: an answer longer than one message may carry is a tool error, and the session goes on', async () => {
    const fs = new MemoryFs({ '/repo/AGENTS.md': 'Root rules.\n' });
    const server = createMcpServer('/repo', { fs, globalFile: null }, 20_000);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const paths = Array.from({ length: 2000 }, (_, i) => `src/dir-${i}/file-${i}.ts`);
      const r = await client.callTool({ name: 'repository_instructions', arguments: { paths } });
      assert.equal(r.isError, true);
      assert.match(
        (r.content as { text: string }[])[0].text,
        /^usage: the answer for these 2000 paths is 0\.\d\d MiB \(1 source\), more than one answer may carry \(0\.02 MiB\): ask for fewer paths at a time$/,
      );
      const ok = await client.callTool({ name: 'repository_instructions', arguments: { paths: ['src/a.ts'] } });
      assert.equal(ok.isError, undefined);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("mcp server: a failure while resolving, at start or in one call, is that call's tool error; the server serves on", async () => {
    const fs = new MemoryFs({ '/repo/.git/HEAD': 'ref\n', '/repo/AGENTS.md': 'Root rules.\n', '/repo/src/a.ts': '' });
    let broken = true;
    // Under narya, a trust lookup that throws as a depth bomb in a settings parser would.
    const trustStore = () => {
      if (broken) throw new RangeError('Maximum call stack size exceeded');
      return { decision: 'trusted' as const };
    };
    const server = createMcpServer('/repo', { fs, globalFile: null, profile: 'narya', trustStore });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const failed = await client.callTool({ name: 'repository_instructions', arguments: { paths: ['src/a.ts'] } });
      assert.equal(failed.isError, true);
      assert.deepEqual(failed.content, [{ type: 'text', text: 'internal: Maximum call stack size exceeded' }]);
      assert.equal((await client.listTools()).tools.length, 1);
      broken = false;
      const ok = await client.callTool({ name: 'repository_instructions', arguments: { paths: ['src/a.ts'] } });
      assert.equal(ok.isError, undefined);
      assert.match((ok.content as { text: string }[])[0].text, /Root rules\./);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it('mcp server: a bad root is still an error at start', () => {
    assert.throws(() => createMcpServer('/nope', { fs: new MemoryFs({ '/repo/a': '' }), globalFile: null }), /root/);
  });

  describe('mcp framing (serveFrames): every line is a frame for the SDK or an answer, and nothing ends the server', () => {
    async function frames(
      chunks: (string | Buffer)[],
      maxBytes?: number,
    ): Promise<{ delivered: string[]; answered: unknown[]; order: string[] }> {
      const delivered: string[] = [];
      const answered: unknown[] = [];
      const order: string[] = [];
      await serveFrames(
        Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))),
        (frame) => {
          delivered.push(frame);
          order.push('frame');
        },
        async (message) => {
          answered.push(message);
          order.push('answer');
        },
        undefined,
        maxBytes,
      );
      return { delivered, answered, order };
    }
    const request = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' });

    it('passes whole well-formed lines on, one frame each, as they were (blank lines dropped, \\r\\n and a split character kept whole)', async () => {
      const line = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: { paths: ['é€😀'] } } });
      const bytes = Buffer.from(
        `${line}\r\n\n   \n${request(2)}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}`,
      );
      const { delivered, answered } = await frames([bytes.subarray(0, 70), bytes.subarray(70, 71), bytes.subarray(71)]);
      assert.deepEqual(delivered, [`${line}\n`, `${request(2)}\n`, '{"jsonrpc":"2.0","method":"notifications/initialized"}\n']);
      assert.deepEqual(answered, []);
    });

    it('a line over the bound: -32600 with id null, its bytes never kept; the next line is served', async () => {
      const { delivered, answered, order } = await frames(
        ['{"jsonrpc":"2.0","id":5,', 'x'.repeat(100), '"method":"tools/list"}\n', `${request(6)}\n`],
        64,
      );
      assert.deepEqual(delivered, [`${request(6)}\n`]);
      assert.equal(answered.length, 1);
      const [e] = answered as { jsonrpc: string; id: unknown; error: { code: number; message: string } }[];
      assert.deepEqual([e.jsonrpc, e.id, e.error.code], ['2.0', null, -32600]);
      assert.match(e.error.message, /longer than 64 bytes/);
      assert.deepEqual(order, ['answer', 'frame']);
    });

    it('a line that is not JSON: -32700 (Parse error) with id null', async () => {
      const { delivered, answered } = await frames([`oops\n{"jsonrpc":"2.0","id":1,\n${request(2)}\n`]);
      assert.deepEqual(delivered, [`${request(2)}\n`]);
      assert.deepEqual(
        (answered as { id: unknown; error: { code: number } }[]).map((a) => [a.id, a.error.code]),
        [
          [null, -32700],
          [null, -32700],
        ],
      );
    });

    it('JSON that is not a JSON-RPC message: -32600, with its id when one can be read', async () => {
      let deep = '0';
      for (let i = 0; i < 100_000; i++) deep = `[${deep}]`;
      const lines = [
        '{}',
        '[]',
        `[${request(1)}]`,
        '"x"',
        '42',
        '{"jsonrpc":"2.0","id":7}',
        '{"jsonrpc":"1.0","id":"q","method":"m"}',
        `{"jsonrpc":"2.0","id":${deep},"method":"m"}`,
      ];
      const { delivered, answered } = await frames([`${lines.join('\n')}\n`]);
      assert.deepEqual(delivered, []);
      assert.deepEqual(
        (answered as { id: unknown; error: { code: number } }[]).map((a) => [a.id, a.error.code]),
        [
          [null, -32600],
          [null, -32600],
          [null, -32600],
          [null, -32600],
          [null, -32600],
          [7, -32600],
          ['q', -32600],
          [null, -32600],
        ],
      );
    });

    it('waits for room in the output before reading on', async () => {
      const seen: string[] = [];
      let open: (() => void) | undefined;
      const done = serveFrames(
        Readable.from([Buffer.from(`${request(1)}\n${request(2)}\n`)]),
        (frame) => seen.push(frame),
        async () => {},
        () => (seen.length === 1 ? new Promise<void>((resolve) => (open = resolve)) : undefined),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(seen.length, 1);
      open!();
      await done;
      assert.equal(seen.length, 2);
    });
  });
});
