/**
 * Copilot's `*.instructions.md` (and `.claude/rules`) files from its instruction folders: read for
 * their header, attached when `applyTo` matches a target, otherwise listed in the index for the
 * model to read on its own.
 */
import type { NotApplicableFor } from '../../evidence';
import type { Applicability, DiscoverContext, NamedCandidate } from '../../profile';
import { joinUnder } from '../../paths';
import type { EntryKind } from '../../fs';
import { agentHeader, scalarText, stringOrList } from '../agent/frontmatter';
import { peekText } from '../agent/peek';
import { walkRuleFolder } from '../agent/folders';
import { CopilotPattern, globMatchesIgnoreCase } from './match';
import { INCLUDE_APPLYING } from './settings';
import type { CopilotSettings } from './settings';
import { repoCandidate, homeCandidate } from './candidates';

/** Instruction folders are searched this many levels below the folder (VS Code MAX_INSTRUCTIONS_RECURSION_DEPTH). */
const MAX_DEPTH = 5;
/** Bytes read of an instruction file to find its header. */
const HEADER_READ_BYTES = 256 * 1024;

/** Copilot's instruction-file test on a file name and its URI path. */
export function instructionKind(name: string, abs: string): 'instructions' | 'claude-rule' | undefined {
  const inRules = abs.replace(/\\/g, '/').includes('/.claude/rules/');
  if (name.endsWith('.instructions.md') || name === 'copilot-instructions.md') return inRules ? 'claude-rule' : 'instructions';
  if (inRules && name.endsWith('.md') && name !== 'README.md') return 'claude-rule';
  return undefined;
}

/** The pattern Copilot evaluates: Claude rules' `paths` joined (none: `**`), else `applyTo` as a string. */
export function effectivePattern(
  attributes: Record<string, unknown> | undefined,
  claudeRule: boolean,
): { pattern: string | undefined; list: boolean } {
  if (claudeRule) {
    const paths = stringOrList(attributes?.paths);
    return { pattern: paths === undefined ? '**' : paths.join(', '), list: false };
  }
  const raw = attributes?.applyTo;
  return { pattern: scalarText(raw), list: Array.isArray(raw) };
}

const LISTED = "listed in Copilot's instruction index: the model may read it itself";

/**
 * Which targets Copilot attaches the file for. Every `why` is one fixed sentence (the reason names
 * the pattern and the targets once): a record is kept per target.
 */
function applicability(glob: CopilotPattern | undefined, list: boolean, s: CopilotSettings, key: string, problem?: string): Applicability {
  const no = (target: string, why?: string): NotApplicableFor =>
    why === undefined
      ? { target, key: 'applies_to', pattern: null }
      : { target, key: 'applies_to', pattern: null, why: `${why} (${LISTED})` };
  const pattern = glob?.pattern;
  const never = !s.includeApplying
    ? `${INCLUDE_APPLYING} is false: Copilot attaches no file by its ${key}`
    : pattern === undefined
      ? list
        ? 'applyTo is a YAML list: Copilot reads applyTo only as a string, so this file is never attached'
        : 'no applyTo: Copilot never attaches it by itself'
      : pattern.trim() === ''
        ? `${key} is empty: Copilot never attaches it`
        : problem !== undefined
          ? `${key} is over Holaryn's pattern bounds (${problem}): Holaryn does not evaluate it, so it is taken as matching no file`
          : undefined;
  return {
    test(target) {
      if (never !== undefined) return no(target.path, never);
      const abs = target.path === '' ? undefined : target.absolute;
      if (glob!.match(abs)) return null;
      return no(target.path, abs === undefined ? `no file is attached, and only **, **/* or * apply without one` : undefined);
    },
    describe: () => `${key} ${JSON.stringify(pattern ?? '')}`,
    unmatched: ` (${LISTED})`,
  };
}

/** The targets' absolute paths (undefined for the root: no file attached), made once for every instruction file. */
type TargetPaths = readonly (string | undefined)[];

function targetPaths(ctx: DiscoverContext): TargetPaths {
  return ctx.targets.map((t) => (t.path === '' ? undefined : joinUnder(ctx.fs.path, ctx.root, t.path)));
}

/** Why a file is attached, for the first target it matches (the reason on an included source). */
function attachedNote(
  ctx: DiscoverContext,
  glob: CopilotPattern | undefined,
  s: CopilotSettings,
  targets: TargetPaths,
): string | undefined {
  if (glob === undefined || !s.includeApplying) return undefined;
  for (const [i, t] of ctx.targets.entries()) {
    const m = glob.match(targets[i]);
    if (!m) continue;
    if (m.all) return `automatically attached as pattern is ${m.part}`;
    let note = `automatically attached as pattern ${m.effective} matches ${t.path}`;
    if (m.effective !== m.part) {
      if (!globMatchesIgnoreCase(m.effective, t.path))
        note += ` only through the folders above the workspace folder: Copilot puts **/ in front of ${JSON.stringify(m.part)} and matches the absolute path`;
      else if (!globMatchesIgnoreCase(m.part, t.path))
        note += `, not at the folder's top: Copilot puts **/ in front of ${JSON.stringify(m.part)}, so it matches at any depth`;
    }
    return note;
  }
  return undefined;
}

