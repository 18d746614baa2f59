/**
 * The `kimi` profile: what Moonshot's Kimi CLI puts in its system prompt (README.md in this
 * folder). From the nearest directory holding `.git` (else the working directory alone) down to
 * the working directory: `.kimi/AGENTS.md`, and `AGENTS.md` or else `agents.md`; text read as
 * Python reads it (universal newlines, stripped); a 32 KiB budget spent from the deepest file up
 * with each part's header counted; parts as `<!-- From: ABS -->` joined by a blank line. Kimi
 * has no settings and no user-level file. Decisions and guesses: README.md in this folder.
 */
import type { ContextFormat, DirectoryRule, FitRule, Layout, Profile } from '../../profile';
import { PRECEDENCE } from '../../stages/order';
import { UTF8_BYTES } from '../../units';
import { decodeLossy, pythonStrip, universalNewlines, utf8, utf8Length } from '../agent/text';
import { requireFrame, settingsEvidence } from '../agent/configure';
import { effectiveSettings } from '../agent/settings';
import { KIMI_MAX_BYTES, fitKimi, kimiContext, kimiHeader } from './fit';
import { KIMI_ABOUT } from './about';

export const KIMI_VERSION = 'Kimi CLI 1.49.0 (2026-07)';

export const KIMI_FIDELITY: readonly string[] = Object.freeze([
  'A file that is not valid UTF-8 (or cannot be read) makes Kimi fail to start (UnicodeDecodeError); Holaryn reports it unreadable and shows what the other files would give.',
  'Kimi cuts without any marker (only its log says so); the cut is shown here, not in the text Kimi sends.',
  'Kimi places this text in its system prompt inside a fence of nine backticks, after a fixed heading; the context here is the text alone.',
  'The 32 KiB budget is a constant in Kimi: --budget changes it here only, Kimi itself cannot.',
  'Symbolic links are resolved before the walk. Kimi started in a directory resolves them too (its working directory comes from the system); started with --work-dir it walks that path as given, so a linked path may have other ancestors.',
]);

const KIMI_DIR = '.kimi/AGENTS.md';
const PLAIN = Object.freeze(['AGENTS.md', 'agents.md']);

function rules(extent: DirectoryRule['extent'], report?: DirectoryRule['report']): DirectoryRule[] {
  return [
    { names: [KIMI_DIR], pick: 'all', extent, delivery: 'baseline', report },
    { names: PLAIN, pick: 'first', extent, delivery: 'baseline', report, rankBase: 1 },
  ];
}

/** Python's text-mode read, then `str.strip()`. */
export function kimiText(raw: string): string {
  return pythonStrip(universalNewlines(raw));
}

/** Kimi's fit (see fit.ts) over the sources in root → leaf order, headers measured by the format. */
export const KIMI_FIT: FitRule = ({ sources, budget, layout }) => {
  const parts = sources.map((s, i) => ({ path: String(i), content: s.content, header: layout.heading(i) }));
  const fits = fitKimi(
    parts.map((p) => ({ path: p.path, content: p.content })),
    budget,
    (i) => parts[i].header,
  );
  const reasons = fits.map((f) =>
    f.status === 'omitted'
      ? `omitted: the ${budget}-byte budget was spent on deeper files (Kimi serves the working directory first)`
      : f.status === 'cut-to-empty'
        ? 'cut to nothing by the budget (after dropping a split character and whitespace)'
        : f.status === 'truncated'
          ? `cut to ${utf8Length(f.content)} bytes by the ${budget}-byte budget (spent from the deepest file up); Kimi marks no cut`
          : undefined,
  );
  return {
    status: fits.map((f) => (f.status === 'cut-to-empty' ? 'omitted' : f.status)),
    kept: fits.map((f) => utf8Length(f.content)),
    needed: layout.complete(),
    reasons,
  };
};

/** The absolute path Kimi writes: the working directory as given, joined with the evidence path. */
function kimiPath(cwd: string, rel: string, join: (...p: string[]) => string): string {
  return join(cwd, ...rel.split('/'));
}

export const KIMI_FORMAT: ContextFormat = {
  layout(sources, _budget, _unit, given): Layout {
    const frame = requireFrame(given, 'kimi');
    const P = frame.path;
    const header = (i: number) => utf8Length(kimiHeader(kimiPath(frame.cwd, sources[i].path, P.join)));
    const size = (i: number) => utf8Length(sources[i].content);
    return {
      fixed: 0,
      validationHeader: 0,
      markerHeader: 0,
      heading: header,
      body: size,
      commands: () => 0,
      omitLine: () => 0,
      cutCost: (i, k) => header(i) + k,
      size,
      complete: () => sources.reduce((t, _s, i) => t + header(i) + size(i) + (i > 0 ? 2 : 0), 0),
    };
  },
  render(sources, decision, _budget, _unit, given) {
    const frame = requireFrame(given, 'kimi');
    const parts = sources.map((s) => ({ path: kimiPath(frame.cwd, s.path, frame.path.join), content: s.content }));
    const fits = sources.map((s, i) => ({
      status: decision.status[i],
      // A cut keeps whole characters only (the kept count never splits one).
      content: decision.status[i] === 'omitted' ? '' : decodeLossy(utf8(s.content).subarray(0, decision.kept[i])).text,
    }));
    return kimiContext(parts, fits);
  },
};

export const KIMI: Profile = {
  ...KIMI_ABOUT,
  version: KIMI_VERSION,
  agent: 'Kimi CLI',
  fidelity: KIMI_FIDELITY,
  settings: [],
  configure(ctx) {
    // Kimi has no settings: any --set name is unknown (a usage error listing none).
    return { settings: settingsEvidence(effectiveSettings('kimi', [], [], ctx.settings)) };
  },
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [
    ...rules('project-to-cwd'),
    ...rules('below-cwd-to-target', { status: 'not-loaded', reason: 'Kimi loads no file below its working directory' }),
    ...rules('above-project', {
      status: 'not-loaded',
      reason: 'above the git root (or, without one, the working directory): Kimi does not read it',
    }),
  ],
  load: {
    symlinks: 'follow-disclose',
    decode: 'strict',
    // NUL is valid UTF-8: Python's strict reading keeps it, and Kimi sends it.
    nulBytes: 'sent',
    // Python's UTF-8 reading keeps a BOM as U+FEFF, and str.strip() does not take it away.
    keepBom: true,
    trim: true,
    trimWith: kimiText,
    skipEmpty: true,
    reportEmpty: true,
    homes: (where) => [where.path.join(where.homedir, '.kimi')],
  },
  dialect: null,
  order: PRECEDENCE,
  supersede: 'none',
  budget: { unit: UTF8_BYTES, size: KIMI_MAX_BYTES, fit: KIMI_FIT },
  format: KIMI_FORMAT,
};
