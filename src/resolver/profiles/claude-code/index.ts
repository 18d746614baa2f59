/**
 * The `claude-code` profile: what Claude Code 2.1 loads as memory (docs/agents.md, `claude-code`),
 * after its official memory documentation (the program is closed source: approximate). Settings
 * come from Claude Code's own settings files (`claudeMdExcludes`), then `--set`. Decisions and
 * guesses: README.md in this folder.
 */
import { derived } from '../../profile';
import type { ContextFormat, Dialect, Profile, ProfileContext } from '../../profile';
import { NO_BUDGET, contentOnlyLayout } from '../../fit';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { ConfigProblem, agentHome, readConfigDocument } from '../agent/config';
import { agentDiagnostics, requireFrame } from '../agent/configure';
import { agentHeader } from '../agent/frontmatter';
import { SettingSpec, checkSettingValue, effectiveSettings } from '../agent/settings';
import { ClaudeDirs, ClaudeOptions, MAX_MEMORY_BYTES, claudeDiscover } from './discover';
import { stripBlockComments } from './text';
import { CLAUDE_CODE_ABOUT } from './about';

export const CLAUDE_CODE_VERSION = 'Claude Code 2.1 (memory documentation of 2026-08)';

export const CLAUDE_CODE_FIDELITY: readonly string[] = Object.freeze([
  'Claude Code is closed source: this profile follows its memory documentation, and every order the documentation leaves open is a guess (see the profile README).',
  'The context frames each file as "Contents of <path>:"; Claude Code\u2019s real header adds a scope label, e.g. "(project instructions, checked into the codebase)", and wraps the whole in a system reminder.',
  'Files loaded on a read (subdirectory CLAUDE.md files, path rules) arrive later in the conversation inside tool results; here they follow the launch files in the same text.',
  'An imported file is a separate entry just before the file that imports it (the documentation: it loads the imported file, "then appends the rest").',
  'Files between 1 MiB and 4 MiB are read only up to their first 1 MiB (Holaryn\u2019s read limit); files over 4 MiB are skipped as Claude Code skips them.',
  'Only claudeMdExcludes is read from the settings files; the managed settings claudeMd text, --setting-sources, --add-dir and auto memory (MEMORY.md) are not modelled.',
  'A directory target counts as reading a file in it; a target that does not exist is a write and loads nothing on touch.',
  'Later versions differ: from 2.1.277 Claude Code reads AGENTS.md (and .claude/AGENTS.md) in a project with no CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md from the working directory up (a plugin option, instructionFiles, chooses), and its later documentation also loads subdirectory files and path rules when a file there is written or edited. This profile answers for the 2026-08 documentation.',
]);

const DEFAULT_MANAGED_DIR = '/etc/claude-code';
/** Moves the managed policy folder (Holaryn's own variable: the managed path is fixed per OS in Claude Code). */
export const MANAGED_DIR_ENV = 'HOLARYN_CLAUDE_MANAGED_DIR';

export const CLAUDE_CODE_SETTINGS: readonly SettingSpec[] = Object.freeze([
  {
    name: 'claudeMdExcludes',
    kind: 'string-list',
    default: Object.freeze([]) as readonly string[],
    description: 'globs of absolute paths of CLAUDE.md and rules files not to load (merged over every settings file)',
  },
]);

/** Claude Code's folders for this call. */
function claudeDirs(ctx: ProfileContext): ClaudeDirs {
  const P = ctx.fs.path;
  const home = agentHome({ env: ctx.env, homedir: ctx.homedir, path: P }, 'CLAUDE_CONFIG_DIR', '.claude');
  const managed = ctx.env[MANAGED_DIR_ENV];
  return {
    config: home,
    managed: managed
      ? { path: P.resolve(managed), display: `$${MANAGED_DIR_ENV}` }
      : { path: DEFAULT_MANAGED_DIR, display: DEFAULT_MANAGED_DIR },
  };
}

/** The frontmatter is not sent; block-level HTML comments are removed. */
export const CLAUDE_CODE_DIALECT: Dialect = {
  name: 'claude-code',
  yaml: false,
  parse(text) {
    const header = agentHeader(text);
    const content = stripBlockComments(header.body);
    return { metadata: null, content, diagnostics: [], keys: [], contentLine: 1, blockRange: null };
  },
};

