/**
 * Kimi's own behaviour, case by case: each case was checked against Kimi's real loader (the
 * `from` field names its test or rule) and is checked here against the `kimi` profile on a real
 * temporary tree with a temporary home.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { TempDirs } from '../../helpers/cli';
import { AgentCase, CaseRun, assertLoadedInOrder, checkContextProperties, expand, loadCases, runCase } from '../agent/cases';

const CASES = loadCases(path.join(__dirname, 'cases.json'));

const len = (s: string) => Buffer.byteLength(s, 'utf8');

/** The exact texts of the cases whose cut depends on the length of the temporary paths. */
const RULES: Record<string, (run: CaseRun) => string> = {
  'budget leaf first: leaf whole, root cut (exact cut depends on path lengths)': (run) => {
    const leaf = `<!-- From: ${run.cwd}/AGENTS.md -->\n`;
    const root = `<!-- From: ${run.T}/AGENTS.md -->\n`;
    return `${root}${'A'.repeat(32768 - len(leaf) - len(root) - 2 - 1000)}\n\n${leaf}${'B'.repeat(1000)}`;
  },
  'multibyte cut drops the broken character (no U+FFFD)': (run) => {
    const leaf = `<!-- From: ${run.cwd}/AGENTS.md -->\n`;
    const root = `<!-- From: ${run.T}/AGENTS.md -->\n`;
    // Two bytes per "é": an odd number of bytes left drops the split one.
    const left = 32768 - len(leaf) - 4 - len(root) - 2;
    return `${root}${'é'.repeat(Math.floor(left / 2))}\n\n${leaf}leaf`;
  },
  'deepest file alone over budget: cut to fit its own header; everything shallower omitted': (run) => {
    const leaf = `<!-- From: ${run.cwd}/AGENTS.md -->\n`;
    return leaf + 'B'.repeat(32768 - len(leaf));
  },
};

/**
 * Where Holaryn reports a case differently from the notes, and why. Kimi fails to start on a
 * file that is not UTF-8 (UnicodeDecodeError): Holaryn does not stop, it reports the file as a
 * skipped candidate with an `unreadable` error naming the failure (the evidence's way for a file
 * that exists but cannot be loaded), and the profile's fidelity notes say Kimi would not start.
 */
const SKIPPED_INSTEAD: Record<string, string[]> = {
  'invalid UTF-8 aborts startup': ['AGENTS.md'],
};

describe('kimi profile: cases from Kimi source and tests', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('has every case of the research notes', () => {
    assert.equal(CASES.length, 22);
  });

  for (const c of CASES) {
    it(`${c.name} (${c.from})`, () => {
      const run = runCase(c as AgentCase, 'kimi', '.kimi', temp);
      const skippedInstead = SKIPPED_INSTEAD[c.name] ?? [];
      const expected = Object.fromEntries(c.expect.loaded.filter((l) => !skippedInstead.includes(l.path)).map((l) => [l.path, l.status]));
      assertLoadedInOrder(run, c, expected);
      for (const p of skippedInstead) {
        assert.ok(
          run.ev.skipped.some((s) => s.path === p && s.reason === 'unreadable'),
          `${p} is not reported unreadable`,
        );
        assert.ok(run.ev.diagnostics.some((d) => d.code === 'unreadable' && d.source === p && d.severity === 'error'));
      }
      if (c.expect.error !== undefined) return;
      const rule = RULES[c.name];
      if (c.expect.context !== undefined) assert.equal(run.ev.context, expand(c.expect.context, run));
      else assert.ok(rule, `no exact text for ${c.name}`);
      if (rule) assert.equal(run.ev.context, rule(run));
      checkContextProperties(run.ev.context, c.expect.contextProperties ?? []);
    });
  }
});
