/**
 * The drivers' extractors: recorded requests in, the instruction files and the text per place
 * out (pure), on requests shaped as each pinned release sends them.
 */
import { strict as assert } from 'node:assert';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import { CLAUDE_CODE_DRIVER } from '../../../src/capture/agents/claude-code';
import { CODEX_DRIVER, mcpSwitches, parseInstructions, splitProject } from '../../../src/capture/agents/codex';
import { GEMINI_DRIVER } from '../../../src/capture/agents/gemini';

function request(seq: number, body: unknown, main = true): RecordedRequest {
  return { seq, method: 'POST', url: '/x', headers: {}, body: JSON.stringify(body), protocol: null, main, answer: 'text' };
}

const bytes = (s: string) => Buffer.from(s, 'utf8');
const none = new Map<string, Uint8Array>();

describe('capture extractors', () => {
  describe('codex', () => {
    it('reads the heading, the global text and the project text', () => {
      assert.deepEqual(
        parseInstructions('# AGENTS.md instructions for /r/sub\n\n<INSTRUCTIONS>\nG\n\n--- project-doc ---\n\nP\n</INSTRUCTIONS>'),
        {
          cwd: '/r/sub',
          global: 'G',
          project: 'P',
        },
      );
      assert.deepEqual(parseInstructions('# AGENTS.md instructions\n\n<INSTRUCTIONS>\nG\n</INSTRUCTIONS>'), {
        cwd: null,
        global: 'G',
        project: null,
      });
      assert.equal(parseInstructions('# Something else\n\n<INSTRUCTIONS>\nG\n</INSTRUCTIONS>'), undefined);
    });

    it('finds the files whose texts joined by blank lines make the project text, the last one possibly cut', () => {
      const files = [
        { path: '/r/AGENTS.md', bytes: bytes('root\n') },
        { path: '/r/sub/AGENTS.md', bytes: bytes('sub é rules\n') },
        { path: '/r/blank/AGENTS.md', bytes: bytes('  \n') },
      ];
      assert.deepEqual(splitProject('root\n\n\nsub é rules\n', files), ['/r/AGENTS.md', '/r/sub/AGENTS.md']);
      assert.deepEqual(splitProject('root\n\n\nsub ', files), ['/r/AGENTS.md', '/r/sub/AGENTS.md']);
      // Cut inside the two bytes of "é": a U+FFFD.
      assert.deepEqual(splitProject('root\n\n\nsub \ufffd', files), ['/r/AGENTS.md', '/r/sub/AGENTS.md']);
      assert.equal(splitProject('nothing of the tree', files), undefined);
    });

    it('names the global file, then the project files, in the first user message', () => {
      const message = '# AGENTS.md instructions for /r\n\n<INSTRUCTIONS>\nglobal\n\n--- project-doc ---\n\nroot\n\n</INSTRUCTIONS>';
      const body = {
        input: [
          { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'x' }] },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: message }] },
        ],
      };
      const files = new Map([
        ['/h/.codex/AGENTS.md', bytes(' global \n')],
        ['/r/AGENTS.md', bytes('root\n')],
      ]);
      const x = CODEX_DRIVER.extract({ requests: [request(1, body)], files, cwd: '/r', home: '/h' });
      assert.deepEqual(x, {
        files: ['/h/.codex/AGENTS.md', '/r/AGENTS.md'],
        parts: [{ place: 'first-user-message', text: message }],
        problems: [],
        listings: [],
      });
      assert.deepEqual(CODEX_DRIVER.extract({ requests: [], files, cwd: '/r', home: '/h' }).problems, ['Codex sent no model request']);
    });

    it('switches off every MCP server a config.toml names, and refuses a name -c cannot spell', () => {
      const configs = [
        { file: '/r/.codex/config.toml', doc: { mcp_servers: { b: { command: 'x' }, a: { command: 'y' } } } },
        { file: '/h/.codex/config.toml', doc: { mcp_servers: { a: { command: 'z' } } } },
      ];
      assert.deepEqual(mcpSwitches(configs), [
        '-c',
        'mcp_servers.a.enabled=false',
        '-c',
        'mcp_servers.a.command="/bin/false"',
        '-c',
        'mcp_servers.b.enabled=false',
        '-c',
        'mcp_servers.b.command="/bin/false"',
      ]);
      assert.throws(
        () => mcpSwitches([{ file: '/r/.codex/config.toml', doc: { mcp_servers: { 'a.b': { command: 'x' } } } }]),
        /cannot switch off the MCP server "a\.b"/,
      );
    });
  });

  describe('claude-code', () => {
    const baseline =
      "<system-reminder>\nCodebase and user instructions are shown below. Be sure to adhere to these instructions.\n\nContents of /h/.claude/CLAUDE.md (user's private global instructions for all projects):\n\nuser\n\nContents of /r/CLAUDE.md (project instructions, checked into the codebase):\n\nroot\n</system-reminder>";
    const user = {
      role: 'user',
      content: [
        { type: 'text', text: '<system-reminder>\n# Environment\n</system-reminder>' },
        { type: 'text', text: baseline },
        { type: 'text', text: 'Reply with the word done.' },
      ],
    };

    it('the baseline block of the first user message, and the files it introduces', () => {
      const x = CLAUDE_CODE_DRIVER.extract({ requests: [request(1, { messages: [user] })], files: none, cwd: '/r', home: '/h' });
      assert.deepEqual(x, {
        files: ['/h/.claude/CLAUDE.md', '/r/CLAUDE.md'],
        parts: [{ place: 'first-user-message', text: baseline }],
        problems: [],
        listings: [],
      });
    });

    it("the listings' entries the tree's and home's files define, in order; Claude Code's own left out", () => {
      const launch = [
        'Available agent types for the Agent tool:',
        '- claude: Catch-all (Tools: *)',
        '- reviewer: Reviews\nin two lines (Tools: Read)',
        '',
        'When you launch multiple agents for independent work, send them in a single message.',
        '',
        'The following skills are available for use with the Skill tool:',
        '',
        '- deploy (shipper): Deploys - On release',
        '- ops:build: Builds',
        '- init: Initialize a new CLAUDE.md file',
        '',
        "Today's date is 2026-12-06.",
      ].join('\n');
      const later =
        'New skills discovered in sub/.claude/skills, now available via the Skill tool:\n- deep\n\nThe following skills are available for use with the Skill tool:\n\n- deep: Deep (from sub/.claude/skills)';
      const files = new Map<string, Uint8Array>([
        ['/r/.claude/agents/r.md', bytes('---\nname: reviewer\ndescription: Reviews\n---\n')],
        ['/r/.claude/skills/deploy/SKILL.md', bytes('---\nname: shipper\n---\n')],
        ['/r/.claude/commands/ops/build.md', bytes('Builds\n')],
        ['/r/sub/.claude/skills/deep/SKILL.md', bytes('x\n')],
      ]);
      const messages = [user, { role: 'system', content: [{ type: 'text', text: launch }] }];
      const requests = [request(1, { messages }), request(2, { messages: [...messages, { role: 'system', content: later }] })];
      const x = CLAUDE_CODE_DRIVER.extract({ requests, files, cwd: '/r', home: '/h' });
      assert.deepEqual(x.listings, [
        { kind: 'agent', name: 'reviewer', place: 'system-message', text: '- reviewer: Reviews\nin two lines (Tools: Read)' },
        { name: 'deploy', place: 'system-message', text: '- deploy (shipper): Deploys - On release' },
        { name: 'ops:build', place: 'system-message', text: '- ops:build: Builds' },
        { name: 'deep', place: 'system-message', text: '- deep: Deep (from sub/.claude/skills)' },
      ]);
    });

    it('files loaded on Read: each reminder of the tool result, after the baseline', () => {
      const nested = '<system-reminder>\nContents of /r/sub/CLAUDE.md:\n\nsub\n\n</system-reminder>';
      const result = {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't',
            content: `1\tx\n\n${nested}\n\n<system-reminder>\n<total_tokens>1</total_tokens>\n</system-reminder>`,
          },
        ],
      };
      const tool = { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Read', input: { file_path: '/r/sub/x.ts' } }] };
      const requests = [request(1, { messages: [user] }), request(2, { messages: [user, tool, result] })];
      const x = CLAUDE_CODE_DRIVER.extract({ requests, files: none, cwd: '/r', home: '/h' });
      assert.deepEqual(x.files, ['/h/.claude/CLAUDE.md', '/r/CLAUDE.md', '/r/sub/CLAUDE.md']);
      assert.deepEqual(
        x.parts.map((p) => [p.place, p.text]),
        [
          ['first-user-message', baseline],
          ['tool-result', nested],
        ],
      );
    });

    it('the default model: engine files as text blocks after the tool result, the plugin as a system message without its token count', () => {
      const a = '<system-reminder>\nContents of /r/sub/CLAUDE.md:\n\nsub\n\n</system-reminder>\n';
      const b = '<system-reminder>\nContents of /r/sub/.claude/rules/r.md:\n\nrule\n\n</system-reminder>';
      const hook = 'tool.call hook additional context: Contents of /r/sub/AGENTS.md:\n\nagents\n';
      const env = { role: 'system', content: [{ type: 'text', text: '# Environment\nYou have been invoked' }] };
      const result = {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't', content: '1\tx\n' },
          { type: 'text', text: a },
          { type: 'text', text: b },
        ],
      };
      const system = { role: 'system', content: [{ type: 'text', text: `${hook}\n\n<total_tokens>9 tokens left</total_tokens>` }] };
      const tool = { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Read', input: { file_path: '/r/sub/x.ts' } }] };
      const requests = [request(1, { messages: [user, env] }), request(2, { messages: [user, env, tool, result, system] })];
      const x = CLAUDE_CODE_DRIVER.extract({ requests, files: none, cwd: '/r', home: '/h' });
      assert.deepEqual(x.files, [
        '/h/.claude/CLAUDE.md',
        '/r/CLAUDE.md',
        '/r/sub/CLAUDE.md',
        '/r/sub/.claude/rules/r.md',
        '/r/sub/AGENTS.md',
      ]);
      assert.deepEqual(
        x.parts.map((p) => [p.place, p.text]),
        [
          ['first-user-message', baseline],
          ['tool-result', a],
          ['tool-result', b],
          ['system-message', hook],
        ],
      );
    });
  });

  describe('gemini', () => {
    it('the global block of the system instruction, the project block of the first user message, and files found on read_file', () => {
      const global =
        '<loaded_context>\n--- Context from: /h/.gemini/GEMINI.md ---\nuser\n--- End of Context from: /h/.gemini/GEMINI.md ---\n</loaded_context>';
      const project =
        '<loaded_context>\n<project_context>\n--- Context from: /r/GEMINI.md ---\nroot\n--- End of Context from: /r/GEMINI.md ---\n</project_context>\n</loaded_context>';
      const found =
        '--- Newly Discovered Project Context ---\n--- Context from: /r/deep/GEMINI.md ---\ndeep\n--- End of Context from: /r/deep/GEMINI.md ---\n--- End Project Context ---';
      const user = {
        role: 'user',
        parts: [
          { text: `<session_context>\nThis is the Gemini CLI.\n\n${project}\n</session_context>` },
          { text: 'Reply with the word done.' },
        ],
      };
      const system = { parts: [{ text: `You are an agent.\n\n${global}` }] };
      const call = { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { file_path: '/r/deep/y.ts' } } }] };
      const response = { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: `y\n\n\n${found}` } } }] };
      const requests = [
        request(1, { systemInstruction: system, contents: [user] }),
        request(2, { systemInstruction: system, contents: [user, call, response] }),
      ];
      const x = GEMINI_DRIVER.extract({ requests, files: none, cwd: '/r', home: '/h' });
      assert.deepEqual(x.files, ['/h/.gemini/GEMINI.md', '/r/GEMINI.md', '/r/deep/GEMINI.md']);
      assert.deepEqual(
        x.parts.map((p) => [p.place, p.text]),
        [
          ['system-prompt', global],
          ['first-user-message', project],
          ['tool-result', found],
        ],
      );
      assert.equal(
        GEMINI_DRIVER.refusal!("Security Warning: Skipping system settings file '/x'"),
        GEMINI_DRIVER.refusal!('Skipping system settings file'),
      );
      assert.equal(GEMINI_DRIVER.refusal!('all fine'), null);
    });
  });
});
