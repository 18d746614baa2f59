/**
 * `holaryn mcp <root>`: a Model Context Protocol server over stdio, built on the official SDK,
 * with one read-only tool, `repository_instructions` ({ paths: string[] }): its text content is
 * the model context for those paths and its `structuredContent` the evidence object with every
 * source's `content` given as `""` (the text is what the model should read; see
 * evidenceWithoutContent).
 *
 * The SDK is imported through its `require` export paths, which esbuild bundles into dist/cli.js.
 *
 * No request ends the server: a failure inside one call is that call's tool error, a frame the
 * SDK's transport would choke on is answered with a JSON-RPC error before it gets there (see
 * serveFrames), and only the end of input ends it.
 */
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { ErrorCode, JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  InputLine,
  TOOL_DESCRIPTION,
  evidenceWithoutContent,
  firstResolution,
  repositoryInstructions,
  roomIn,
  splitLines,
  toolErrorText,
} from '../gate';
import {
  CONTEXT_PLACES,
  EVIDENCE_SCHEMA,
  FileCache,
  LISTING_KINDS,
  LISTING_PLACES,
  LISTING_STATUSES,
  ResolveError,
  ResolveOptions,
  SOURCE_SCOPES,
  SOURCE_STATUSES,
} from '../resolver';
import { RESOLVE_OPTIONS, UsageError, profileFlagOptions, profileOptionsHelp, resolveOptionsFrom } from './args';
import { CliIo, EXIT } from './io';
import { VERSION } from './version';

export const MCP_TOOL_NAME = 'repository_instructions';

export const MCP_HELP = `Usage: holaryn mcp <root> [options]

Serves the Model Context Protocol over stdio with one read-only tool, "${MCP_TOOL_NAME}":
input {"paths": ["src/app.ts", …]}, result text = the repository instructions that apply to
those paths (the model context, within the budget), structuredContent = the evidence
(holaryn.instructions/v1) with every source's "content" given as "" so that no source's text
reaches the model past the budget.

Register it with an MCP client, for example:
  claude mcp add holaryn -- holaryn mcp /path/to/repo
  codex mcp add holaryn -- holaryn mcp /path/to/repo

Arguments:
  <root>            the workspace root (a directory)

Options:
  --budget N        model-context budget in characters (default 24000; 0 disables)
  --global FILE     use FILE as the operator-global instruction file
  --no-global       do not read an operator-global instruction file
${profileOptionsHelp(18)}  -h, --help        show this help

One message per line, as MCP's stdio transport has it. A line longer than 10 MiB is answered
with the JSON-RPC error -32600 (id null) without being kept in memory, a line that is not JSON
with -32700, a JSON value that is not a JSON-RPC message with -32600; the server goes on.

Exit codes: 0 when the client closes the connection, 2 usage error or missing root.
`;

const target = z.looseObject({ path: z.string(), kind: z.enum(['file', 'directory', 'missing']) });
const source = z.looseObject({
  path: z.string(),
  scope: z.enum(SOURCE_SCOPES),
  directory: z.string().nullable(),
  depth: z.number().int(),
  filename: z.string(),
  order: z.number().int(),
  sha256: z.string(),
  bytes: z.number().int(),
  chars: z.number().int(),
  status: z.enum(SOURCE_STATUSES),
  appliesTo: z.array(z.string()),
  supersededFor: z.array(z.string()),
  supersededBy: z.string().nullable(),
  duplicateOf: z.string().nullable(),
  reason: z.string().nullable(),
  metadata: z.looseObject({}).nullable(),
  content: z.string(),
});
const diagnostic = z.looseObject({
  severity: z.enum(['error', 'warning', 'info']),
  code: z.string(),
  source: z.string().nullable(),
  line: z.number().int().nullable(),
  message: z.string(),
});
const truncation = z.looseObject({
  budget: z.number().nullable(),
  chars: z.number(),
  truncated: z.boolean(),
  omitted: z.array(z.looseObject({ path: z.string(), chars: z.number() })),
  cut: z.array(z.looseObject({ path: z.string(), chars: z.number(), included: z.number() })),
});

