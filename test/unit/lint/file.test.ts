// The lint engine on one file's text: every finding code, exact ranges, and quick fixes that
// repair the text.
import { strict as assert } from 'node:assert';
import { parseInstructions } from '../../../src/resolver';
import { Finding, LineIndex, WorkspaceListing, applyEdits, editDistance, lintFile, nearMissKey, sourceDirectory } from '../../../src/lint';

/** The text a finding's range covers (also checks the range is consistent). */
function covered(text: string, f: Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'>): string {
  const index = new LineIndex(text);
  return text.slice(index.offset(f.line, f.column), index.offset(f.endLine, f.endColumn));
}

function only(findings: Finding[], code: string): Finding[] {
  return findings.filter((f) => f.code === code);
}

function one(findings: Finding[], code: string): Finding {
  const list = only(findings, code);
  assert.equal(list.length, 1, `expected one ${code}, got ${JSON.stringify(findings, null, 1)}`);
  return list[0];
}

/** Applies the finding's only fix and returns the repaired text. */
function fixed(text: string, f: Finding): string {
  assert.ok(f.fixes && f.fixes.length === 1, `${f.code} has no single fix`);
  const fix = f.fixes[0];
  for (const e of fix.edits) {
    // Offsets and line/column describe the same span.
    const index = new LineIndex(text);
    assert.equal(index.offset(e.range.line, e.range.column), e.range.start);
    assert.equal(index.offset(e.range.endLine, e.range.endColumn), e.range.end);
  }
  return applyEdits(text, fix.edits);
}

const listing = new WorkspaceListing([
  'package.json',
  'src/app/main.ts',
  'src/app/views/Dashboard.tsx',
  'src/generated/client.ts',
  'docs/guide.md',
  'node_modules/left-pad/index.js',
]);

