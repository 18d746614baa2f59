// `node dist/cli.js mcp <root>` driven by the official MCP client over stdio: the tool's text is
// the model context and its structuredContent the evidence, equal to the library's for the same tree.
import { strict as assert } from 'node:assert';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Ajv from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { resolveInstructions } from '../../src/resolver';

const REPO = path.resolve(__dirname, '../..');
const CLI = path.join(REPO, 'dist', 'cli.js');

type ToolResult = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

describe('holaryn mcp (real process, SDK client)', () => {
  let root: string;
  let client: Client;
  let transport: StdioClientTransport;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  const call = async (paths: unknown): Promise<ToolResult> =>
    (await client.callTool({ name: 'repository_instructions', arguments: { paths } })) as ToolResult;
  /** The library's evidence as the tool's structuredContent carries it: every source's content "". */
  const library = (paths: string[]) => {
    const evidence = JSON.parse(JSON.stringify(resolveInstructions(root, paths, { globalFile: null }))) as {
      sources: { path: string; status: string; content: string }[];
    };
    for (const s of evidence.sources) s.content = '';
    return evidence;
  };

  before(async () => {
    execFileSync(process.execPath, ['esbuild.mjs'], { cwd: REPO, stdio: 'pipe' });
    root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'holaryn-mcp-e2e-')));
    write('AGENTS.md', '---\nrequired_validation: npm test\n---\nUse pnpm.\n');
    write('src/CLAUDE.md', '---\napplies_to: "*.ts"\n---\nsrc: strict TypeScript.\n');
    write('src/a.ts', '');
    transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', root, '--no-global'], stderr: 'pipe' });
    client = new Client({ name: 'holaryn-e2e', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists the repository_instructions tool with a { paths: string[] } input and an output schema', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['repository_instructions'],
    );
    const tool = tools[0];
    assert.deepEqual(tool.inputSchema.required, ['paths']);
    assert.deepEqual((tool.inputSchema.properties as Record<string, { type: string; items: unknown }>).paths.items, { type: 'string' });
    assert.equal(tool.annotations?.readOnlyHint, true);
    assert.ok(tool.outputSchema);
    assert.equal(client.getServerVersion()?.name, 'holaryn');
  });

  it('returns the model context as text and the evidence as structuredContent (contents given as ""), as the library does', async () => {
    const result = await call(['src/a.ts']);
    const evidence = library(['src/a.ts']);
    assert.equal(result.isError, undefined);
    assert.deepEqual(result.content, [{ type: 'text', text: resolveInstructions(root, ['src/a.ts'], { globalFile: null }).context }]);
    assert.deepEqual(result.structuredContent, evidence);
    assert.deepEqual(
      evidence.sources.map((s: { path: string; status: string }) => [s.path, s.status]),
      [
        ['AGENTS.md', 'included'],
        ['src/CLAUDE.md', 'included'],
      ],
    );
    // The evidence is valid against the published schema.
    const schema = JSON.parse(readFileSync(path.join(REPO, 'schema', 'evidence.schema.json'), 'utf8'));
    const validate = new Ajv({ strict: false }).compile({ ...schema, oneOf: undefined, $ref: '#/definitions/evidence' });
    assert.ok(validate(result.structuredContent), JSON.stringify(validate.errors));
  });

  it('answers several paths, absolute ones and the root, and reads changed files afresh', async () => {
    const paths = [path.join(root, 'src', 'a.ts'), 'src', ''];
    assert.deepEqual((await call(paths)).structuredContent, library(paths));
    write('src/CLAUDE.md', '---\napplies_to: "*.ts"\n---\nsrc: strict TypeScript, no enums.\n');
    write('src/lib/AGENTS.md', 'lib: pure functions.\n');
    const result = await call(['src/b.ts', 'src/lib/b.ts']);
    assert.deepEqual(result.structuredContent, library(['src/b.ts', 'src/lib/b.ts']));
    assert.match(result.content[0].text, /no enums[^]*lib: pure functions/);
  });

  it('returns a tool error for paths outside the root and for an empty list', async () => {
    const outside = await call(['../elsewhere/a.ts']);
    assert.equal(outside.isError, true);
    assert.match(outside.content[0].text, /^target-outside-root: target outside the workspace root: "\.\.\/elsewhere\/a\.ts"/);
    assert.equal(outside.structuredContent, undefined);
    const empty = await call([]);
    assert.equal(empty.isError, true);
    assert.match(empty.content[0].text, /paths/);
  });

  it('answers for sources far larger than the budget with the context as text and no source content in structuredContent', async function () {
    this.timeout(60_000);
    // 70 sources of 1 MiB each (and the root's): once over the 64 MiB one answer may carry when
    // structuredContent held every content; now the answer is the budgeted context and the facts.
    const body = `${'x'.repeat(1023)}\n`.repeat(1024);
    const paths: string[] = [];
    for (let i = 0; i < 70; i++) {
      write(`big/d${i}/AGENTS.md`, body);
      paths.push(`big/d${i}/f.ts`);
    }
    const r = await call(paths);
    assert.equal(r.isError, undefined, r.content[0]?.text);
    const structured = r.structuredContent as { sources: { path: string; status: string; content: string; chars: number }[] };
    assert.equal(structured.sources.length, 71);
    assert.ok(structured.sources.every((s) => s.content === ''));
    assert.ok(structured.sources.filter((s) => s.status === 'omitted').length >= 60);
    assert.equal(structured.sources.find((s) => s.path === 'big/d0/AGENTS.md')?.chars, 1024 * 1024);
    assert.ok([...r.content[0].text].length <= 24000);
    assert.ok(JSON.stringify(r).length < 1024 * 1024, `the answer is ${JSON.stringify(r).length} characters`);
    // The session goes on.
    assert.equal((await call(['src/a.ts'])).isError, undefined);
    rmSync(path.join(root, 'big'), { recursive: true, force: true });
  });

  it('exits 0 when its input ends', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', root, '--no-global'], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
  });
});