/**
 * The evidence's contract fields (docs/contract.md §9); extra fields pass, as the contract allows.
 * test/unit/cli/evidence-shape.test.ts checks it against the TypeScript types and the JSON Schema.
 */
export const EVIDENCE_OUTPUT_SCHEMA = z.looseObject({
  schema: z.literal(EVIDENCE_SCHEMA),
  root: z.string(),
  targets: z.array(target),
  snapshot: z.string(),
  sources: z.array(source),
  validation: z.array(z.looseObject({ command: z.string(), source: z.string() })),
  conflicts: z.array(z.looseObject({})),
  diagnostics: z.array(diagnostic),
  truncation,
  context: z.string(),
  contextParts: z.array(z.looseObject({ place: z.enum(CONTEXT_PLACES), text: z.string(), sources: z.array(z.string()) })).optional(),
  listings: z
    .array(
      z.looseObject({
        kind: z.enum(LISTING_KINDS),
        name: z.string(),
        source: z.string(),
        status: z.enum(LISTING_STATUSES),
        reason: z.string().optional(),
        place: z.enum(LISTING_PLACES),
        text: z.string(),
      }),
    )
    .optional(),
});

/**
 * Characters one answer may carry. The SDK writes an answer as one JSON string: a context near the
 * largest budget, or a call naming a million paths (every source lists the targets it applies to),
 * would make a string JavaScript cannot hold, and the answer would never come.
 */
export const MAX_MCP_ANSWER_CHARS = 64 * 1024 * 1024;

/** Characters in MiB, for messages: whole above one, else to two places. */
function mib(chars: number): string {
  const m = chars / 2 ** 20;
  return m >= 1 ? String(Math.round(m)) : m.toFixed(2);
}

/** The answer's length as JSON, or Infinity when it is too long to be one string at all. */
function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value).length;
  } catch {
    return Infinity;
  }
}

/**
 * The server for one root; connect it to any transport. Throws ResolveError when the root is bad.
 * `maxAnswerChars` is MAX_MCP_ANSWER_CHARS unless a test gives a smaller one.
 */
export function createMcpServer(root: string, options: ResolveOptions = {}, maxAnswerChars = MAX_MCP_ANSWER_CHARS): McpServer {
  const resolveOptions = { ...options, cache: options.cache ?? new FileCache() };
  // Fail before serving when the root or an option is unusable, and answer every call against the
  // canonical root. Anything else failing here is left to the calls, which each answer for themselves.
  const canonicalRoot = firstResolution(root, [], resolveOptions).root;
  const server = new McpServer(
    { name: 'holaryn', version: VERSION },
    {
      instructions: `Repository instructions for the workspace ${canonicalRoot}. Call ${MCP_TOOL_NAME} with the paths you are about to read or change.`,
    },
  );
  server.registerTool(
    MCP_TOOL_NAME,
    {
      title: 'Repository instructions',
      description: TOOL_DESCRIPTION,
      inputSchema: {
        paths: z.array(z.string()).min(1).describe('Files or directories, relative to the workspace root or absolute inside it'),
      },
      outputSchema: EVIDENCE_OUTPUT_SCHEMA,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ paths }) => {
      try {
        const { text, evidence } = repositoryInstructions(canonicalRoot, paths, resolveOptions);
        const answer = { content: [{ type: 'text' as const, text }], structuredContent: { ...evidenceWithoutContent(evidence) } };
        const length = jsonLength(answer);
        if (length > maxAnswerChars) {
          const size = Number.isFinite(length) ? `${mib(length)} MiB` : 'too long for one JSON string';
          const message = `the answer for these ${paths.length} paths is ${size} (${evidence.sources.length} source${evidence.sources.length === 1 ? '' : 's'}), more than one answer may carry (${mib(maxAnswerChars)} MiB): ask for fewer paths at a time`;
          return { content: [{ type: 'text', text: toolErrorText(new ResolveError('usage', message)) }], isError: true };
        }
        return answer;
      } catch (err) {
        // A rejected path is the model's to fix: a tool error, not a protocol error.
        return { content: [{ type: 'text', text: toolErrorText(err) }], isError: true };
      }
    },
  );
  return server;
}