describe('lintFile', () => {
  describe('resolver diagnostics', () => {
    it('malformed-frontmatter: an alias, with the glob as its range', () => {
      const text = '---\napplies_to: **/*.md\n---\n# Docs\n';
      const f = one(lintFile('docs/AGENTS.md', text), 'malformed-frontmatter');
      assert.equal(f.severity, 'error');
      assert.deepEqual([f.line, f.column, f.endLine, f.endColumn], [2, 13, 2, 20]);
      assert.equal(covered(text, f), '**/*.md');
      assert.equal(f.file, 'docs/AGENTS.md');
    });

    it('malformed-frontmatter: no closing fence covers the opening fence on line 1', () => {
      const text = '---\npriority: 1\n';
      const f = one(lintFile('AGENTS.md', text), 'malformed-frontmatter');
      assert.deepEqual([f.line, f.column], [1, 1]);
      assert.equal(covered(text, f), '---');
    });

    it('malformed-frontmatter: a YAML error runs from its position to the end of the line', () => {
      const text = '---\napplies_to: ["a"\npriority: 1\n---\n';
      const f = one(lintFile('AGENTS.md', text), 'malformed-frontmatter');
      const expected = parseInstructions(text).diagnostics[0];
      assert.equal(f.line, expected.line);
      assert.equal(f.column, expected.column);
      assert.equal(f.endLine, f.line);
    });

    it('malformed-frontmatter: a top level that is not a mapping, and duplicate keys', () => {
      assert.equal(one(lintFile('AGENTS.md', '---\n- a\n---\n'), 'malformed-frontmatter').line, 2);
      assert.equal(one(lintFile('AGENTS.md', '---\nmode: append\nmode: replace\n---\n'), 'malformed-frontmatter').line, 3);
    });

    it('invalid-value: the offending item', () => {
      const text = '---\napplies_to: ["a", 3]\nmode: merge\n---\n';
      const findings = only(lintFile('AGENTS.md', text), 'invalid-value');
      assert.deepEqual(
        findings.map((f) => [f.line, covered(text, f), f.key, f.severity]),
        [
          [2, '3', 'applies_to', 'error'],
          [3, 'merge', 'mode', 'error'],
        ],
      );
      assert.ok(findings.every((f) => f.fixes === undefined));
    });

    it('invalid-value on an out-of-range priority: a fix clamps it', () => {
      for (const [value, clamped] of [
        ['5000', '1000'],
        ['-5000', '-1000'],
        ['+1001', '1000'],
        ['0x1388', '1000'],
        ['1e4', '1000'],
      ]) {
        const text = `---\npriority: ${value}   # high\nmode: append\n---\nBody\n`;
        const f = one(lintFile('AGENTS.md', text), 'invalid-value');
        assert.equal(covered(text, f), value);
        assert.equal(f.fixes![0].title, `Clamp priority to ${clamped}`);
        const repaired = fixed(text, f);
        assert.equal(repaired, `---\npriority: ${clamped}   # high\nmode: append\n---\nBody\n`);
        assert.equal(parseInstructions(repaired).metadata?.priority, Number(clamped));
        assert.deepEqual(lintFile('AGENTS.md', repaired), []);
      }
    });

    it('invalid-value on a priority that is not an integer: no fix', () => {
      for (const value of ['1.5', '"high"', '.inf', '[1]']) {
        const f = one(lintFile('AGENTS.md', `---\npriority: ${value}\n---\n`), 'invalid-value');
        assert.equal(f.fixes, undefined, value);
      }
    });

    it('unknown-key: the key itself', () => {
      const text = '---\nowner: web-team\n---\n';
      const f = one(lintFile('src/AGENTS.md', text), 'unknown-key');
      assert.equal(f.severity, 'warning');
      assert.deepEqual([f.line, f.column, f.endLine, f.endColumn], [2, 1, 2, 6]);
      assert.equal(covered(text, f), 'owner');
      assert.equal(only(lintFile('src/AGENTS.md', text), 'near-miss-key').length, 0);
    });

    it('a file without frontmatter, or with an empty block, has no findings', () => {
      assert.deepEqual(lintFile('CLAUDE.md', '# Notes\n\n- a\n', { listing }), []);
      assert.deepEqual(lintFile('CLAUDE.md', '---\n---\nBody\n', { listing }), []);
      assert.deepEqual(lintFile('CLAUDE.md', '', { listing }), []);
    });
  });

  describe('unquoted-star-glob', () => {
    it('a block value: exact range, and quoting repairs the file', () => {
      const text = '---\napplies_to: **/*.md\n---\n# Docs\n';
      const f = one(lintFile('docs/AGENTS.md', text), 'unquoted-star-glob');
      assert.equal(f.severity, 'warning');
      assert.equal(f.key, 'applies_to');
      assert.deepEqual([f.line, f.column, f.endLine, f.endColumn], [2, 13, 2, 20]);
      assert.equal(covered(text, f), '**/*.md');
      const repaired = fixed(text, f);
      assert.equal(repaired, '---\napplies_to: "**/*.md"\n---\n# Docs\n');
      assert.deepEqual(parseInstructions(repaired).metadata?.applies_to, ['**/*.md']);
      assert.deepEqual(lintFile('docs/AGENTS.md', repaired, { listing }), []);
    });

    it('a trailing comment and CRLF line ends stay outside the range', () => {
      const text = '---\r\nexcludes: *.gen.ts  # generated\r\n---\r\n';
      const f = one(lintFile('AGENTS.md', text), 'unquoted-star-glob');
      assert.equal(covered(text, f), '*.gen.ts');
      assert.equal(fixed(text, f), '---\r\nexcludes: "*.gen.ts"  # generated\r\n---\r\n');
      assert.deepEqual(parseInstructions(fixed(text, f)).metadata?.excludes, ['*.gen.ts']);
    });

    it('dash-list items', () => {
      const text = '---\napplies_to:\n  - *.md\n  - "docs/**"\n  - *.txt\n---\n';
      const findings = only(lintFile('AGENTS.md', text), 'unquoted-star-glob');
      assert.deepEqual(
        findings.map((f) => [f.line, f.column, covered(text, f)]),
        [
          [3, 5, '*.md'],
          [5, 5, '*.txt'],
        ],
      );
      const repaired = applyEdits(
        text,
        findings.flatMap((f) => f.fixes![0].edits),
      );
      assert.deepEqual(parseInstructions(repaired).metadata?.applies_to, ['*.md', 'docs/**', '*.txt']);
    });

    it('flow-list items, braces included, each with its own fix', () => {
      const text = '---\nexcludes: [*.ts, "b/**", *.{js,jsx}]\n---\n';
      const findings = only(lintFile('AGENTS.md', text), 'unquoted-star-glob');
      assert.deepEqual(
        findings.map((f) => covered(text, f)),
        ['*.ts', '*.{js,jsx}'],
      );
      assert.equal(fixed(text, findings[0]), '---\nexcludes: ["*.ts", "b/**", *.{js,jsx}]\n---\n');
      const repaired = applyEdits(
        text,
        findings.flatMap((f) => f.fixes![0].edits),
      );
      assert.equal(repaired, '---\nexcludes: ["*.ts", "b/**", "*.{js,jsx}"]\n---\n');
      assert.deepEqual(parseInstructions(repaired).metadata?.excludes, ['*.ts', 'b/**', '*.{js,jsx}']);
    });

    it('a flow list over several lines', () => {
      const text = '---\napplies_to: [\n  "a",\n  *.md,\n]\n---\n';
      const f = one(lintFile('AGENTS.md', text), 'unquoted-star-glob');
      assert.deepEqual([f.line, f.column, covered(text, f)], [4, 3, '*.md']);
      assert.deepEqual(parseInstructions(fixed(text, f)).metadata?.applies_to, ['a', '*.md']);
    });

    it('under a near-miss glob key too; not under other keys; not inside quotes or block scalars', () => {
      assert.equal(one(lintFile('AGENTS.md', '---\napplies-to: *.md\n---\n'), 'unquoted-star-glob').key, 'applies-to');
      assert.equal(only(lintFile('AGENTS.md', '---\nrequired_validation: *foo\n---\n'), 'unquoted-star-glob').length, 0);
      assert.deepEqual(lintFile('AGENTS.md', '---\napplies_to: "*.md"\n---\n'), []);
      const block = '---\nrequired_validation: |\n  applies_to: *x\n---\n';
      assert.deepEqual(lintFile('AGENTS.md', block), []);
    });

    it('a BOM is dropped and ranges refer to the text without it', () => {
      const text = '\ufeff---\napplies_to: *.md\n---\n';
      const f = one(lintFile('AGENTS.md', text), 'unquoted-star-glob');
      assert.deepEqual([f.line, f.column], [2, 13]);
      assert.equal(f.fixes![0].edits[0].range.start, '---\napplies_to: '.length);
    });
  });

  describe('near-miss-key', () => {
    const cases: [string, string][] = [
      ['applies-to', 'applies_to'],
      ['appliesTo', 'applies_to'],
      ['Applies_To', 'applies_to'],
      ['prioity', 'priority'],
      ['Priority', 'priority'],
      ['priorty', 'priority'],
      ['exclude', 'excludes'],
      ['required-validation', 'required_validation'],
      ['requiredValidation', 'required_validation'],
      ['MODE', 'mode'],
      ['mdoe', 'mode'],
    ];
    for (const [written, meant] of cases) {
      it(`${written} → ${meant}: range is the key, and renaming repairs it`, () => {
        const value = meant === 'priority' ? '5' : meant === 'mode' ? 'replace' : '"**/*.ts"';
        const text = `---\n${written}: ${value}\n---\n`;
        const findings = lintFile('AGENTS.md', text, { listing });
        const f = one(findings, 'near-miss-key');
        assert.equal(f.severity, 'warning');
        assert.equal(covered(text, f), written);
        assert.equal(f.key, written);
        assert.equal(one(findings, 'unknown-key').line, 2, 'the resolver diagnostic is kept');
        const repaired = fixed(text, f);
        assert.equal(repaired, `---\n${meant}: ${value}\n---\n`);
        assert.deepEqual(lintFile('AGENTS.md', repaired, { listing }), []);
      });
    }

    it('no suggestion for unrelated keys (name, owner, tags, description)', () => {
      for (const key of ['name', 'owner', 'tags', 'description', 'globs']) {
        assert.equal(only(lintFile('AGENTS.md', `---\n${key}: x\n---\n`), 'near-miss-key').length, 0, key);
      }
    });

    it('no rename when the key it stands for is present (it would duplicate the key)', () => {
      const text = '---\npriority: 1\nPriority: 2\n---\n';
      const f = one(lintFile('AGENTS.md', text), 'near-miss-key');
      assert.equal(f.fixes, undefined);
      assert.match(f.message, /also present/);
    });

    it('a quoted key is renamed quotes and all', () => {
      const text = '---\n"applies-to": "**/*.ts"\n---\n';
      const f = one(lintFile('AGENTS.md', text), 'near-miss-key');
      assert.equal(covered(text, f), '"applies-to"');
      assert.equal(fixed(text, f), '---\napplies_to: "**/*.ts"\n---\n');
    });

    it('edit distance counts an adjacent swap as one edit and stops early', () => {
      assert.equal(editDistance('mdoe', 'mode'), 1);
      assert.equal(editDistance('prioity', 'priority'), 1);
      assert.equal(editDistance('abcdef', 'uvwxyz'), 3);
      assert.equal(nearMissKey('name'), undefined);
      assert.equal(nearMissKey('applies_to'), undefined);
    });
  });

  describe('glob-workspace-relative', () => {
    it("a glob that starts with the nested file's directory; the fix makes it relative", () => {
      const text = '---\napplies_to: ["src/app/**/*.ts", "views/**"]\n---\n';
      const findings = lintFile('src/app/AGENTS.md', text, { listing });
      const f = one(findings, 'glob-workspace-relative');
      assert.equal(f.severity, 'warning');
      assert.equal(covered(text, f), '"src/app/**/*.ts"');
      assert.equal(only(findings, 'glob-matches-nothing').length, 0, 'not also reported as matching nothing');
      const repaired = fixed(text, f);
      assert.equal(repaired, '---\napplies_to: ["**/*.ts", "views/**"]\n---\n');
      assert.deepEqual(lintFile('src/app/AGENTS.md', repaired, { listing }), []);
    });

    it('keeps the quoting style; a leading "/" or "./" counts; .holaryn files use their directory', () => {
      const single = "---\nexcludes: '/src/generated/**'\n---\n";
      const f1 = one(lintFile('src/AGENTS.md', single), 'glob-workspace-relative');
      assert.equal(fixed(single, f1), "---\nexcludes: 'generated/**'\n---\n");
      const plain = '---\nexcludes:\n  - ./src/generated\n---\n';
      const f2 = one(lintFile('src/.holaryn/instructions.md', plain), 'glob-workspace-relative');
      assert.equal(covered(plain, f2), './src/generated');
      assert.equal(fixed(plain, f2), '---\nexcludes:\n  - generated\n---\n');
    });

    it('the directory itself: reported without a fix; root files and other prefixes are not', () => {
      const f = one(lintFile('src/AGENTS.md', '---\napplies_to: "src"\n---\n'), 'glob-workspace-relative');
      assert.equal(f.fixes, undefined);
      assert.deepEqual(lintFile('AGENTS.md', '---\napplies_to: "src/**"\n---\n', { listing }), []);
      assert.equal(only(lintFile('src/AGENTS.md', '---\napplies_to: "srcx/**"\n---\n'), 'glob-workspace-relative').length, 0);
    });
  });

  describe('glob-matches-nothing', () => {
    it('matched as in docs/contract.md §5, relative to the source directory; files and directories count', () => {
      const text = '---\napplies_to: ["**/*.ts", "app/views", "**/*.py"]\nexcludes:\n  - "generated/**"\n  - "vendor/**"\n---\n';
      const findings = lintFile('src/AGENTS.md', text, { listing });
      assert.deepEqual(
        findings.map((f) => [f.code, f.key, f.line, covered(text, f)]),
        [
          ['glob-matches-nothing', 'applies_to', 2, '"**/*.py"'],
          ['glob-matches-nothing', 'excludes', 5, '"vendor/**"'],
        ],
      );
      assert.ok(findings.every((f) => f.severity === 'warning' && f.fixes === undefined));
      assert.match(findings[0].message, /below src\//);
    });

    it('a directory matches as its own path ("app" below src, "views" below src/app)', () => {
      assert.deepEqual(lintFile('src/AGENTS.md', '---\napplies_to: app\n---\n', { listing }), []);
      assert.deepEqual(lintFile('src/app/AGENTS.md', '---\napplies_to: views\n---\n', { listing }), []);
      assert.equal(lintFile('src/app/AGENTS.md', '---\napplies_to: app\n---\n', { listing }).length, 1);
    });

    it('nothing outside the source directory matches, and dot files match **', () => {
      assert.equal(lintFile('docs/AGENTS.md', '---\napplies_to: "**/*.ts"\n---\n', { listing }).length, 1);
      const dotted = new WorkspaceListing(['a/.env']);
      assert.deepEqual(lintFile('a/AGENTS.md', '---\napplies_to: "**"\n---\n', { listing: dotted }), []);
    });

    it('not reported for globs into .git or node_modules, nor without a complete listing', () => {
      const text = '---\nexcludes: ["node_modules/**", "**/node_modules/x/**", "{.git,node_modules}/**"]\n---\n';
      assert.deepEqual(lintFile('AGENTS.md', text, { listing }), []);
      const missing = '---\napplies_to: "**/*.py"\n---\n';
      assert.deepEqual(lintFile('AGENTS.md', missing), []);
      assert.deepEqual(lintFile('AGENTS.md', missing, { listing: new WorkspaceListing(['a.ts'], false) }), []);
      assert.equal(lintFile('AGENTS.md', missing, { listing: new WorkspaceListing(['a.ts']) }).length, 1);
    });

    it("only entries under a glob's literal directories are tried; past the budget a glob is left undecided", () => {
      const many = new WorkspaceListing(['docs/a.md', ...Array.from({ length: 50 }, (_, i) => `src/f${i}.ts`)], true, 20);
      assert.equal(many.matches('', 'docs/*.md'), true);
      assert.equal(many.matches('', 'docs/*.txt'), false);
      assert.equal(many.matches('', '{docs,lib}/**'), true);
      assert.equal(many.exhausted, false);
      assert.equal(many.matches('', '**/*.py'), undefined, 'undecided, so not reported');
      assert.equal(many.exhausted, true);
      assert.deepEqual(lintFile('AGENTS.md', '---\napplies_to: "**/*.rs"\n---\n', { listing: many }), []);
    });

    it('globs of a key the resolver rejected are not checked', () => {
      const text = '---\napplies_to: ["**/*.py", 3]\n---\n';
      assert.deepEqual(
        lintFile('AGENTS.md', text, { listing }).map((f) => f.code),
        ['invalid-value'],
      );
    });
  });

  it('findings are sorted by position and carry the file path; every finding has a line', () => {
    const text = '---\nprioity: 1\napplies_to: "**/*.py"\nowner: me\npriority: 4000\n---\n';
    const findings = lintFile('src/AGENTS.md', text, { listing });
    assert.deepEqual(
      findings.map((f) => [f.line, f.code]),
      [
        [2, 'near-miss-key'],
        [2, 'unknown-key'],
        [3, 'glob-matches-nothing'],
        [4, 'unknown-key'],
        [5, 'invalid-value'],
      ],
    );
    assert.ok(findings.every((f) => f.file === 'src/AGENTS.md' && f.line >= 1 && f.column >= 1));
  });

  it('sourceDirectory follows the candidate names', () => {
    assert.equal(sourceDirectory('AGENTS.md'), '');
    assert.equal(sourceDirectory('src/.holaryn/instructions.md'), 'src');
    assert.equal(sourceDirectory('.holaryn/instructions.md'), '');
    assert.equal(sourceDirectory('a/b/CLAUDE.md'), 'a/b');
    assert.equal(sourceDirectory('a/README.md'), undefined);
  });
});
