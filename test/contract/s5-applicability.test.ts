/** Contract §5: applicability of a source to a target (scope, globs, applies_to, excludes, reasons). */
import { strict as assert } from 'node:assert';
import { Tree, resolve, source } from '../helpers/tree';

/** Whether `<dir>/AGENTS.md` with `yaml` applies to `target`. */
function applies(dir: string, yaml: string, target: string, extra: Tree = {}): boolean {
  const file = dir === '' ? 'AGENTS.md' : `${dir}/AGENTS.md`;
  const { ev } = resolve({ [file]: `---\n${yaml}\n---\nrules\n`, ...extra }, [target]);
  const s = source(ev, file);
  assert.ok(['included', 'not-applicable'].includes(s.status), `unexpected status ${s.status}`);
  return s.status === 'included';
}

const q = JSON.stringify;

describe('contract §5 Applicability', () => {
  it('§5 a source applies only to targets in its directory’s scope (at or below the directory)', () => {
    const { ev } = resolve({ 'src/AGENTS.md': 'src rules\n', 'src/x.ts': '', 'docs/y.md': '' }, [
      'src/x.ts',
      'src/deep/z.ts',
      'docs/y.md',
      'src',
    ]);
    assert.deepEqual(source(ev, 'src/AGENTS.md').appliesTo, ['src', 'src/deep/z.ts', 'src/x.ts']);
    // `src-old` shares a prefix with `src` but is not below it.
    const prefix = resolve({ 'src/AGENTS.md': 'src rules\n', 'src/x.ts': '', 'src-old/y.ts': '' }, ['src/x.ts', 'src-old/y.ts']).ev;
    assert.deepEqual(source(prefix, 'src/AGENTS.md').appliesTo, ['src/x.ts']);
  });

  describe('§5 globs are matched with minimatch (dot, nonegate, nocomment) against the target path relative to the source directory; a leading ./ or / is dropped; commas are never split', () => {
    // [source dir, applies_to pattern, target, applies?]
    const rows: [string, string, string, boolean][] = [
      ['', '*.ts', 'a.ts', true],
      ['', '*.ts', 'src/a.ts', false], // `*` does not cross `/`
      ['', '**/*.ts', 'src/a.ts', true],
      ['', '**/*.ts', 'a.ts', true], // `**/` matches zero directories
      ['', 'src/*.ts', 'src/a.ts', true],
      ['src', '*.ts', 'src/a.ts', true], // relative to the source's directory
      ['src', 'src/*.ts', 'src/a.ts', false], // a workspace-relative glob in a nested file matches nothing here
      ['src', '*.ts', 'src/sub/a.ts', false],
      ['src', 'sub/*.ts', 'src/sub/a.ts', true],
      ['src', './*.ts', 'src/a.ts', true], // leading ./ dropped
      ['src', '/*.ts', 'src/a.ts', true], // leading / dropped: not absolute, not root-relative
      ['', '/src/*.ts', 'src/a.ts', true],
      ['', '*.{ts,tsx}', 'b.tsx', true], // one glob with a brace alternation
      ['', '*.{ts,tsx}', 'b.ts', true],
      ['', '*.{ts,tsx}', 'b.js', false],
      ['', 'a.ts,b.ts', 'a.ts', false], // commas are never split
      ['', 'a.ts,b.ts', 'b.ts', false],
      ['', 'a.ts,b.ts', 'a.ts,b.ts', true], // the comma is literal
      ['', '*', '.env', true], // dot: true
      ['', '**', '.github/workflows/ci.yml', true], // dot: true through `**`
      ['', '*.md', '.hidden.md', true],
      ['', '!*.ts', 'a.md', false], // nonegate: `!` does not negate…
      ['', '!*.ts', 'a.ts', false], // …and is not special at all
      ['', '!a.ts', '!a.ts', true], // a literal `!`
      ['', '#notes.md', '#notes.md', true], // nocomment: `#` starts no comment
      ['', '*.TS', 'a.ts', false], // case-sensitive
      ['', 'docs/**', 'docs/a/b/c.md', true],
      ['', '{src,lib}/**/*.ts', 'lib/x/y.ts', true],
      ['', 'src/?.ts', 'src/a.ts', true],
      ['', 'src/[ab].ts', 'src/c.ts', false],
    ];
    for (const [dir, pattern, target, expected] of rows) {
      it(`§5 ${dir === '' ? '' : `${dir}/`}AGENTS.md applies_to ${q(pattern)} ${expected ? 'matches' : 'does not match'} ${q(target)}`, () => {
        assert.equal(applies(dir, `applies_to: ${q(pattern)}`, target), expected);
      });
    }
  });

  describe('§5 if applies_to is present at least one pattern must match; if any excludes pattern matches, the source does not apply', () => {
    // [source dir, frontmatter, target, applies?]
    const rows: [string, string, string, boolean][] = [
      ['', 'applies_to: ["*.md", "*.ts"]', 'a.ts', true], // one of several matching is enough
      ['', 'applies_to: ["*.md", "*.py"]', 'a.ts', false],
      ['', 'excludes: "generated/**"', 'generated/a.ts', false],
      ['', 'excludes: "generated/**"', 'src/a.ts', true],
      ['', 'excludes: "*.md"', 'docs/a.md', true], // `*` does not cross `/`
      ['', 'excludes: ["x", "*.md"]', 'a.md', false], // any excludes pattern is enough
      ['', 'applies_to: "**/*.ts"\nexcludes: "**/*.test.ts"', 'src/a.ts', true],
      ['', 'applies_to: "**/*.ts"\nexcludes: "**/*.test.ts"', 'src/a.test.ts', false], // excludes wins over applies_to
      ['src', 'excludes: "generated/*"', 'src/generated/api.ts', false], // excludes is relative to the source's directory too
      ['src', 'excludes: "src/generated/*"', 'src/generated/api.ts', true],
      ['', 'excludes: "./a.ts"', 'a.ts', false], // leading ./ dropped in excludes too
    ];
    for (const [dir, yaml, target, expected] of rows) {
      it(`§5 ${q(yaml)} in ${dir || '.'} → ${expected ? 'applies to' : 'does not apply to'} ${q(target)}`, () => {
        assert.equal(applies(dir, yaml, target), expected);
      });
    }
  });

  describe('§5 a directory target is matched as its own path; a target equal to the source’s own directory has the empty relative path, which matches no pattern (not even **)', () => {
    // [source dir, frontmatter, target, tree, applies?]
    const rows: [string, string, string, Tree, boolean][] = [
      ['', 'applies_to: "src"', 'src', { 'src/x': '' }, true], // a directory target is matched as its own path
      ['', 'applies_to: "src/*"', 'src/lib', { 'src/lib/x': '' }, true],
      ['', 'applies_to: "*.ts"', 'src', { 'src/x': '' }, false],
      ['', 'applies_to: "**"', '.', {}, false], // the root target: "" matches nothing, not even **
      ['', 'applies_to: "*"', '.', {}, false],
      ['', 'applies_to: "**"', 'src', { 'src/x': '' }, true],
      ['src', 'applies_to: "**"', 'src', { 'src/x': '' }, false], // its own directory: ""
      ['src', 'applies_to: "**"', 'src/lib', { 'src/lib/x': '' }, true],
      ['', 'priority: 1', '.', {}, true], // without applies_to it applies to its own directory
      ['', 'excludes: "**"', '.', {}, true], // excludes cannot match "" either
      ['src', 'excludes: "**"', 'src', { 'src/x': '' }, true],
      ['src', 'excludes: "**"', 'src/a.ts', { 'src/x': '' }, false],
    ];
    for (const [dir, yaml, target, tree, expected] of rows) {
      it(`§5 ${dir || '.'}: ${q(yaml)} ${expected ? 'applies to' : 'does not apply to'} directory target ${q(target)}`, () => {
        assert.equal(applies(dir, yaml, target, tree), expected);
      });
    }
  });

  describe('§5 sources on the chain that do not apply are still reported (not-applicable) with the reason naming applies_to or excludes and the pattern', () => {
    it('§5 not-applicable because of applies_to: the reason names applies_to and the pattern', () => {
      const { ev } = resolve({ 'AGENTS.md': '---\napplies_to: "docs/**"\n---\nrules\n' }, ['src/a.ts']);
      const s = source(ev, 'AGENTS.md');
      assert.equal(s.status, 'not-applicable');
      assert.deepEqual(s.appliesTo, []);
      assert.ok(s.reason?.includes('applies_to'), s.reason ?? 'null');
      assert.ok(s.reason?.includes('docs/**'), s.reason ?? 'null');
      assert.ok(!ev.context.includes('rules'));
    });

    it('§5 not-applicable because of excludes: the reason names excludes and the matching pattern', () => {
      const { ev } = resolve({ 'src/AGENTS.md': '---\nexcludes: ["vendor/**", "generated/*"]\n---\nrules\n' }, ['src/generated/api.ts']);
      const s = source(ev, 'src/AGENTS.md');
      assert.equal(s.status, 'not-applicable');
      assert.ok(s.reason?.includes('excludes'), s.reason ?? 'null');
      assert.ok(s.reason?.includes('generated/*'), s.reason ?? 'null');
    });

    it('§5 a source that applies to no target is reported even on a directory target of its own directory', () => {
      const { ev } = resolve({ 'src/AGENTS.md': '---\napplies_to: "**"\n---\nrules\n', 'src/x': '' }, ['src']);
      const s = source(ev, 'src/AGENTS.md');
      assert.equal(s.status, 'not-applicable');
      assert.ok(s.reason?.includes('applies_to'), s.reason ?? 'null');
      assert.ok(s.reason?.includes('**'), s.reason ?? 'null');
    });
  });
});