/**
 * A folder's names in the order VS Code walks them: on POSIX the listing comes sorted by name,
 * but VS Code's disk provider resolves a symbolic link with one more stat and adds it only
 * then, so the entries that are not links come first (by name), then the links (by name).
 */
function linksLast(entries: readonly { name: string; kind: EntryKind | undefined }[]): string[] {
  const plain: string[] = [];
  const links: string[] = [];
  for (const e of entries) (e.kind === 'symlink' ? links : plain).push(e.name);
  return [...plain.sort(), ...links.sort()];
}

/** `*.instructions.md` and Claude rules in the configured folders: user folders first, then each root's. */
export function instructionFiles(ctx: DiscoverContext, s: CopilotSettings, roots: readonly string[]): NamedCandidate[] {
  const P = ctx.fs.path;
  const enabled = Object.entries(s.locations)
    .filter(([, on]) => on)
    .map(([loc]) => loc.trim().replace(/\\/g, '/'))
    .filter((loc) => loc !== '' && !/[*?[{]/.test(loc));
  const folders: { dir: string; user: boolean; recurse: boolean }[] = [];
  for (const loc of enabled.filter((l) => l === '~' || l.startsWith('~/')))
    folders.push({ dir: P.join(ctx.homedir, loc.slice(1)), user: true, recurse: true });
  for (const loc of enabled.filter((l) => !(l === '~' || l.startsWith('~/')))) {
    if (P.isAbsolute(loc)) folders.push({ dir: loc, user: false, recurse: !roots.includes(loc) });
    else
      for (const root of roots) {
        const dir = joinUnder(P, root, loc);
        folders.push({ dir, user: false, recurse: !roots.includes(dir) });
      }
  }
  const out: NamedCandidate[] = [];
  const seen = new Set<string>();
  const targets = targetPaths(ctx);
  for (const folder of folders) {
    const files = walkRuleFolder(ctx, {
      top: folder.dir,
      // VS Code's own depth (MAX_INSTRUCTIONS_RECURSION_DEPTH): it looks no deeper either.
      maxDepth: folder.recurse ? MAX_DEPTH : 0,
      agentsDepth: true,
      agent: 'Copilot',
      wanted: (name, abs) => instructionKind(name, abs) !== undefined,
      order: (entries) => linksLast(entries),
      // VS Code follows links wherever they lead and names the file by the path it found; the
      // pipeline discloses, never prints, one leading outside the repository and the home.
      link: () => ({ follow: true }),
      keepLinkPaths: true,
    });
    for (const { abs } of files) {
      if (seen.has(abs)) continue;
      seen.add(abs);
      out.push(instructionCandidate(ctx, s, abs, instructionKind(P.basename(abs), abs)!, folder.user, targets));
    }
  }
  return out;
}

function instructionCandidate(
  ctx: DiscoverContext,
  s: CopilotSettings,
  abs: string,
  tag: 'instructions' | 'claude-rule',
  user: boolean,
  targets: TargetPaths,
): NamedCandidate {
  const claudeRule = tag === 'claude-rule';
  const peeked = peekText(ctx.fs, abs, user ? null : (real) => ctx.boundary.shows(real), HEADER_READ_BYTES, undefined, ctx.options.cache);
  const header = peeked.ok ? agentHeader(peeked.text) : undefined;
  const { pattern, list } = effectivePattern(header?.attributes, claudeRule);
  const key = claudeRule ? 'paths' : 'applyTo';
  const glob = pattern === undefined ? undefined : new CopilotPattern(pattern);
  const problem = glob?.problem(key);
  const base = {
    tag,
    applicability: applicability(glob, list, s, key, problem),
    otherwise: 'listed' as const,
    note: problem === undefined ? attachedNote(ctx, glob, s, targets) : undefined,
  };
  const path = user ? `~/${ctx.fs.path.relative(ctx.homedir, abs).split(ctx.fs.path.sep).join('/')}` : ctx.display(abs);
  if (problem !== undefined)
    ctx.diagnostic(
      'invalid-value',
      path,
      header?.lines[key] ?? null,
      `${problem}: Holaryn does not evaluate this ${key} (Copilot would), so ${path} is taken as attached to no file`,
    );
  if (list)
    ctx.diagnostic(
      'agent-pitfall',
      path,
      header?.lines.applyTo ?? null,
      `applyTo is a YAML list: Copilot reads applyTo only as a string, so ${path} is never attached automatically; write one string with commas instead (applyTo: "a/**, b/**")`,
    );
  return user ? homeCandidate(abs, path, base) : repoCandidate(ctx, abs, base);
}
