// Other tools' frontmatter keys (docs/contract.md §11): an info finding that names the tool, says
// what Holaryn does instead and offers the translation; never a warning, never a failed run.
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { parseInstructions } from '../../../src/resolver';
import { Finding, FOREIGN_KEYS, applyEdits, lintFile, lintWorkspace } from '../../../src/lint';

function one(findings: Finding[], code: string): Finding {
  const list = findings.filter((f) => f.code === code);
  assert.equal(list.length, 1, `expected one ${code}, got ${JSON.stringify(findings, null, 1)}`);
  return list[0];
}

/** The text after the finding's only fix. */
function fixed(text: string, f: Finding): string {
  assert.ok(f.fixes && f.fixes.length === 1, `${f.code} has no single fix: ${JSON.stringify(f)}`);
  return applyEdits(text, f.fixes[0].edits);
}

describe('lint: foreign-key', () => {
  it('applyTo (GitHub Copilot) is an info finding, not an unknown-key warning, naming the tool and the translation', () => {
    const text = '---\napplyTo: "**/*.ts"\n---\nUse pnpm.\n';
    const findings = lintFile('AGENTS.md', text);
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity} ${f.code}`),
      ['2:1-2:8 info foreign-key'],
    );
    const f = findings[0];
    assert.equal(f.key, 'applyTo');
    assert.match(f.message, /GitHub Copilot/);
    assert.match(f.message, /every file/);
    assert.match(f.message, /applies_to/);
    const repaired = fixed(text, f);
    assert.equal(repaired, '---\napplies_to: "**/*.ts"\n---\nUse pnpm.\n');
    assert.deepEqual(parseInstructions(repaired).metadata?.applies_to, ['**/*.ts']);
    assert.deepEqual(lintFile('AGENTS.md', repaired), []);
  });

  it("Copilot's comma-separated applyTo becomes a list (Holaryn never splits a string on commas)", () => {
    const text = '---\napplyTo: "**/*.ts,**/*.tsx, docs/**"\n---\nx\n';
    const repaired = fixed(text, one(lintFile('AGENTS.md', text), 'foreign-key'));
    assert.equal(repaired, '---\napplies_to: ["**/*.ts", "**/*.tsx", "docs/**"]\n---\nx\n');
    assert.deepEqual(parseInstructions(repaired).metadata?.applies_to, ['**/*.ts', '**/*.tsx', 'docs/**']);
  });

  it('a comma inside braces is part of one glob: the key is only renamed', () => {
    const text = "---\napplyTo: 'src/**/*.{ts,tsx}'\n---\nx\n";
    const repaired = fixed(text, one(lintFile('AGENTS.md', text), 'foreign-key'));
    assert.equal(repaired, "---\napplies_to: 'src/**/*.{ts,tsx}'\n---\nx\n");
  });

  it('a YAML list keeps its items and layout', () => {
    const text = '---\napplyTo:\n  - "a/**"\n  - b/**\n---\nx\n';
    const repaired = fixed(text, one(lintFile('AGENTS.md', text), 'foreign-key'));
    assert.equal(repaired, '---\napplies_to:\n  - "a/**"\n  - b/**\n---\nx\n');
    assert.deepEqual(parseInstructions(repaired).metadata?.applies_to, ['a/**', 'b/**']);
  });

  it('globs (Cursor) and paths (Claude Code rules) translate to applies_to too', () => {
    const cursor = '---\nglobs: src/**/*.ts, lib/**\nalwaysApply: false\n---\nx\n';
    const findings = lintFile('AGENTS.md', cursor);
    assert.deepEqual(
      findings.map((f) => `${f.key} ${f.severity} ${f.code}`),
      ['globs info foreign-key', 'alwaysApply info foreign-key'],
    );
    assert.match(findings[0].message, /Cursor/);
    assert.equal(fixed(cursor, findings[0]), '---\napplies_to: ["src/**/*.ts", "lib/**"]\nalwaysApply: false\n---\nx\n');
    assert.match(findings[1].message, /Cursor/);
    assert.equal(findings[1].fixes, undefined);

    const claude = '---\npaths:\n  - "src/api/**/*.ts"\n---\nx\n';
    const p = one(lintFile('CLAUDE.md', claude), 'foreign-key');
    assert.match(p.message, /Claude Code/);
    assert.equal(fixed(claude, p), '---\napplies_to:\n  - "src/api/**/*.ts"\n---\nx\n');
  });

  it('description and name have no translation; the message says the file applies to every file in its scope', () => {
    const text = '---\nname: backend\ndescription: Rules for the API\n---\nx\n';
    const findings = lintFile('src/AGENTS.md', text);
    assert.deepEqual(
      findings.map((f) => `${f.key} ${f.severity} ${f.code}`),
      ['name info foreign-key', 'description info foreign-key'],
    );
    for (const f of findings) {
      assert.equal(f.fixes, undefined);
      assert.match(f.message, /every file (in|below) src\//);
    }
  });

  it('with applies_to already present, no rename is offered (it would duplicate the key)', () => {
    const text = '---\napplies_to: "**/*.py"\napplyTo: "**/*.ts"\n---\nx\n';
    const f = one(lintFile('AGENTS.md', text), 'foreign-key');
    assert.equal(f.fixes, undefined);
    assert.match(f.message, /applies_to is already present/);
  });

  it('a value that is not a glob (a number, a mapping) is not translated', () => {
    const f = one(lintFile('AGENTS.md', '---\napplyTo: 5\n---\nx\n'), 'foreign-key');
    assert.equal(f.fixes, undefined);
  });

  it('every foreign key is listed with its tool; the keys of this table are exact names', () => {
    assert.deepEqual(Object.keys(FOREIGN_KEYS).sort(), ['alwaysApply', 'applyTo', 'description', 'globs', 'name', 'paths']);
    // A near miss of a Holaryn key is not a foreign key.
    assert.deepEqual(
      lintFile('AGENTS.md', '---\nappliesTo: "*.ts"\n---\n').map((f) => f.code),
      ['near-miss-key', 'unknown-key'],
    );
  });

  it("the evidence keeps the resolver's unknown-key (docs/contract.md §4); only lint reports it as foreign-key", () => {
    const parsed = parseInstructions('---\napplyTo: "**/*.ts"\n---\nx\n');
    assert.deepEqual(
      parsed.diagnostics.map((d) => d.code),
      ['unknown-key'],
    );
  });

  it('info findings are counted apart: a workspace with only foreign keys has no warnings', () => {
    const fs = new MemoryFs({ '/w/AGENTS.md': '---\napplyTo: "**/*.ts"\ndescription: x\n---\nx\n', '/w/a.ts': '' });
    const r = lintWorkspace('/w', { fs, listFiles: () => ['AGENTS.md', 'a.ts'] });
    assert.equal(r.warnings, 0);
    assert.equal(r.errors, 0);
    assert.equal(r.infos, 2);
  });
});