/**
 * Bytes in one frame (one JSON-RPC message on one line): the bound the SDK's stdio transport
 * itself sets on its read buffer.
 */
export const MAX_MCP_FRAME_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

/** What one input line becomes: a frame for the SDK, an error to answer, or nothing (blank). */
function frameOf(line: InputLine, maxBytes: number): { frame: string } | { refusal: JSONRPCMessage } | undefined {
  const refusal = (id: unknown, code: ErrorCode, message: string) => ({
    // JSON-RPC 2.0: id null when the request's own id cannot be read (the SDK's HTTP transport does the same).
    refusal: {
      jsonrpc: '2.0',
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      error: { code, message },
    } as JSONRPCMessage,
  });
  if ('tooLong' in line) {
    return refusal(null, ErrorCode.InvalidRequest, `Invalid Request: a message longer than ${maxBytes} bytes; it was not read`);
  }
  if (line.text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch {
    return refusal(null, ErrorCode.ParseError, 'Parse error: the line is not JSON');
  }
  if (!JSONRPCMessageSchema.safeParse(value).success) {
    const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
    return refusal(id, ErrorCode.InvalidRequest, 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message');
  }
  return { frame: `${line.text}\n` };
}

/**
 * Reads MCP's stdio framing (one message per line) from `input` and hands `deliver` one whole,
 * well-formed frame at a time; every other line is answered through `answer` with a JSON-RPC
 * error (see frameOf) and the server goes on.
 *
 * Why in front of the SDK's own transport rather than inside it: the SDK's StdioServerTransport
 * buffers everything up to a newline, and on a frame over its buffer size it closes itself (the
 * server then ends with status 0 and every later request is lost); a line that is not JSON-RPC
 * it only reports through `onerror`, with no answer. Its options bound the buffer but cannot
 * change either. The splitter here (the gate's splitLines) drops an oversized line's bytes as they
 * arrive, so memory stays bounded whatever the client sends, and the SDK parses only frames it
 * accepts. After each frame it lets the SDK answer (the tool is synchronous work on promises)
 * and waits while `room` says the client has not read the answers: a client that floods the
 * server without reading holds its own input back instead of growing the server's memory.
 */
export async function serveFrames(
  input: AsyncIterable<Uint8Array | string>,
  deliver: (frame: string) => void,
  answer: (message: JSONRPCMessage) => Promise<void>,
  room: () => Promise<void> | undefined = () => undefined,
  maxBytes = MAX_MCP_FRAME_BYTES,
): Promise<void> {
  for await (const line of splitLines(input, maxBytes)) {
    const next = frameOf(line, maxBytes);
    if (next === undefined) continue;
    if ('refusal' in next) await answer(next.refusal);
    else {
      deliver(next.frame);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await room();
  }
}

export async function mcpCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: { ...RESOLVE_OPTIONS, ...profileFlagOptions() },
  });
  if (values.help) {
    io.stdout(MCP_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'missing <root>' : 'mcp takes one <root>');
  const server = createMcpServer(path.resolve(io.cwd, positionals[0]), resolveOptionsFrom(values, io));
  // stdout now belongs to the protocol: nothing else may write there. The SDK's transport reads
  // the frames serveFrames passes on, one whole line each: its buffer never holds more than one
  // (a line's UTF-8 decoded and encoded again may grow up to three times: U+FFFD for a bad byte).
  const frames = new PassThrough();
  const transport = new StdioServerTransport(frames, process.stdout, { maxBufferSize: 4 * MAX_MCP_FRAME_BYTES });
  // A message the transport could not send or read is said on stderr, never swallowed.
  transport.onerror = (err) => io.stderr(`holaryn mcp: ${err.message}\n`);
  let closed = false;
  transport.onclose = () => (closed = true);
  await server.connect(transport);
  await serveFrames(
    process.stdin,
    (frame) => {
      if (!closed) frames.write(frame);
    },
    (message) => transport.send(message),
    () => roomIn(process.stdout),
  );
  frames.end();
  await server.close();
  return EXIT.ok;
}
