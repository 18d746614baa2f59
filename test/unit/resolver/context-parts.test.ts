/**
 * `contextParts`: the context in the places the agent puts it. A format that says nothing gives
 * one part in its profile's place; a format with `renderParts` gives its own, and `context` is
 * then their texts joined by a blank line. The text report, the tools and the view show the
 * parts by place only when there is more than one.
 */
import { strict as assert } from 'node:assert';
import { renderReport } from '../../../src/cli/report';
import type { Colors } from '../../../src/cli/io';
import { repositoryInstructions } from '../../../src/gate';
import { ContextFormat } from '../../../src/resolver/profile';
import { HOLARYN } from '../../../src/resolver/profiles/holaryn';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { Profile, contextByPlace, profileByName, resolveInstructions } from '../../../src/resolver';
import { buildTree } from '../../../src/vscode/model';
import { schemaValidator } from '../../helpers/schema';

const plain: Colors = { bold: (s) => s, dim: (s) => s, red: (s) => s, yellow: (s) => s, green: (s) => s, cyan: (s) => s };

const tree = () =>
  new MemoryFs({
    '/r/AGENTS.md': 'root rules\n',
    '/r/sub/AGENTS.md': 'sub rules\n',
    '/r/sub/x.ts': '',
  });

/** Each source's text in a place of its own: the root's in the system prompt, deeper ones with the tool result. */
const SPLIT_FORMAT: ContextFormat = {
  layout: HOLARYN.format.layout,
  render: () => {
    throw new Error('render is not called when renderParts is given');
  },
  renderParts: (sources) => [
    {
      place: 'system-prompt',
      text: sources
        .filter((s) => s.depth === 0)
        .map((s) => s.content)
        .join(''),
      sources: ['AGENTS.md'],
    },
    { place: 'first-user-message', text: '', sources: [] },
    {
      place: 'tool-result',
      text: sources
        .filter((s) => s.depth !== 0)
        .map((s) => s.content)
        .join(''),
      sources: ['sub/AGENTS.md'],
    },
  ],
};
const SPLIT: Profile = { ...HOLARYN, name: 'split', format: SPLIT_FORMAT };

describe('context parts', () => {
  it('a profile whose format gives one text has one part, in its place, naming the sources shown', () => {
    const ev = resolveInstructions('/r', ['sub/x.ts'], { fs: tree(), globalFile: null });
    assert.deepEqual(ev.contextParts, [{ place: 'tool-result', text: ev.context, sources: ['AGENTS.md', 'sub/AGENTS.md'] }]);
    schemaValidator()(ev, 'holaryn evidence with its one part');
  });

  it('the place defaults to the system prompt, and Codex names its first user message', () => {
    const plainProfile: Profile = { ...HOLARYN, name: 'plain', contextPlace: undefined };
    assert.equal(
      resolveInstructions('/r', ['sub/x.ts'], { fs: tree(), globalFile: null, profile: plainProfile }).contextParts[0].place,
      'system-prompt',
    );
    const codex = resolveInstructions('/r/sub', [], { fs: tree(), profile: profileByName('codex'), env: {}, homedir: '/home/u' });
    assert.deepEqual(
      codex.contextParts.map((p) => [p.place, p.sources]),
      [['first-user-message', ['AGENTS.md']]],
    );
    assert.equal(codex.contextParts[0].text, codex.context);
  });

  it('a source the budget leaves out is not named by the part', () => {
    const fs = tree();
    fs.set('/r/AGENTS.md', 'root rules\n'.repeat(40));
    const ev = resolveInstructions('/r', ['sub/x.ts'], { fs, globalFile: null, budget: 700 });
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.status]),
      [
        ['AGENTS.md', 'omitted'],
        ['sub/AGENTS.md', 'included'],
      ],
    );
    assert.deepEqual(ev.contextParts[0].sources, ['sub/AGENTS.md']);
  });

  it('an empty context has no parts', () => {
    const ev = resolveInstructions('/r', ['sub/x.ts'], { fs: new MemoryFs({ '/r/sub/x.ts': '' }), globalFile: null });
    assert.equal(ev.context, '');
    assert.deepEqual(ev.contextParts, []);
  });

  it('renderParts: parts in order, empty ones dropped, the context their texts joined by a blank line', () => {
    const ev = resolveInstructions('/r', ['sub/x.ts'], { fs: tree(), globalFile: null, profile: SPLIT });
    assert.deepEqual(ev.contextParts, [
      { place: 'system-prompt', text: 'root rules\n', sources: ['AGENTS.md'] },
      { place: 'tool-result', text: 'sub rules\n', sources: ['sub/AGENTS.md'] },
    ]);
    assert.equal(ev.context, 'root rules\n\n\nsub rules\n');
    schemaValidator()(ev, 'evidence with two parts');
  });

  it('front ends show the parts by place only when there are several', () => {
    const one = resolveInstructions('/r', ['sub/x.ts'], { fs: tree(), globalFile: null });
    assert.equal(contextByPlace(one), one.context);
    const two = resolveInstructions('/r', ['sub/x.ts'], { fs: tree(), globalFile: null, profile: SPLIT });
    assert.equal(contextByPlace(two), '[system prompt]\nroot rules\n\n\n[tool result]\nsub rules\n');
    // Evidence of an older Holaryn, without parts, is its context.
    assert.equal(contextByPlace({ context: 'x' }), 'x');

    const report = renderReport(two, plain, true);
    assert.match(report, /^ {2}in the system prompt {2}11 characters: AGENTS\.md$/m);
    assert.match(report, /^ {2}in the tool result {2}10 characters: sub\/AGENTS\.md$/m);
    assert.match(report, /Model context\n\[system prompt\]\nroot rules\n\n\[tool result\]\nsub rules\n$/);
    assert.doesNotMatch(renderReport(one, plain, true), /\[tool result\]|in the tool result/);

    const tool = repositoryInstructions('/r', ['sub/x.ts'], { fs: tree(), globalFile: null, profile: SPLIT });
    assert.equal(tool.text, contextByPlace(two));

    const context = buildTree(two).find((n) => n.id === 'context')!;
    assert.deepEqual(
      context.children?.map((c) => [c.label, c.description, c.action]),
      [
        ['In the system prompt', '11 characters · open', { kind: 'open-context', snapshot: two.snapshot, part: 0 }],
        ['In the tool result', '10 characters · open', { kind: 'open-context', snapshot: two.snapshot, part: 1 }],
      ],
    );
    assert.equal(buildTree(one).find((n) => n.id === 'context')!.children, undefined);
  });
});