export const CLAUDE_CODE_FORMAT: ContextFormat = {
  layout: (sources) => contentOnlyLayout(sources, CODE_POINTS.measure),
  render(sources, _decision, _budget, _unit, frame) {
    const f = requireFrame(frame, 'claude-code');
    const P = f.path;
    const where = (s: (typeof sources)[number]) =>
      s.scope === 'global' || s.absolute === undefined ? (s.absolute ?? s.path) : P.join(f.cwd, ...s.path.split('/'));
    return sources.map((s) => `Contents of ${where(s)}:\n\n${s.content}`).join('\n\n');
  },
};

interface Layer {
  file: string;
  values: readonly string[];
}

/** `claudeMdExcludes` of one settings file, or a problem. */
function excludesOf(ctx: ProfileContext, abs: string, display: string, files: string[], problems: ConfigProblem[]): Layer | undefined {
  const read = readConfigDocument(ctx.fs, abs, display, 'jsonc');
  if (read.status === 'missing') return undefined;
  files.push(display);
  if (read.status === 'failed') {
    problems.push(read.problem);
    return undefined;
  }
  const raw = read.doc.claudeMdExcludes;
  if (raw === undefined) return undefined;
  const checked = checkSettingValue(CLAUDE_CODE_SETTINGS[0], raw);
  if (!checked.ok) {
    problems.push({ code: 'invalid-value', file: display, line: null, message: `${display}: ${checked.problem}; ignored` });
    return undefined;
  }
  return { file: display, values: checked.value as readonly string[] };
}

function configure(ctx: ProfileContext) {
  const P = ctx.fs.path;
  const dirs = claudeDirs(ctx);
  const configFiles: string[] = [];
  const problems: ConfigProblem[] = [];
  const effective = effectiveSettings('claude-code', CLAUDE_CODE_SETTINGS, [], ctx.settings);
  const layers: Layer[] = [];
  const managed = excludesOf(
    ctx,
    P.join(dirs.managed.path, 'managed-settings.json'),
    `${dirs.managed.display}/managed-settings.json`,
    configFiles,
    problems,
  );
  const user = excludesOf(ctx, P.join(dirs.config.path, 'settings.json'), `${dirs.config.display}/settings.json`, configFiles, problems);
  for (const l of [managed, user]) if (l) layers.push(l);
  const settings: Record<string, unknown> = {};
  const disabled = /^(1|true|yes)$/i.test(ctx.env.CLAUDE_CODE_DISABLE_CLAUDE_MDS ?? '');
  const base = claudeDiscover({ dirs, excludes: [], disabled });
  const profile: Profile = derived(CLAUDE_CODE, {
    discover(dctx) {
      // The project's settings files are known only now that the working directory is.
      const all = [...layers];
      for (const name of ['settings.json', 'settings.local.json']) {
        const l = excludesOf(ctx, P.join(dctx.root, '.claude', name), `.claude/${name}`, configFiles, problems);
        if (l) all.push(l);
      }
      for (const d of agentDiagnostics(problems.splice(0))) dctx.diagnostic(d.code, d.source, d.line, d.message);
      const excludes = all.flatMap((l) => l.values.map((pattern) => ({ pattern, from: l.file })));
      const set = effective.claudeMdExcludes;
      if (set.from === 'set') excludes.push(...(set.value as readonly string[]).map((pattern) => ({ pattern, from: '--set' })));
      settings.claudeMdExcludes = {
        value: excludes.map((e) => e.pattern),
        from: set.from === 'set' ? 'set' : all.length > 0 ? 'config' : 'default',
        ...(all.length > 0 ? { files: all.map((l) => l.file) } : {}),
      };
      const options: ClaudeOptions = { dirs, excludes, disabled };
      return (excludes.length > 0 ? claudeDiscover(options) : base)(dctx);
    },
  });
  return { profile, diagnostics: agentDiagnostics(problems), configFiles, settings };
}

export const CLAUDE_CODE: Profile = {
  ...CLAUDE_CODE_ABOUT,
  version: CLAUDE_CODE_VERSION,
  agent: 'Claude Code',
  fidelity: CLAUDE_CODE_FIDELITY,
  settings: CLAUDE_CODE_SETTINGS,
  configure,
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    trim: true,
    skipEmpty: true,
    reportEmpty: true,
    emptyReport: { status: 'not-loaded', reason: 'empty file: nothing for Claude Code to load' },
    maxBytes: MAX_MEMORY_BYTES,
    homes: (where) => [agentHome(where, 'CLAUDE_CONFIG_DIR', '.claude').path],
  },
  dialect: CLAUDE_CODE_DIALECT,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: CLAUDE_CODE_FORMAT,
};
