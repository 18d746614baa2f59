/**
 * The claude-code profile's text rules (text.ts) on their own: the header Claude Code 2.1.328
 * strips and its `paths`, the comments it removes, the `@` imports it finds. Each expectation was
 * seen in a run of that release (test/oracle/cases/claude-code.ts has the trees).
 */
import { strict as assert } from 'node:assert';
import {
  claudeHeader,
  importSpecs,
  isTextName,
  memoryText,
  pathGlobs,
  stripComments,
} from '../../../src/resolver/profiles/claude-code/text';

describe('claude-code text rules (2.1.328)', () => {
  it('the header: --- on the first line to the next --- (inside a line too), after a BOM; none otherwise', () => {
    assert.deepEqual(claudeHeader('---\npaths: "x/**"\n---\nbody\n'), { attributes: { paths: 'x/**' }, body: 'body\n' });
    assert.equal(claudeHeader('\ufeff---\na: 1\n---\nbody').body, 'body');
    assert.equal(claudeHeader('---\ntitle: a---b\nmore\n---\nmid\n').body, 'b\nmore\n---\nmid\n');
    assert.equal(claudeHeader('---\r\na: 1\r\n---\r\ncrlf\r\n').body, 'crlf\r\n');
    assert.equal(claudeHeader('\n---\na: 1\n---\nx').body, '\n---\na: 1\n---\nx');
    assert.equal(claudeHeader('---\na: 1\nno close\n').body, '---\na: 1\nno close\n');
    // A header YAML cannot read is read again with its special values quoted; one that still fails has no attributes.
    assert.deepEqual(claudeHeader('---\nbroken: [\n---\nkept\n'), { attributes: { broken: '[' }, body: 'kept\n' });
    assert.deepEqual(claudeHeader('---\na: ok\n  bad: [x\n---\nkept\n'), { attributes: {}, body: 'kept\n' });
    assert.deepEqual(claudeHeader('---\npaths:\n\t- "x/**"\n---\n').attributes, { paths: ['x/**'] });
    assert.equal(claudeHeader('\ufeffno header').body, '\ufeffno header');
  });

  it('paths: strings split on commas outside braces, lists flattened, braces expanded and trimmed, /** dropped; ** alone or nothing is no condition', () => {
    assert.deepEqual(pathGlobs({ paths: 'docs/**, src/*.ts' }), ['docs', 'src/*.ts']);
    assert.deepEqual(pathGlobs({ paths: 'src/*.{ts, js}' }), ['src/*.ts', 'src/*.js']);
    assert.deepEqual(pathGlobs({ paths: ['a/{x,y}/{1,2}.md'] }), ['a/x/1.md', 'a/x/2.md', 'a/y/1.md', 'a/y/2.md']);
    assert.deepEqual(pathGlobs({ paths: ['lib/**', ['nested.md']] }), ['lib', 'nested.md']);
    for (const paths of ['**', [], 5, '', null, ['**', '**/**']]) assert.equal(pathGlobs({ paths }), undefined, JSON.stringify(paths));
    assert.equal(pathGlobs({}), undefined);
  });

  it('comments: a block of HTML starting with a comment loses its comments, and the block goes with its line ends when nothing is left', () => {
    assert.equal(stripComments('b\n\n<!-- c -->\n\nc\n'), 'b\n\nc\n');
    assert.equal(stripComments('a\n<!-- c -->\nb\n'), 'a\nb\n');
    assert.equal(stripComments('<!-- x --> tail\n'), ' tail\n');
    assert.equal(stripComments('para <!-- inline --> end\n'), 'para <!-- inline --> end\n');
    assert.equal(stripComments('```\n<!-- code -->\n```\n'), '```\n<!-- code -->\n```\n');
    assert.equal(stripComments('    <!-- indented code -->\n'), '    <!-- indented code -->\n');
    assert.equal(stripComments('<div>\n<!-- in div -->\n</div>\n'), '<div>\n<!-- in div -->\n</div>\n');
    assert.equal(stripComments('<!-- unclosed\ntext\n'), '<!-- unclosed\ntext\n');
    assert.equal(stripComments('a\r\n<!-- c -->\r\nb\r\n'), 'a\nb\n');
    assert.equal(stripComments('no comment\r\n'), 'no comment\r\n');
  });

  it('imports: after whitespace, outside code, HTML blocks (to their blank line) and comments; \\  continues, # ends; path-like names only', () => {
    const text =
      'x @sp\\ ace.md y\nmail a@b.md\n`@code.md`\n```\n@fence.md\n```\n\n    @indented.md\n\n@frag.md#sec\n@./dot.md\n@noext\n(@paren.md)\n@@double.md\n' +
      '<!-- @incomment.md -->\n<div>@inhtml.md</div>\n@in-the-html-block.md\n\n* @list.md\n> @quote.md\n# @head.md\n*@emph.md*\n@~/home.md\n@/abs.md\n@/\n@#x\n@a.md @a.md\n';
    assert.deepEqual(importSpecs(text), [
      'sp ace.md',
      'frag.md',
      './dot.md',
      'noext',
      'list.md',
      'quote.md',
      'head.md',
      'emph.md',
      '~/home.md',
      '/abs.md',
      'a.md',
    ]);
    assert.deepEqual(importSpecs('no at sign'), []);
  });

  it('text file names by their ending, any case; a name without one counts', () => {
    for (const n of ['a.md', 'B.TXT', 'x.tsx', 'noext', '.bashrc']) assert.ok(isTextName(n), n);
    for (const n of ['a.png', 'b.pdf', 'c.exe']) assert.ok(!isTextName(n), n);
  });

  it('a memory file: header and comments removed, untrimmed, with its globs and imports', () => {
    assert.deepEqual(memoryText('---\npaths: "src/**"\n---\n\n<!-- note -->\nuse @style.md\n'), {
      content: 'use @style.md\n',
      globs: ['src'],
      imports: ['style.md'],
    });
  });
});
