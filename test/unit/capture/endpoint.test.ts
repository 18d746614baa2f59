/**
 * The fake model endpoint: each wire protocol's reply (streamed and not), the scripted read tool
 * call on the first request that counts, a plain reply after it and `done`, side requests that do
 * not count, token counts, unknown routes, and credentials never recorded.
 */
import { strict as assert } from 'node:assert';
import { REPLY_TEXT, protocolOf, startEndpoint, type Endpoint } from '../../../src/capture/endpoint';
import { sseEvent, sseTyped } from '../../../src/capture/sse';

async function post(
  ep: Endpoint,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(`http://127.0.0.1:${ep.port}${url}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Whether `sse` holds the event `data` (named `event` when given), as the serializer writes it. */
function holds(sse: string, data: unknown, event?: string): boolean {
  return sse.includes(sseEvent(data, event));
}

describe('capture endpoint', () => {
  it('writes server-sent events: a named event, one data line per payload line, a blank line', () => {
    assert.equal(sseEvent({ a: 1 }, 'x'), 'event: x\ndata: {"a":1}\n\n');
    assert.equal(sseEvent('[DONE]'), 'data: [DONE]\n\n');
    assert.equal(sseEvent('two\nlines'), 'data: two\ndata: lines\n\n');
    assert.equal(sseTyped([{ type: 'a' }, { type: 'b' }]), 'event: a\ndata: {"type":"a"}\n\nevent: b\ndata: {"type":"b"}\n\n');
  });

  it('knows each protocol by its route', () => {
    assert.equal(protocolOf('POST', '/v1/messages?beta=true'), 'anthropic-messages');
    assert.equal(protocolOf('POST', '/v1/messages/count_tokens?beta=true'), 'anthropic-messages');
    assert.equal(protocolOf('POST', '/v1/responses'), 'openai-responses');
    assert.equal(protocolOf('POST', '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse'), 'gemini');
    assert.equal(protocolOf('POST', '/v1/chat/completions'), 'openai-chat');
    assert.equal(protocolOf('POST', '/chat-stream'), 'augment');
    assert.equal(protocolOf('POST', '/get-models'), null);
    assert.equal(protocolOf('GET', '/v1/models'), null);
    assert.equal(protocolOf('POST', '/v1/other'), null);
  });

  it('Anthropic: the first request gets the read tool call, streamed; the next a plain reply, then done', async () => {
    const ep = await startEndpoint({ toolCall: { name: 'Read', input: { file_path: '/r/a.ts' } } });
    try {
      let finished = false;
      void ep.done.then(() => (finished = true));
      const first = await post(
        ep,
        '/v1/messages?beta=true',
        { model: 'm', stream: true, messages: [] },
        { 'x-api-key': 'secret', authorization: 'Bearer secret' },
      );
      assert.equal(first.status, 200);
      assert.match(first.type, /text\/event-stream/);
      assert.ok(
        holds(
          first.text,
          { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'Read', input: {} } },
          'content_block_start',
        ),
      );
      assert.ok(
        holds(
          first.text,
          { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"file_path":"/r/a.ts"}' } },
          'content_block_delta',
        ),
      );
      assert.ok(first.text.includes('"stop_reason":"tool_use"'));
      assert.ok(first.text.endsWith(sseEvent({ type: 'message_stop' }, 'message_stop')));
      assert.equal(finished, false);
      const second = await post(ep, '/v1/messages?beta=true', { model: 'm', stream: false, messages: [] });
      const message = JSON.parse(second.text) as { content: unknown[]; stop_reason: string };
      assert.deepEqual(message.content, [{ type: 'text', text: REPLY_TEXT }]);
      assert.equal(message.stop_reason, 'end_turn');
      await ep.done;
      assert.deepEqual(
        ep.requests.map((r) => [r.seq, r.protocol, r.main, r.answer]),
        [
          [1, 'anthropic-messages', true, 'tool-call'],
          [2, 'anthropic-messages', true, 'text'],
        ],
      );
      assert.equal(ep.requests[0].headers['x-api-key'], '<redacted>');
      assert.equal(ep.requests[0].headers.authorization, '<redacted>');
    } finally {
      await ep.close();
    }
  });

  it('OpenAI Responses without a tool call: the first request is the last one', async () => {
    const ep = await startEndpoint({});
    try {
      const r = await post(ep, '/v1/responses', { model: 'gpt', stream: true, input: [] });
      await ep.done;
      assert.ok(r.text.includes('event: response.completed\n'));
      assert.ok(r.text.includes('"output_text","text":"done"'));
    } finally {
      await ep.close();
    }
  });

  it('OpenAI Responses and chat completions: a function call with its arguments as JSON text', async () => {
    const ep = await startEndpoint({ toolCall: { name: 'exec_command', input: { cmd: 'cat a' } } });
    try {
      const r = await post(ep, '/v1/responses', { stream: true, input: [] });
      assert.ok(r.text.includes('"type":"function_call"') && r.text.includes('"arguments":"{\\"cmd\\":\\"cat a\\"}"'));
    } finally {
      await ep.close();
    }
    const chat = await startEndpoint({ toolCall: { name: 'read_file', input: { path: 'a' } } });
    try {
      const r = await post(chat, '/v1/chat/completions', { stream: true, messages: [] });
      assert.ok(r.text.includes('"finish_reason":"tool_calls"') && r.text.endsWith(sseEvent('[DONE]')));
      const plain = await post(chat, '/v1/chat/completions', { stream: false, messages: [] });
      assert.equal((JSON.parse(plain.text) as { choices: { message: { content: string } }[] }).choices[0].message.content, REPLY_TEXT);
      await chat.done;
    } finally {
      await chat.close();
    }
  });

  it('Gemini: a functionCall part; side requests and token counts do not move the script', async () => {
    const ep = await startEndpoint({
      toolCall: { name: 'read_file', input: { file_path: '/r/a.ts' } },
      isMain: (req) => req.url.includes(':streamGenerateContent'),
    });
    try {
      const side = await post(ep, '/v1beta/models/gemini-2.5-flash-lite:generateContent', { contents: [] });
      assert.ok(side.text.includes(`"text":"${REPLY_TEXT}"`));
      const count = await post(ep, '/v1beta/models/gemini-2.5-flash:countTokens', {});
      assert.deepEqual(JSON.parse(count.text), { totalTokens: 1 });
      const first = await post(ep, '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', { contents: [] });
      assert.ok(
        first.text.startsWith('data: ') && first.text.includes('"functionCall":{"name":"read_file","args":{"file_path":"/r/a.ts"}}'),
      );
      await post(ep, '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', { contents: [] });
      await ep.done;
      assert.deepEqual(
        ep.requests.map((r) => [r.main, r.answer]),
        [
          [false, 'text'],
          [false, 'count'],
          [true, 'tool-call'],
          [true, 'text'],
        ],
      );
    } finally {
      await ep.close();
    }
  });

  it('Augment chat-stream: newline-delimited JSON, the tool call a tool_use node with its input as JSON text', async () => {
    const ep = await startEndpoint({ toolCall: { name: 'view', input: { path: '/r/a.ts', type: 'file' } } });
    try {
      const side = await post(ep, '/get-models', {});
      assert.equal(side.status, 404);
      const first = await post(ep, '/chat-stream', { message: '', nodes: [] });
      const lines = first.text.split('\n');
      assert.equal(lines.pop(), '', 'each object ends with a line break');
      const objects = lines.map((l) => JSON.parse(l) as { nodes: { type: number; tool_use?: unknown }[]; stop_reason?: number });
      assert.deepEqual(objects[0].nodes[0].tool_use, {
        tool_use_id: 'toolu_2',
        tool_name: 'view',
        input_json: JSON.stringify({ path: '/r/a.ts', type: 'file' }),
      });
      assert.equal(objects[0].nodes[0].type, 5);
      assert.equal(objects[objects.length - 1].stop_reason, 3);
      const second = await post(ep, '/chat-stream', { message: '', nodes: [] });
      const done = JSON.parse(second.text.split('\n')[0]) as { text: string };
      assert.equal(done.text, REPLY_TEXT);
      await ep.done;
      assert.deepEqual(
        ep.requests.map((r) => [r.url, r.main, r.answer]),
        [
          ['/get-models', false, 'not-found'],
          ['/chat-stream', true, 'tool-call'],
          ['/chat-stream', true, 'text'],
        ],
      );
    } finally {
      await ep.close();
    }
  });

  it('anything else is 404, recorded', async () => {
    const ep = await startEndpoint({});
    try {
      const res = await fetch(`http://127.0.0.1:${ep.port}/v1/models`);
      assert.equal(res.status, 404);
      assert.deepEqual(
        ep.requests.map((r) => [r.method, r.url, r.protocol, r.answer]),
        [['GET', '/v1/models', null, 'not-found']],
      );
    } finally {
      await ep.close();
    }
  });
});
