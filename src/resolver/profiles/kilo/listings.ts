/**
 * The skills Kilo Code CLI 7.7.7 lists in its system prompt (Skill.discovery, Skill.state and the
 * verbose `<available_skills>` block after the instruction files): its built-in skill (left out
 * here, as every agent's built-ins are), then each `SKILL.md` found, in this order:
 *
 * 1. unless `KILO_DISABLE_EXTERNAL_SKILLS`: `~/.claude/skills` (unless `KILO_DISABLE_CLAUDE_CODE`
 *    or `KILO_DISABLE_CLAUDE_CODE_SKILLS`) and `~/.agents/skills`; then the `.claude` and `.agents`
 *    folders' `skills` from the working directory up to the worktree, nearest first;
 * 2. the configuration folders' `skill` and `skills` (`~/.config/kilo`, `.kilocode` then `.kilo`
 *    from the working directory up, `~/.kilocode`, `~/.kilo`, `$KILO_CONFIG_DIR`).
 *
 * A skill is named by its header's `name`; a later file of the same name replaces an earlier one
 * (Kilo warns, and lists the later). A skill without a string `name`, or whose `description` is
 * not a string, is skipped; one without a description is not listed. The list is sorted by name,
 * each entry `  <skill>` / `<name>` / `<description>` / `<location>` (the file's path, escaped
 * for XML) / `  </skill>`. Kilo finds `SKILL.md` at any depth below a skills folder; here one
 * folder deep (`<folder>/<name>/SKILL.md`), in name order.
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { isInside } from '../../paths';
import { flagOn, kindOf, walkUp } from '../agent/opencode-core';
import { type ListingFile, filesIn, listingPath, skillsIn, unsent } from '../agent/skills';
import { kiloConfigDir } from './discover';

/** Kilo's escaping of a skill's location. */
function xmlEscape(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The entry Kilo writes for one skill. */
export function skillEntry(name: string, description: string, location: string): string {
  return `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${xmlEscape(location)}</location>\n  </skill>`;
}

/** The skills folders Kilo scans, in its order (see the module comment). */
export function skillFolders(ctx: DiscoverContext, worktree: string): { dir: string; own: boolean }[] {
  const { fs, env, homedir } = ctx;
  const P = fs.path;
  const out: { dir: string; own: boolean }[] = [];
  const claude = !(flagOn(env.KILO_DISABLE_CLAUDE_CODE) || flagOn(env.KILO_DISABLE_CLAUDE_CODE_SKILLS));
  const external = claude ? ['.claude', '.agents'] : ['.agents'];
  const walk = walkUp(P, ctx.root, worktree);
  if (!flagOn(env.KILO_DISABLE_EXTERNAL_SKILLS)) {
    for (const name of external) out.push({ dir: P.join(homedir, name, 'skills'), own: true });
    for (const dir of walk) for (const name of external) out.push({ dir: P.join(dir, name, 'skills'), own: false });
  }
  const configDirs: { dir: string; own: boolean }[] = [{ dir: kiloConfigDir(env, homedir, P).abs, own: true }];
  if (!flagOn(env.KILO_DISABLE_PROJECT_CONFIG))
    for (const dir of walk) for (const name of ['.kilocode', '.kilo']) configDirs.push({ dir: P.join(dir, name), own: false });
  for (const name of ['.kilocode', '.kilo']) configDirs.push({ dir: P.join(homedir, name), own: true });
  if (env.KILO_CONFIG_DIR) configDirs.push({ dir: P.resolve(ctx.root, env.KILO_CONFIG_DIR), own: true });
  const seen = new Set<string>();
  for (const c of configDirs) {
    if (seen.has(c.dir) || kindOf(fs, c.dir) !== 'directory') continue;
    seen.add(c.dir);
    for (const sub of ['skill', 'skills']) out.push({ dir: P.join(c.dir, sub), own: c.own && !isInside(P, ctx.root, c.dir) });
  }
  return out;
}

/** Kilo's skills listing (repository and home skills; the built-in one left out), in the order it sends them. */
export function kiloSkills(ctx: DiscoverContext, worktree: string): ListingEvidence[] {
  const byName = new Map<string, { file: ListingFile; description: string | undefined }>();
  const out: ListingEvidence[] = [];
  const seenFiles = new Set<string>();
  for (const folder of skillFolders(ctx, worktree)) {
    for (const file of skillsIn(ctx, folder.dir, { order: 'sorted', own: folder.own })) {
      if (seenFiles.has(file.abs)) continue;
      seenFiles.add(file.abs);
      const source = listingPath(ctx, file.abs);
      const base = { kind: 'skill' as const, source, place: 'system-prompt' as const };
      const attrs = file.header?.attributes;
      const name = attrs?.name;
      const description = attrs?.description;
      if (!file.read.ok) {
        out.push(unsent({ ...base, name: file.entry }, 'not-loaded', `Kilo cannot read it (${file.read.why})`));
        continue;
      }
      if (typeof name !== 'string' || (description !== undefined && typeof description !== 'string')) {
        out.push(
          unsent(
            { ...base, name: file.entry },
            'not-loaded',
            'its header has no string name (or a description that is not a string): Kilo skips it',
          ),
        );
        continue;
      }
      const had = byName.get(name);
      if (had !== undefined)
        out.push(
          unsent(
            { ...base, name, source: listingPath(ctx, had.file.abs) },
            'shadowed',
            `a later skill of the same name replaces it: ${source}`,
          ),
        );
      byName.set(name, { file, description });
    }
  }
  const winners = [...byName.entries()].sort(([a], [b]) => a.localeCompare(b));
  const listed: ListingEvidence[] = [];
  for (const [name, { file, description }] of winners) {
    const source = listingPath(ctx, file.abs);
    if (description === undefined) {
      out.push(unsent({ kind: 'skill', name, source, place: 'system-prompt' }, 'not-loaded', 'no description: Kilo does not list it'));
      continue;
    }
    listed.push({ kind: 'skill', name, source, status: 'included', place: 'system-prompt', text: skillEntry(name, description, file.abs) });
  }
  return [...listed, ...out];
}

/** What Kilo lists for a subagent without a description. */
const MANUAL_ONLY = 'This subagent should only be called manually by the user.';

/** The configuration folders Kilo reads agents from (ConfigPaths.directories), in its order. */
function agentFolders(ctx: DiscoverContext, worktree: string): { dir: string; own: boolean }[] {
  const { fs, env, homedir } = ctx;
  const P = fs.path;
  const dirs: { dir: string; own: boolean }[] = [{ dir: kiloConfigDir(env, homedir, P).abs, own: true }];
  if (!flagOn(env.KILO_DISABLE_PROJECT_CONFIG))
    for (const dir of walkUp(P, ctx.root, worktree))
      for (const name of ['.kilocode', '.kilo']) dirs.push({ dir: P.join(dir, name), own: false });
  for (const name of ['.kilocode', '.kilo']) dirs.push({ dir: P.join(homedir, name), own: true });
  if (env.KILO_CONFIG_DIR) dirs.push({ dir: P.resolve(ctx.root, env.KILO_CONFIG_DIR), own: true });
  const seen = new Set<string>();
  return dirs.filter((d) => !seen.has(d.dir) && seen.add(d.dir) && kindOf(fs, d.dir) === 'directory');
}

/**
 * The subagents Kilo lists in its `task` tool's description (ToolRegistry.describeTask): every
 * agent whose mode is not `primary`, sorted by name among its built-in ones (`explore`,
 * `general`, left out here), each `- <name>: <description>` (a fixed sentence without one).
 * Markdown agents come from each configuration folder's `agent` and `agents` (here one folder
 * deep, in name order), named by their file name; a later folder's agent of a name replaces an
 * earlier one; `disable: true` removes it.
 */
export function kiloAgents(ctx: DiscoverContext, worktree: string): ListingEvidence[] {
  const byName = new Map<string, { file: ListingFile; mode: unknown; description: unknown; disable: unknown }>();
  const out: ListingEvidence[] = [];
  for (const folder of agentFolders(ctx, worktree))
    for (const sub of ['agent', 'agents'])
      for (const file of filesIn(ctx, ctx.fs.path.join(folder.dir, sub), ['.md'], { order: 'sorted', own: folder.own })) {
        const name = file.entry.slice(0, -'.md'.length);
        const source = listingPath(ctx, file.abs);
        if (!file.read.ok) {
          out.push(
            unsent({ kind: 'agent', name, source, place: 'tool-description' }, 'not-loaded', `Kilo cannot read it (${file.read.why})`),
          );
          continue;
        }
        const attrs = file.header?.attributes ?? {};
        const had = byName.get(name);
        if (had !== undefined)
          out.push(
            unsent(
              { kind: 'agent', name, source: listingPath(ctx, had.file.abs), place: 'tool-description' },
              'shadowed',
              `a later agent of the same name replaces it: ${source}`,
            ),
          );
        byName.set(name, { file, mode: attrs.mode, description: attrs.description, disable: attrs.disable });
      }
  const listed: ListingEvidence[] = [];
  for (const [name, a] of [...byName.entries()].sort(([x], [y]) => x.localeCompare(y))) {
    const base = { kind: 'agent' as const, name, source: listingPath(ctx, a.file.abs), place: 'tool-description' as const };
    if (a.disable === true) out.push(unsent(base, 'not-loaded', 'disable: true'));
    else if (a.mode === 'primary') out.push(unsent(base, 'not-loaded', 'a primary agent: Kilo lists only subagents to its task tool'));
    else {
      const description = typeof a.description === 'string' ? a.description : MANUAL_ONLY;
      listed.push({ ...base, status: 'included', text: `- ${name}: ${description}` });
    }
  }
  return [...listed, ...out];
}
