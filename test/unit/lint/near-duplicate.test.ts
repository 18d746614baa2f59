// near-duplicate (docs/contract.md §11): two instruction files of one directory whose texts are at
// least 90% the same put the same rules in the context twice.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NEAR_DUPLICATE_SIMILARITY, lintWorkspace, textSimilarity } from '../../../src/lint';

const RULES = Array.from(
  { length: 40 },
  (_, i) => `- Rule ${i}: run pnpm test before committing changes to package ${i}, and keep functions small.`,
).join('\n');

function tree(files: Record<string, string | { symlink: string } | { link: string }>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-dup-')));
  for (const [rel, entry] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof entry === 'string') fs.writeFileSync(abs, entry);
    else if ('symlink' in entry) fs.symlinkSync(entry.symlink, abs);
    else fs.linkSync(path.join(root, entry.link), abs);
  }
  return root;
}

describe('lint: near-duplicate', () => {
  const roots: string[] = [];
  const make = (files: Parameters<typeof tree>[0]) => {
    const root = tree(files);
    roots.push(root);
    return root;
  };
  after(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });

  describe('textSimilarity (words, in order)', () => {
    it('is 1 for the same words, whatever the line breaks and spaces', () => {
      assert.equal(textSimilarity('a b  c\r\nd', 'a b c d\n'), 1);
    });
    it('three changed characters in a long text stay above the threshold', () => {
      const other = RULES.replace('Rule 3:', 'Rule 3;').replace('package 7', 'package 8').replace('small.', 'small!');
      const s = textSimilarity(RULES, other);
      assert.ok(s !== undefined && s >= NEAR_DUPLICATE_SIMILARITY && s < 1, String(s));
    });
    it('different texts are below it (undefined: not within the edit budget)', () => {
      assert.equal(textSimilarity(RULES, RULES.split('\n').slice(0, 20).join('\n') + '\nsomething else entirely'), undefined);
      assert.equal(textSimilarity('one two three', 'four five six'), undefined);
    });
    it('is bounded: past its work budget the answer is undefined, never a long run', () => {
      const a = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(' ');
      const b = Array.from({ length: 5000 }, (_, i) => `w${(i * 7919) % 5000}`).join(' ');
      assert.equal(textSimilarity(a, b, NEAR_DUPLICATE_SIMILARITY, 1000), undefined);
    });
  });

  it('an AGENTS.md and a CLAUDE.md that differ by three characters: a warning on the second naming the first', () => {
    const root = make({ 'AGENTS.md': RULES, 'CLAUDE.md': RULES.replace('Rule 1:', 'Rule 1 ') + '!!' });
    const r = lintWorkspace(root);
    const found = r.findings.filter((f) => f.code === 'near-duplicate');
    assert.deepEqual(
      found.map((f) => `${f.file}:${f.line}:${f.column} ${f.severity}`),
      ['CLAUDE.md:1:1 warning'],
    );
    const m = found[0].message;
    assert.match(m, /AGENTS\.md/);
    assert.match(m, /twice/);
    assert.match(m, /symbolic link/);
    assert.match(m, /@AGENTS\.md/);
    assert.match(m, /\b(9\d|100)%/);
  });

  it('frontmatter is not text the model reads: only the contents are compared', () => {
    const root = make({ 'AGENTS.md': `---\npriority: 1\n---\n${RULES}`, 'CLAUDE.md': RULES });
    assert.equal(lintWorkspace(root).findings.filter((f) => f.code === 'near-duplicate').length, 1);
  });

  it('not when they are the same file (a symbolic or hard link: the resolver calls that duplicate)', () => {
    for (const second of [{ symlink: 'AGENTS.md' }, { link: 'AGENTS.md' }]) {
      const root = make({ 'AGENTS.md': RULES, 'CLAUDE.md': second });
      const r = lintWorkspace(root);
      assert.deepEqual(r.findings, []);
      assert.deepEqual(r.duplicates, [{ path: 'CLAUDE.md', duplicateOf: 'AGENTS.md' }]);
    }
  });

  it('not across directories, not for a one-line pointer, not when they apply to different files', () => {
    const root = make({
      'AGENTS.md': RULES,
      'src/AGENTS.md': RULES,
      'CLAUDE.md': '@AGENTS.md\n',
      'pkg/AGENTS.md': `---\napplies_to: "**/*.ts"\n---\n${RULES}`,
      'pkg/CLAUDE.md': `---\napplies_to: "**/*.py"\n---\n${RULES}`,
      'pkg/a.ts': '',
      'pkg/b.py': '',
    });
    assert.deepEqual(
      lintWorkspace(root).findings.filter((f) => f.code === 'near-duplicate'),
      [],
    );
  });

  it('.holaryn/instructions.md and AGENTS.md: the link is suggested with the path between them', () => {
    const root = make({ '.holaryn/instructions.md': RULES, 'AGENTS.md': RULES });
    const found = lintWorkspace(root).findings.filter((f) => f.code === 'near-duplicate');
    assert.deepEqual(
      found.map((f) => f.file),
      ['AGENTS.md'],
    );
    assert.match(found[0].message, /\.holaryn\/instructions\.md/);
  });
});
