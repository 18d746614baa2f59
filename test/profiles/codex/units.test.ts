import { strict as assert } from 'node:assert';
import { codexContext } from '../../../src/resolver/profiles/codex/format';
import { fitCodexProject } from '../../../src/resolver/profiles/codex/fit';

const b = (s: string) => Buffer.from(s, 'utf8');

describe('codex pure rules', () => {
  it('budget root first: whole while it fits, the first that does not is cut, the rest omitted', () => {
    const fit = fitCodexProject([b('root'), b('abcdef'), b('later')], 7);
    assert.deepEqual(
      fit.map((f) => [f.status, f.text, f.keptBytes]),
      [
        ['included', 'root', 4],
        ['truncated', 'abc', 3],
        ['omitted', '', 0],
      ],
    );
  });

  it('whitespace-only text is skipped and costs nothing, also after a cut (the budget is refunded)', () => {
    const fit = fitCodexProject([b('  \n'), b('    root text'), b('abcdef')], 4);
    assert.deepEqual(
      fit.map((f) => f.status),
      ['empty', 'cut-to-empty', 'truncated'],
    );
    assert.equal(fit[2].text, 'abcd');
  });

  it('a cut inside a character decodes to U+FFFD; invalid bytes anywhere too; 0 leaves every file out', () => {
    assert.equal(fitCodexProject([b('abcdé!')], 5)[0].text, 'abcd\ufffd');
    const invalid = fitCodexProject([Buffer.from('cHJvamVjdP8gZG9j', 'base64')], 100)[0];
    assert.deepEqual([invalid.text, invalid.invalidUtf8], ['project\ufffd doc', true]);
    assert.deepEqual(
      fitCodexProject([b('a')], 0).map((f) => f.status),
      ['omitted'],
    );
  });

  it('framing: global, separator, project; " for <cwd>" only with project text; nothing → ""', () => {
    assert.equal(
      codexContext('g', ['p1\n', 'p2'], '/w'),
      '# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\ng\n\n--- project-doc ---\n\np1\n\n\np2\n</INSTRUCTIONS>',
    );
    assert.equal(codexContext('g', [], '/w'), '# AGENTS.md instructions\n\n<INSTRUCTIONS>\ng\n</INSTRUCTIONS>');
    assert.equal(codexContext(null, ['p'], '/w'), '# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\np\n</INSTRUCTIONS>');
    assert.equal(codexContext(null, [], '/w'), '');
  });
});
