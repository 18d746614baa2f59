/**
 * The `cline` profile: what Cline CLI 3.0.65 puts in front of the model (README.md in this folder;
 * checked against the release by test/oracle/cases/cline.ts). Its rules come from fixed search
 * paths of the workspace (the working directory, not the repository root) and of the user's home
 * (discover.ts), one per name, sorted by name, at the end of the system prompt as `# Rules` and
 * one `## <name>` section each. No budget, no cut, nothing loaded on touch, no imports.
 * Decisions and guesses: README.md here.
 */
import type { ContextFormat, ContextSource, Dialect, Profile } from '../../profile';
import { NO_BUDGET, contentOnlyLayout } from '../../fit';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { CLINE_ABOUT, CLINE_RELEASE } from './about';
import { clineDir, clineDiscover, searchPaths } from './discover';
import { clineSkills } from './skills';
import { ruleBody } from './rule';

export const CLINE_VERSION = `Cline CLI ${CLINE_RELEASE}`;

export const CLINE_FIDELITY: readonly string[] = Object.freeze([
  'Cline keeps one rule per name; when two paths lead to one file under different names, Cline sends it twice and Holaryn once.',
  'Inside a rules folder Cline takes the files in the order the file system lists them; two files whose frontmatter gives one name keep the one listed last, as here on the same file system.',
  `Plugins, hooks, skills and workflows are not modelled: none of them adds rule text in a one-shot run of ${CLINE_RELEASE} (plugins can, but their loader did not start in the runs checked).`,
]);

/** The rules block's heading and the heading of each rule. */
export const RULES_HEADING = '# Rules';

/** The context as Cline writes it: `# Rules`, then `## <name>` and the rule's text per rule, blank lines between rules. */
export function clineRules(rules: readonly { name: string; text: string }[]): string {
  if (rules.length === 0) return '';
  return `${RULES_HEADING}\n${rules.map((r) => `## ${r.name}\n${r.text}`).join('\n\n')}`;
}

/** Cline's frontmatter: a leading BOM dropped, the `---` block at the very start left out of the text. */
export const CLINE_DIALECT: Dialect = {
  name: 'cline',
  yaml: false,
  parse(text) {
    return { metadata: null, content: ruleBody(text).body, diagnostics: [], keys: [], contentLine: 1, blockRange: null };
  },
};

function nameOf(s: ContextSource): string {
  return s.tag ?? s.path;
}

export const CLINE_FORMAT: ContextFormat = {
  layout: (sources) => contentOnlyLayout(sources, CODE_POINTS.measure),
  render(sources, decision) {
    return clineRules(sources.flatMap((s, i) => (decision.status[i] === 'omitted' ? [] : [{ name: nameOf(s), text: s.content }])));
  },
};

export const CLINE: Profile = {
  ...CLINE_ABOUT,
  version: CLINE_VERSION,
  agent: 'Cline',
  // Its search paths of the user's own (the global AGENTS.md and rule folders), as discovery lists them.
  homeFiles: (ctx) => searchPaths({ fs: ctx.fs, env: ctx.env, homedir: ctx.homedir, root: ctx.cwd }).flatMap((s) => (s.own ? [s.abs] : [])),
  fidelity: CLINE_FIDELITY,
  noTargets: 'root',
  directories: [],
  discover: (ctx) => ({ candidates: clineDiscover(ctx), listings: clineSkills(ctx) }),
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    trim: true,
    skipEmpty: true,
    homes: (where) => {
      const P = where.path;
      return [
        clineDir({ env: where.env, homedir: where.homedir, fs: { path: P } }).path,
        P.join(where.homedir, '.agents'),
        P.join(where.homedir, 'Cline'),
        P.join(where.homedir, 'Documents', 'Cline'),
      ];
    },
  },
  dialect: CLINE_DIALECT,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: CLINE_FORMAT,
  contextPlace: 'system-prompt',
};
