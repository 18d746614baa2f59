/**
 * A fake model server on 127.0.0.1: it speaks the wire protocols coding agents use (Anthropic
 * Messages, OpenAI Responses, Gemini `streamGenerateContent`, OpenAI chat completions, and
 * Augment's own `chat-stream`, whose backend's other calls — models and feature flags, MCP
 * configurations, events — are answered 404 like any unknown route, so the agent falls back to
 * its built-in defaults), records
 * every request, and follows a short script: the first request that counts is answered with one
 * read tool call of a given file (when the script has one), the next with a plain reply; once
 * that last request is recorded the run has what it needs (`done`).
 *
 * It runs inside the capture's network namespace (sandbox.ts, runner.ts): a server outside it
 * would be unreachable. It never forwards anything anywhere.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sseEvent, sseTyped } from './sse';

export type WireProtocol = 'anthropic-messages' | 'openai-responses' | 'gemini' | 'openai-chat' | 'augment';

/** A read (or any) tool call the endpoint answers with: the tool's name and its arguments. */
export interface ToolCall {
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
}

export interface RecordedRequest {
  /** 1-based, in arrival order. */
  seq: number;
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** Lower-case names; credentials are replaced by `<redacted>`. */
  headers: Record<string, string>;
  /** The body as UTF-8 text (the agents send JSON). */
  body: string;
  /** The protocol the URL speaks, or null for anything else (answered 404). */
  protocol: WireProtocol | null;
  /** Whether it counted for the script (see EndpointScript.isMain). */
  main: boolean;
  /** How it was answered. */
  answer: 'tool-call' | 'text' | 'count' | 'not-found' | 'too-large';
}

export interface EndpointScript {
  /** The tool call the first counting request is answered with; none: a plain reply ends the script. */
  readonly toolCall?: ToolCall;
  /**
   * Whether a request counts for the script. An agent's side requests (a title, a routing
   * decision, a token count) are answered with a plain reply and do not move it. Default: every
   * request of a known protocol counts.
   */
  isMain?(request: RecordedRequest, body: unknown): boolean;
}

