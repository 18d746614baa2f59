/**
 * `holaryn mcp <root>`: a Model Context Protocol server over stdio, built on the official SDK,
 * with one read-only tool, `repository_instructions` ({ paths: string[] }): its text content is
 * the model context for those paths and its `structuredContent` the evidence object with every
 * source's `content` given as `""` (the text is what the model should read; see
 * evidenceWithoutContent).
 *
 * The SDK is imported through its `require` export paths, which esbuild bundles into dist/cli.js.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { TOOL_DESCRIPTION, evidenceWithoutContent, repositoryInstructions, toolErrorText } from '../gate';
import {
  CONTEXT_PLACES,
  EVIDENCE_SCHEMA,
  FileCache,
  ResolveError,
  ResolveOptions,
  SOURCE_SCOPES,
  SOURCE_STATUSES,
  resolveInstructions,
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
  // Fail before serving when the root is unusable, and answer every call against its canonical path.
  const canonicalRoot = resolveInstructions(root, [], resolveOptions).root;
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
  // stdout now belongs to the protocol: nothing else may write there.
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  // A message the transport could not send is said on stderr, never swallowed.
  transport.onerror = (err) => io.stderr(`holaryn mcp: ${err.message}\n`);
  const closed = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  await closed;
  await server.close();
  return EXIT.ok;
}
