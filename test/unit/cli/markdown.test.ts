/**
 * `--format markdown`: a pull-request review summary of the evidence for a change set, grouped by
 * instruction file, bounded in size, and literal about everything the repository supplies.
 */
import { strict as assert } from 'node:assert';
import { MAX_MARKDOWN_CHARS, code, renderMarkdown } from '../../../src/cli/markdown';
import type { Evidence } from '../../../src/resolver';
import { resolve } from '../../helpers/tree';

const TREE = {
  'AGENTS.md': '---\nrequired_validation: [npm test, npm run lint]\n---\nroot rules\n',
  'src/AGENTS.md': '---\nrequired_validation: npm run typecheck\nowner: me\n---\nsrc rules\n',
  'docs/AGENTS.md': 'docs rules\n',
  'docs/CLAUDE.md': '---\napplies_to: "**/*.md"\nmode: replace\n---\ndocs win\n',
};

/** The lines of one `### ` section, heading excluded. */
function section(md: string, title: string): string {
  const start = md.indexOf(`### ${title}\n`);
  assert.ok(start >= 0, `no section ${title} in\n${md}`);
  const end = md.indexOf('\n### ', start + 1);
  return md.slice(start, end === -1 ? undefined : end);
}

describe('markdown review summary', () => {
  it('groups the changed files by the instruction file that applies, with counts and a few names', () => {
    const targets = [...Array.from({ length: 9 }, (_, i) => `src/f${i}.ts`), 'docs/guide.md', 'README.md'];
    const { ev } = resolve(TREE, targets);
    const md = renderMarkdown(ev);
    assert.match(md, /^## Repository instructions: 11 changed files\n/);
    assert.match(md, /\*\*3 instruction files\*\* in effect for 11 changed files/);
    const files = section(md, 'Instruction files');
    assert.match(files, /^- `AGENTS.md` — all 11 changed files$/m);
    assert.match(
      files,
      /^- `src\/AGENTS.md` — 9 changed files: `src\/f0.ts`, `src\/f1.ts`, `src\/f2.ts`, `src\/f3.ts`, `src\/f4.ts` and 4 more$/m,
    );
    assert.match(files, /^- `docs\/CLAUDE.md` — 1 changed file: `docs\/guide.md`$/m);
    assert.ok(!files.includes('src/f8.ts'), 'names past the first few are counted, not listed');
    // In precedence order, as the evidence has them.
    assert.ok(files.indexOf('`AGENTS.md`') < files.indexOf('`src/AGENTS.md`'));
    assert.match(md, /not in effect: `docs\/AGENTS.md` \(superseded\)/);
  });

  it('lists the validation commands with their sources, and the diagnostics literally', () => {
    const { ev } = resolve(TREE, ['src/a.ts']);
    const md = renderMarkdown(ev);
    assert.deepEqual(
      section(md, 'Validation the instructions require')
        .split('\n')
        .filter((l) => l.startsWith('- ')),
      ['- `npm test` — from `AGENTS.md`', '- `npm run lint` — from `AGENTS.md`', '- `npm run typecheck` — from `src/AGENTS.md`'],
    );
    assert.match(md, /never runs them/);
    const diagnostics = section(md, 'Diagnostics');
    assert.match(diagnostics, /^```text\nwarning +src\/AGENTS.md:3 +unknown-key: .*owner.*\n```$/m);
  });

  it('says what the budget cut and left out, and what including everything needs', () => {
    const big = (s: string) => `${s} ${'x'.repeat(3000)}\n`;
    const { ev } = resolve({ 'AGENTS.md': big('root'), 'src/AGENTS.md': big('src'), 'src/a/AGENTS.md': big('a') }, ['src/a/b.ts'], {
      budget: 4000,
    });
    assert.equal(ev.truncation.truncated, true);
    const withNeeded = { ...ev, truncation: { ...ev.truncation, needed: 9876 } } as Evidence;
    const md = renderMarkdown(withNeeded);
    const budget = section(md, 'Budget');
    assert.match(budget, /is [\d,]+ of 4,000 characters\. Including everything needs 9,876\./);
    for (const o of ev.truncation.omitted) assert.ok(budget.includes(`- left out: \`${o.path}\``), budget);
    for (const k of ev.truncation.cut) assert.ok(budget.includes(`- cut: \`${k.path}\``), budget);
    assert.match(md, /budget: \*\*/);
    assert.match(section(md, 'Instruction files'), /\*\*(left out|cut)\*\*/);
    // Without the optional field the sentence is simply not there.
    const { needed: _needed, ...truncation } = ev.truncation;
    assert.ok(!renderMarkdown({ ...ev, truncation } as unknown as Evidence).includes('Including everything needs'));
  });

  it('names the changed files no instruction file applies to', () => {
    const { ev } = resolve({ 'src/AGENTS.md': 'src\n' }, ['src/a.ts', 'README.md', 'docs/x.md']);
    assert.match(renderMarkdown(ev), /^No instruction file applies to 2 changed files: `README.md`, `docs\/x.md`\.$/m);
    const { ev: none } = resolve({}, ['a.ts']);
    assert.match(
      renderMarkdown(none),
      /No instruction file \(AGENTS.md, CLAUDE.md, .holaryn\/instructions.md\) applies to the changed files\./,
    );
  });

  it('an empty change set is a short, valid summary', () => {
    const { ev } = resolve(TREE, []);
    assert.equal(renderMarkdown(ev), '## Repository instructions: no changed files\n\nNo changed files, so no instruction file applies.\n');
  });

  it('stays within the size a pull-request comment holds, whatever the change, with "and N more"', () => {
    const files: Record<string, string> = {};
    const targets: string[] = [];
    for (let d = 0; d < 300; d++) {
      files[`pkg-${d}/AGENTS.md`] = `---\nrequired_validation: npm test -w pkg-${d}\nbad_key: 1\n---\npkg ${d}\n`;
      for (let f = 0; f < 40; f++) targets.push(`pkg-${d}/src/${'long-directory-name/'.repeat(4)}file-${f}.ts`);
    }
    const { ev } = resolve(files, targets);
    const md = renderMarkdown(ev);
    assert.ok(md.length <= MAX_MARKDOWN_CHARS, `${md.length} characters`);
    assert.match(md, /^## Repository instructions: 12,000 changed files/);
    assert.match(md, /- … and 260 more instruction files/);
    assert.match(md, /- … and 270 more commands/);
    // Warnings before the budget's notes; the rest counted.
    assert.match(md, /```text\nwarning +pkg-0\/AGENTS.md:3 +unknown-key/);
    // 300 unknown-key warnings and 290 budget notes (the v1.1 walk: 10 sources fit, the rest are omitted); 40 shown.
    assert.equal(ev.diagnostics.length, 590);
    assert.match(md, /… and 550 more\n```/);
    // A smaller cap drops whole sections and says so, never cutting one in the middle.
    const small = renderMarkdown(ev, 8000);
    assert.ok(small.length <= 8000, `${small.length}`);
    assert.match(small, /more sections? left out to keep this summary short; `--json` has everything/);
    assert.equal((small.match(/```/g) ?? []).length % 2, 0, 'no unclosed fence');
  });

  it('shows names literally: no markup, HTML, links, mentions or control characters from the repository', () => {
    const evil = [
      'src/`x`.ts',
      'src/<img src=x onerror=alert(1)>.ts',
      'src/[link](javascript:alert).ts',
      'src/@someone *b* _i_ |p|.ts',
      'src/a\u001b[31m\nb.ts',
    ];
    const { ev } = resolve({ 'src/AGENTS.md': '---\nrequired_validation: "echo ``` && rm -rf `pwd`"\n---\nx\n' }, [...evil, 'other.md']);
    const md = renderMarkdown(ev);
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    assert.ok(!/[\u0000-\u0009\u000b-\u001f\u007f]/.test(md), 'a raw control character');
    assert.ok(md.includes('src/a\\u001b[31m\\nb.ts'), 'control characters shown as escapes');
    // Every repository-supplied name is inside a code span whose fence it cannot close.
    for (const name of ['src/<img src=x onerror=alert(1)>.ts', 'src/[link](javascript:alert).ts', 'src/@someone *b* _i_ |p|.ts']) {
      assert.ok(md.includes(`\`${name}\``), name);
    }
    assert.ok(md.includes('``src/`x`.ts``'), md);
    assert.ok(md.includes('```` echo ``` && rm -rf `pwd` ````'), md);
    assert.equal(code('`'), '`` ` ``');
    assert.equal(code('a``b'), '```a``b```');
  });
});