export interface Endpoint {
  readonly port: number;
  readonly requests: readonly RecordedRequest[];
  /** Resolves once the script's last request has been recorded and its reply written. */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

/** Request bodies larger than this are refused (an agent's first request is well under 1 MiB). */
export const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/** Header names whose values are never recorded. */
const SECRET_HEADERS = new Set(['authorization', 'x-api-key', 'x-goog-api-key', 'api-key', 'cookie']);

/** The plain reply every protocol sends: one short assistant text. */
export const REPLY_TEXT = 'done';

export function protocolOf(method: string, url: string): WireProtocol | null {
  if (method !== 'POST') return null;
  const path = url.split('?')[0];
  if (/\/messages(\/count_tokens)?$/.test(path)) return 'anthropic-messages';
  if (/\/responses$/.test(path)) return 'openai-responses';
  if (/\/models\/[^/]+:(streamGenerateContent|generateContent|countTokens)$/.test(path)) return 'gemini';
  if (/\/chat\/completions$/.test(path)) return 'openai-chat';
  if (/\/chat-stream$/.test(path)) return 'augment';
  return null;
}

function isCount(url: string): boolean {
  const path = url.split('?')[0];
  return path.endsWith('/count_tokens') || path.endsWith(':countTokens');
}

function wantsStream(protocol: WireProtocol, url: string, body: unknown): boolean {
  if (protocol === 'gemini') return url.split('?')[0].endsWith(':streamGenerateContent');
  return typeof body === 'object' && body !== null && (body as { stream?: unknown }).stream === true;
}

/** A reply: its content type and body. */
interface Reply {
  type: string;
  body: string;
}

const SSE = 'text/event-stream';
const JSON_TYPE = 'application/json';

function anthropicReply(stream: boolean, model: string, call: ToolCall | undefined, id: string): Reply {
  const block = call ? { type: 'tool_use', id: `toolu_${id}`, name: call.name, input: call.input } : { type: 'text', text: REPLY_TEXT };
  const stop = call ? 'tool_use' : 'end_turn';
  const usage = { input_tokens: 1, output_tokens: 1 };
  if (!stream) {
    const message = {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [block],
      stop_reason: stop,
      stop_sequence: null,
      usage,
    };
    return { type: JSON_TYPE, body: JSON.stringify(message) };
  }
  const start = call ? { ...block, input: {} } : { type: 'text', text: '' };
  const delta = call ? { type: 'input_json_delta', partial_json: JSON.stringify(call.input) } : { type: 'text_delta', text: REPLY_TEXT };
  return {
    type: SSE,
    body: sseTyped([
      {
        type: 'message_start',
        message: { id: `msg_${id}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage },
      } as { type: string },
      { type: 'content_block_start', index: 0, content_block: start } as { type: string },
      { type: 'content_block_delta', index: 0, delta } as { type: string },
      { type: 'content_block_stop', index: 0 } as { type: string },
      { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } } as { type: string },
      { type: 'message_stop' },
    ]),
  };
}

function responsesReply(stream: boolean, model: string, call: ToolCall | undefined, id: string): Reply {
  const item = call
    ? {
        type: 'function_call',
        id: `fc_${id}`,
        call_id: `call_${id}`,
        name: call.name,
        arguments: JSON.stringify(call.input),
        status: 'completed',
      }
    : {
        type: 'message',
        id: `msg_${id}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: REPLY_TEXT, annotations: [] }],
      };
  const usage = {
    input_tokens: 1,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 1,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 2,
  };
  const response = (status: string, output: unknown[]) => ({ id: `resp_${id}`, object: 'response', model, status, output, usage });
  if (!stream) return { type: JSON_TYPE, body: JSON.stringify(response('completed', [item])) };
  return {
    type: SSE,
    body: sseTyped([
      { type: 'response.created', response: response('in_progress', []) } as { type: string },
      { type: 'response.output_item.added', output_index: 0, item } as { type: string },
      { type: 'response.output_item.done', output_index: 0, item } as { type: string },
      { type: 'response.completed', response: response('completed', [item]) } as { type: string },
    ]),
  };
}

function geminiReply(stream: boolean, model: string, call: ToolCall | undefined): Reply {
  const part = call ? { functionCall: { name: call.name, args: call.input } } : { text: REPLY_TEXT };
  const chunk = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: model,
  };
  return stream ? { type: SSE, body: sseEvent(chunk) } : { type: JSON_TYPE, body: JSON.stringify(chunk) };
}

function chatReply(stream: boolean, model: string, call: ToolCall | undefined, id: string): Reply {
  const toolCalls = call
    ? [{ index: 0, id: `call_${id}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.input) } }]
    : undefined;
  const finish = call ? 'tool_calls' : 'stop';
  const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  const base = { id: `chatcmpl-${id}`, created: 0, model };
  if (!stream) {
    const message = call ? { role: 'assistant', content: null, tool_calls: toolCalls } : { role: 'assistant', content: REPLY_TEXT };
    return {
      type: JSON_TYPE,
      body: JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message, finish_reason: finish }], usage }),
    };
  }
  const delta = call ? { role: 'assistant', tool_calls: toolCalls } : { role: 'assistant', content: REPLY_TEXT };
  return {
    type: SSE,
    body:
      sseEvent({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] }) +
      sseEvent({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: finish }], usage }) +
      sseEvent('[DONE]'),
  };
}

/**
 * Augment's `chat-stream`: newline-delimited JSON objects, each a piece of the answer (`text`,
 * response `nodes`); a tool call is a node of type 5 (`tool_use`, its arguments as a JSON string),
 * and the last object carries the stop reason (1: end of turn, 3: tool use).
 */
function augmentReply(call: ToolCall | undefined, id: string): Reply {
  const nodes = call
    ? [
        {
          id: 1,
          type: 5,
          content: '',
          tool_use: { tool_use_id: `toolu_${id}`, tool_name: call.name, input_json: JSON.stringify(call.input) },
        },
      ]
    : [{ id: 1, type: 0, content: REPLY_TEXT }];
  const lines = [
    { text: call ? '' : REPLY_TEXT, nodes },
    { text: '', nodes: [], stop_reason: call ? 3 : 1 },
  ];
  return { type: 'application/json', body: lines.map((l) => JSON.stringify(l) + '\n').join('') };
}

function countReply(protocol: WireProtocol): Reply {
  return { type: JSON_TYPE, body: JSON.stringify(protocol === 'gemini' ? { totalTokens: 1 } : { input_tokens: 1 }) };
}

/** The reply for one request of `protocol`: the tool call when given, else the plain text. */
export function replyFor(protocol: WireProtocol, url: string, body: unknown, call: ToolCall | undefined, id: string): Reply {
  const stream = wantsStream(protocol, url, body);
  const requested = typeof body === 'object' && body !== null ? (body as { model?: unknown }).model : undefined;
  const model = typeof requested === 'string' ? requested : (/\/models\/([^/:]+):/.exec(url)?.[1] ?? 'model');
  switch (protocol) {
    case 'anthropic-messages':
      return anthropicReply(stream, model, call, id);
    case 'openai-responses':
      return responsesReply(stream, model, call, id);
    case 'gemini':
      return geminiReply(stream, model, call);
    case 'openai-chat':
      return chatReply(stream, model, call, id);
    case 'augment':
      return augmentReply(call, id);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts the endpoint on 127.0.0.1:`port` (0: any free port). */
/** A request as recorded: credentials redacted, not yet answered. */
function recordOf(req: http.IncomingMessage, body: string, seq: number): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = SECRET_HEADERS.has(name) ? '<redacted>' : Array.isArray(value) ? value.join(', ') : value;
  }
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  return { seq, method, url, headers, body, protocol: protocolOf(method, url), main: false, answer: 'not-found' };
}

export function startEndpoint(script: EndpointScript, port = 0): Promise<Endpoint> {
  const requests: RecordedRequest[] = [];
  let callSent = false;
  let finished = false;
  let resolveDone!: () => void;
  const done = new Promise<void>((resolve) => (resolveDone = resolve));

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) refused = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const record = recordOf(req, Buffer.concat(chunks).toString('utf8'), requests.length + 1);
      requests.push(record);
      if (refused) {
        record.answer = 'too-large';
        res.writeHead(413, { 'content-type': JSON_TYPE }).end('{"error":{"message":"request too large"}}');
        return;
      }
      if (record.protocol === null) {
        res.writeHead(404, { 'content-type': JSON_TYPE }).end('{"error":{"message":"not found"}}');
        return;
      }
      if (isCount(record.url)) {
        record.answer = 'count';
        const reply = countReply(record.protocol);
        res.writeHead(200, { 'content-type': reply.type }).end(reply.body);
        return;
      }
      const body = parseJson(record.body);
      record.main = !finished && (script.isMain ? script.isMain(record, body) : true);
      const call = record.main && script.toolCall && !callSent ? script.toolCall : undefined;
      if (call) callSent = true;
      record.answer = call ? 'tool-call' : 'text';
      const reply = replyFor(record.protocol, record.url, body, call, String(record.seq));
      const last = record.main && !call;
      res.on('finish', () => {
        if (last && !finished) {
          finished = true;
          resolveDone();
        }
      });
      res.writeHead(200, { 'content-type': reply.type, 'cache-control': 'no-cache' }).end(reply.body);
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as AddressInfo;
      resolve({
        port: address.port,
        requests,
        done,
        close: () =>
          new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}
