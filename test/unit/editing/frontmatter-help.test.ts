// Completion and hover in frontmatter: where the cursor is, what is offered, the documentation.
import { strict as assert } from 'node:assert';
import { KEY_DOCS, MODE_DOCS, completionsAt, frontmatterSpotAt, hoverAt } from '../../../src/editing/frontmatter-help';

/** Text with a `|` marking the cursor. */
function at(marked: string): [string, number] {
  const offset = marked.indexOf('|');
  return [marked.slice(0, offset) + marked.slice(offset + 1), offset];
}

describe('authoring: frontmatter completion and hover', () => {
  it('finds keys, values and list items only inside the frontmatter block', () => {
    assert.deepEqual(frontmatterSpotAt(...at('---\n|\n---\nbody\n')), { kind: 'key', start: 4, end: 4, hasColon: false, present: [] });
    assert.deepEqual(frontmatterSpotAt(...at('---\nmo|de: append\npriority: 1\n---\n')), {
      kind: 'key',
      start: 4,
      end: 8,
      hasColon: true,
      present: ['priority'],
    });
    assert.deepEqual(frontmatterSpotAt(...at('---\nmode: |\n---\n')), { kind: 'value', key: 'mode', start: 10, end: 10, listItem: false });
    assert.deepEqual(frontmatterSpotAt(...at('---\nmode:|\n---\n')), { kind: 'value', key: 'mode', start: 9, end: 9, listItem: false });
    assert.deepEqual(frontmatterSpotAt(...at('---\napplies_to:\n  - "*.ts"\n  - |\n---\n')), {
      kind: 'value',
      key: 'applies_to',
      start: 31,
      end: 31,
      listItem: true,
    });
    // Outside: the fences themselves, the body, a file without frontmatter.
    assert.equal(frontmatterSpotAt(...at('-|--\nmode: append\n---\n')), undefined);
    assert.equal(frontmatterSpotAt(...at('---\nmode: append\n---\n|body\n')), undefined);
    assert.equal(frontmatterSpotAt(...at('# Title\n|\n')), undefined);
    assert.equal(frontmatterSpotAt(...at('---\nmode: append\n--|-\n')), undefined);
  });

  it('a block whose closing fence is not written yet is still frontmatter', () => {
    assert.equal(frontmatterSpotAt(...at('---\nmode: append\n|'))?.kind, 'key');
  });

  it('offers every key not already present, with its contract wording', () => {
    const all = completionsAt(...at('---\n|\n---\n'))!;
    assert.deepEqual(
      all.items.map((i) => i.label),
      ['applies_to', 'excludes', 'priority', 'mode', 'required_validation'],
    );
    const mode = all.items.find((i) => i.label === 'mode')!;
    assert.equal(mode.snippet, true);
    assert.equal(mode.insert, 'mode: ${1|append,replace|}');
    assert.equal(mode.documentation, KEY_DOCS.mode.markdown);
    assert.match(KEY_DOCS.mode.markdown, /supersedes the \*\*earlier applicable sources in the same directory only\*\*/);
    assert.match(KEY_DOCS.priority.detail, /-1000\.\.1000 · default: 0/);
    const some = completionsAt(...at('---\npriority: 3\n|\nmode: replace\n---\n'))!;
    assert.deepEqual(
      some.items.map((i) => i.label),
      ['applies_to', 'excludes', 'required_validation'],
    );
    // On a key that already has its colon, only the name is replaced.
    const rename = completionsAt(...at('---\nprio|: 3\n---\n'))!;
    assert.equal(rename.items.find((i) => i.label === 'priority')!.insert, 'priority');
    assert.equal(rename.items.find((i) => i.label === 'priority')!.snippet, false);
  });

  it('offers mode values, priorities in range, and quoted glob examples', () => {
    const mode = completionsAt(...at('---\nmode: |\n---\n'))!;
    assert.deepEqual(
      mode.items.map((i) => i.label),
      ['append', 'replace'],
    );
    assert.equal(mode.items[1].documentation, MODE_DOCS.replace);
    const priority = completionsAt(...at('---\npriority: |\n---\n'))!;
    assert.deepEqual(
      priority.items.map((i) => i.label),
      ['0', '10', '-10', '1000', '-1000'],
    );
    const globs = completionsAt(...at('---\napplies_to: |\n---\n'))!;
    assert.ok(
      globs.items.every((i) => i.insert.startsWith('["') && i.insert.endsWith('"]')),
      'globs are quoted, in a flow list',
    );
    const item = completionsAt(...at('---\nexcludes:\n  - |\n---\n'))!;
    assert.ok(
      item.items.every((i) => i.insert.startsWith('"')),
      'a list item is one quoted glob',
    );
    assert.deepEqual(completionsAt(...at('---\nrequired_validation: |\n---\n'))!.items, []);
    assert.equal(completionsAt(...at('body |\n')), undefined);
  });

  it('hover documents keys, mode values and the priority range', () => {
    const [text, offset] = at('---\nmo|de: replace\npriority: 5000\nowner: me\napplies-to: "*.ts"\n---\n');
    assert.deepEqual(hoverAt(text, offset), { start: 4, end: 8, markdown: KEY_DOCS.mode.markdown });
    const value = hoverAt(text, text.indexOf('replace') + 2)!;
    assert.equal(value.markdown, MODE_DOCS.replace);
    assert.equal(text.slice(value.start, value.end), 'replace');
    const priority = hoverAt(text, text.indexOf('5000') + 1)!;
    assert.match(priority.markdown, /^Out of range: `priority` is -1000\.\.1000/);
    assert.match(hoverAt(...at('---\npriority: 1|2\n---\n'))!.markdown, /^In range\./);
    assert.match(hoverAt(...at('---\npriority: hi|gh\n---\n'))!.markdown, /^Not an integer/);
    assert.match(hoverAt(text, text.indexOf('owner') + 1)!.markdown, /^Unknown key: Holaryn reports it/);
    assert.match(hoverAt(text, text.indexOf('applies-to') + 1)!.markdown, /Did you mean `applies_to`\?/);
    assert.equal(hoverAt(text, text.length - 1), undefined);
  });

  it("never puts the file's own text into documentation", () => {
    const evil = '[x](command:workbench.action.terminal.new)';
    const text = `---\nmode: ${evil}\nevil_${'k'}ey: 1\npriority: ${evil}\n---\n`;
    for (let offset = 0; offset < text.length; offset++) {
      const h = hoverAt(text, offset);
      if (h) assert.ok(!h.markdown.includes('command:') && !h.markdown.includes('evil_key'), `hover at ${offset} echoes the file`);
      for (const item of completionsAt(text, offset)?.items ?? []) assert.ok(!item.documentation.includes('command:'));
    }
  });
});
