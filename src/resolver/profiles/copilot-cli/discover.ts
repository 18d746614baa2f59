/**
 * The instruction sources GitHub Copilot CLI 1.0.102 lists for a session (`copilot instruction
 * list`), in its order, as runs of that command showed them (test/oracle/cases/copilot-cli.ts):
 *
 * 1. the user's: `<home>/copilot-instructions.md`, then `<home>/instructions/**\/*.instructions.md`
 *    by relative path, `<home>` being `$COPILOT_HOME` or `~/.copilot`;
 * 2. `.github/copilot-instructions.md` of the repository root, then of the working directory;
 * 3. `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` of the repository root, then of the working directory
 *    (matched without regard to case: `agents.md` counts);
 * 4. each folder between them, deepest first: its `.github/copilot-instructions.md`, then its
 *    `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` (not its rule folders);
 * 5. rule files: `.github/instructions/**\/*.instructions.md` and `.claude/rules/**\/*.md` of the
 *    repository root (when it is not the working directory), of the working directory, then of
 *    each COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder, each folder's by relative path;
 * 6. the `AGENTS.md` of each COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder.
 *
 * The repository root is the git root above the working directory; without one, the working
 * directory. Nothing below the working directory is listed at start.
 */
import { isInside } from '../../paths';
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { findProjectRoot } from '../../stages/inputs';
import { compareCodeUnits } from '../../stages/order';
import type { SourceScope } from '../../evidence';
import type { PathApi } from '../../fs';
import { agentHome, type AgentHome } from '../agent/config';
import { walkRuleFolder } from '../agent/folders';
import { listNames, peekText } from '../agent/peek';
import { agentHeader, stringOrList } from '../agent/frontmatter';
import type { ListingEvidence } from '../../evidence';
import { type ListingFile, filesIn, headerText, listingPath, skillsBelow, unsent } from '../agent/skills';

export const MODEL_NAMES = Object.freeze(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md']);
export const REPO_FILE = '.github/copilot-instructions.md';
/** Rule folders below a folder, and which of their files are rules. */
export const RULE_FOLDERS: readonly { folder: string; wanted: (name: string) => boolean }[] = Object.freeze([
  { folder: '.github/instructions', wanted: (n: string) => n.endsWith('.instructions.md') },
  { folder: '.claude/rules', wanted: (n: string) => n.endsWith('.md') },
]);
const MAX_RULE_DEPTH = 10;
/** The `excludeAgent` value that keeps a rule file out of Copilot CLI's instructions. */
export const EXCLUDED_AGENT = 'coding-agent';
/** A rule file (sent bare, or named in the applyTo table): NamedCandidate.tag, read by format.ts. */
export const RULE_TAG = 'rule';
/** A COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder's AGENTS.md (named in the nested AGENTS.md table). */
export const NESTED_TAG = 'nested-agents';

/** The user's folder: `$COPILOT_HOME` or `~/.copilot`. */
export function copilotHome(env: Readonly<Record<string, string | undefined>>, homedir: string, P: PathApi): AgentHome {
  return agentHome({ env, homedir, path: P }, 'COPILOT_HOME', '.copilot');
}

/** The folders COPILOT_CUSTOM_INSTRUCTIONS_DIRS names: comma-separated, a relative one from the working directory. */
export function customDirs(env: Readonly<Record<string, string | undefined>>, cwd: string, P: PathApi): string[] {
  return customDirEntries(env).map((d) => P.resolve(cwd, d));
}

/** The variable's entries as written (trimmed, empty ones dropped). */
export function customDirEntries(env: Readonly<Record<string, string | undefined>>): string[] {
  return (env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');
}

/** The name in `dir` that `name` matches: itself when present, else the one entry equal to it without regard to case. */
function caseless(ctx: DiscoverContext, dir: string, name: string): string {
  const names = listNames(ctx.fs, dir);
  if (names.includes(name)) return name;
  const lower = name.toLowerCase();
  const found = names.filter((n) => n.toLowerCase() === lower);
  return found.length === 1 ? found[0] : name;
}

class Finder {
  readonly out: NamedCandidate[] = [];
  constructor(readonly ctx: DiscoverContext) {}

  add(abs: string, scope: SourceScope, display?: string, dirForProbe?: string, own = false, tag?: string): void {
    const P = this.ctx.fs.path;
    const rel = display ?? this.ctx.display(abs);
    const relDir = P.dirname(rel);
    this.out.push({
      abs,
      path: rel,
      scope,
      directory: null,
      depth: scope === 'global' || relDir.startsWith('~') || relDir.startsWith('$') ? 0 : this.ctx.depthOf(relDir === '.' ? '' : relDir),
      filename: P.basename(abs),
      delivery: 'baseline',
      own,
      ...(tag !== undefined ? { tag } : {}),
      ...(dirForProbe !== undefined ? { probe: { dir: dirForProbe, name: P.basename(abs) } } : {}),
    });
  }

  /** The rule files of `top`, by path relative to it. */
  rules(top: string, wanted: (name: string) => boolean): string[] {
    const P = this.ctx.fs.path;
    const found = walkRuleFolder(this.ctx, {
      top,
      maxDepth: MAX_RULE_DEPTH,
      agent: 'Copilot CLI',
      wanted,
      order: (entries) => entries.map((e) => e.name).sort(compareCodeUnits),
      link: () => ({ follow: true }),
      keepLinkPaths: true,
    });
    return found
      .map((f) => f.via ?? f.abs)
      .sort((a, b) => compareCodeUnits(P.relative(top, a).split(P.sep).join('/'), P.relative(top, b).split(P.sep).join('/')));
  }

  ruleFolders(base: string, scope: SourceScope, own: boolean, display?: (abs: string) => string): void {
    for (const { folder, wanted } of RULE_FOLDERS)
      for (const abs of this.rules(this.ctx.fs.path.join(base, ...folder.split('/')), wanted)) {
        this.add(abs, scope, display?.(abs), undefined, own, RULE_TAG);
        this.excluded(abs, own);
      }
  }

  /**
   * A rule file whose header's `excludeAgent` names `coding-agent` (a string or a list, compared
   * exactly) is skipped by 1.0.102: GitHub's key for keeping a file from the cloud coding agent,
   * which Copilot CLI honours too (cases `exclude-agent-*`).
   */
  excluded(abs: string, own: boolean): void {
    const read = peekText(this.ctx.fs, abs, own ? null : (real) => this.ctx.boundary.shows(real), 64 * 1024);
    if (!read.ok) return;
    const names = stringOrList(agentHeader(read.text).attributes?.excludeAgent) ?? [];
    if (!names.includes(EXCLUDED_AGENT)) return;
    const last = this.out.pop()!;
    this.out.push({
      ...last,
      report: { status: 'not-loaded', reason: `excludeAgent names ${EXCLUDED_AGENT}: Copilot CLI skips the file` },
    });
  }

  model(dir: string): void {
    for (const name of MODEL_NAMES) this.add(this.ctx.fs.path.join(dir, caseless(this.ctx, dir, name)), 'project', undefined, dir);
  }
}

/** Every source Copilot CLI lists, in its order (see the module comment). */
export function discoverCopilotCli(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const f = new Finder(ctx);
  const home = copilotHome(ctx.env, ctx.homedir, P);
  const homeDisplay = (abs: string) => `${home.display}/${P.relative(home.path, abs).split(P.sep).join('/')}`;
  f.add(P.join(home.path, 'copilot-instructions.md'), 'global', `${home.display}/copilot-instructions.md`, undefined, true);
  for (const abs of f.rules(P.join(home.path, 'instructions'), (n) => n.endsWith('.instructions.md'))) {
    f.add(abs, 'global', homeDisplay(abs), undefined, true, RULE_TAG);
    f.excluded(abs, true);
  }

  const root = ctx.projectRoot;
  const cwd = ctx.root;
  const between: string[] = [];
  for (let d = P.dirname(cwd); d !== root && isInside(P, root, d) && d !== P.dirname(d); d = P.dirname(d)) between.unshift(d);

  const repoFile = (dir: string) => f.add(P.join(dir, ...REPO_FILE.split('/')), 'project');
  repoFile(root);
  if (cwd !== root) repoFile(cwd);
  f.model(root);
  if (cwd !== root) f.model(cwd);
  // The folders between, deepest first: each one's copilot-instructions.md, then its model files.
  for (const d of [...between].reverse()) {
    repoFile(d);
    f.model(d);
  }

  if (cwd !== root) f.ruleFolders(root, 'project', false);
  f.ruleFolders(cwd, 'project', false);
  const extra = customDirs(ctx.env, ctx.cwd, P);
  for (const d of extra) f.ruleFolders(d, 'workspace', true);
  for (const d of extra) f.add(P.join(d, 'AGENTS.md'), 'workspace', undefined, undefined, true, NESTED_TAG);
  return f.out;
}

// ---- Listings: skills, custom agents, commands -----------------------------------------------

/** Characters of a skill description 1.0.102 accepts; a longer one drops the skill, silently. */
export const COPILOT_CLI_DESCRIPTION_CHARS = 1024;
/** The skill folders of a repository folder, in the order 1.0.102 gives them precedence. */
export const SKILL_FOLDERS: readonly string[] = Object.freeze(['.github/skills', '.agents/skills', '.claude/skills']);
/** The custom agent folders of a repository folder (`.github` wins a name). */
export const AGENT_FOLDERS: readonly string[] = Object.freeze(['.github/agents', '.claude/agents']);

/** XML text as 1.0.102 escapes it in `<available_skills>`. */
function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * The description 1.0.102 shows: `description:`, else the body without its heading lines, every
 * run of whitespace made one space (runs: `# Title` left out, paragraphs joined).
 */
/**
 * A skill's or command's description as Copilot CLI lists it: its header's `description:` as YAML
 * reads it, line breaks at its end left out (a `|` block's), else (no such key) the body without
 * its heading lines and blank lines, each line trimmed, joined by one space. A `description:` that is not text
 * (a number, a list, none at all) makes it drop the entry: `{ why }`. Seen in runs
 * (copilot-cli-listings.ts, `skills-description-forms`).
 */
function describe(file: ListingFile): { text: string } | { why: string } {
  const attributes = file.header?.attributes;
  if (attributes !== undefined && Object.hasOwn(attributes, 'description')) {
    const given = attributes.description;
    if (typeof given !== 'string') return { why: 'its description is not text: Copilot CLI drops it' };
    return { text: given.replace(/\n+$/, '') };
  }
  const body = file.header?.body ?? (file.read.ok ? file.read.text : '');
  return {
    text: body
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'))
      .join(' '),
  };
}

function skillEntry(name: string, description: string, location: 'project' | 'user'): string {
  return `<skill>\n  <name>${xml(name)}</name>\n  <description>${xml(description)}</description>\n  <location>${location}</location>\n</skill>`;
}

function byName<T extends { name: string }>(xs: T[]): T[] {
  return xs.sort((a, b) => compareCodeUnits(a.name, b.name));
}

/**
 * A listing file as Copilot CLI reads it: a byte-order mark before its `---` header is passed over
 * (runs showed a skill and a custom agent written so listed; other agents' readers do not skip it).
 */
function bomless(file: ListingFile): ListingFile {
  return file.read.ok && file.read.text.startsWith('\ufeff') ? { ...file, header: agentHeader(file.read.text.slice(1)) } : file;
}

/** Characters of a skill or command name Copilot CLI lists at most. */
const MAX_NAME_CHARS = 64;

/**
 * A skill's or command's name as Copilot CLI lists it (its header's `name:`, else its folder or
 * file name): trimmed, each run of spaces made one `-`; a name that is then not a letter or digit
 * followed by letters, digits, `.`, `_`, `:` or `-`, or is over 64 characters, makes it drop the
 * entry. Seen in runs (copilot-cli-listings.ts, `skills-names`).
 */
export function copilotName(raw: string): { name: string; why?: string } {
  const name = raw.trim().replace(/\s+/g, '-');
  if (name.length > MAX_NAME_CHARS) return { name, why: `its name has over ${MAX_NAME_CHARS} characters: Copilot CLI drops it` };
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]*$/.test(name))
    return { name, why: 'its name is not a letter or digit followed by letters, digits, ".", "_", ":" or "-": Copilot CLI drops it' };
  return { name };
}

interface SkillFound {
  readonly name: string;
  readonly source: string;
  readonly description: string;
  readonly why?: string;
}

/** The skills of one group of folders, sorted by name. */
function skillGroup(ctx: DiscoverContext, dirs: readonly string[], own: boolean): SkillFound[] {
  const found: SkillFound[] = [];
  for (const dir of dirs)
    for (const found0 of skillsBelow(ctx, dir, { order: 'sorted', own, maxDepth: 10, skipDotNames: false, stopAtSkill: true })) {
      const file = bomless(found0.file);
      const source = listingPath(ctx, file.abs);
      const { name, why: badName } = copilotName(headerText(file, 'name') ?? file.entry);
      if (!file.read.ok) found.push({ name, source, description: '', why: `Copilot CLI cannot read it (${file.read.why})` });
      else if (!file.header?.present) found.push({ name, source, description: '', why: 'no `---` header: Copilot CLI drops the skill' });
      else if (file.header.attributes === undefined)
        found.push({ name, source, description: '', why: 'its header is no YAML Copilot CLI reads: it drops the skill' });
      else if (badName !== undefined) found.push({ name, source, description: '', why: badName });
      else {
        const described = describe(file);
        if ('why' in described) {
          found.push({ name, source, description: '', why: described.why });
          continue;
        }
        const description = described.text;
        const n = [...description].length;
        found.push(
          n > COPILOT_CLI_DESCRIPTION_CHARS
            ? {
                name,
                source,
                description,
                why: `the description has ${n} characters, over ${COPILOT_CLI_DESCRIPTION_CHARS}: Copilot CLI drops the skill without a word`,
              }
            : { name, source, description },
        );
      }
    }
  return byName(found);
}

/**
 * Whether `dir` is above the folder the answer keeps to (a top with a `.git` git does not take for
 * a repository's, above the working directory): Copilot CLI reads its skills, commands and custom
 * agents all the same, so they are read like the user's own folders.
 */
function aboveTheWorkspace(ctx: DiscoverContext, dir: string): boolean {
  return dir !== ctx.projectRoot && !isInside(ctx.fs.path, ctx.projectRoot, dir);
}

/**
 * The repository's skill folders as Copilot CLI lists them: in the order given (`.github`, `.agents`,
 * `.claude`, each of the working directory, then of the root), the folders holding a skill it
 * lists; folders of one directory that come one after the other are one group, sorted by name (so
 * started at the root, all three are one list). Seen in runs (copilot-cli-listings.ts,
 * `skills-groups-below-the-root`).
 */
function skillFolderGroups(ctx: DiscoverContext, folders: readonly { dir: string; folder: string }[]): SkillFound[][] {
  const groups: { dir: string; found: SkillFound[] }[] = [];
  // A folder whose every skill Copilot CLI drops joins no group: its entries come last, all `dropped`.
  const droppedOnly: SkillFound[] = [];
  for (const f of folders) {
    // Each folder read once; a group's skills are its folders' together, sorted by name.
    const found = skillGroup(ctx, [f.folder], aboveTheWorkspace(ctx, f.dir));
    if (!found.some((s) => s.why === undefined)) {
      droppedOnly.push(...found);
      continue;
    }
    const last = groups[groups.length - 1];
    if (last?.dir === f.dir) last.found.push(...found);
    else groups.push({ dir: f.dir, found });
  }
  return [...groups.map((g) => byName(g.found)), ...(droppedOnly.length > 0 ? [droppedOnly] : [])];
}

/**
 * Copilot CLI's listings (runs of 1.0.102, test/oracle/cases/copilot-cli-listings.ts): skills in
 * `<available_skills>` (system-prompt), the repository's first, then the user's
 * (`<home>/skills`), Codex-like built-ins, then `.claude/commands` of the repository root as
 * skills; custom agents in the `task` tool's description.
 */
export function copilotCliListings(ctx: DiscoverContext): ListingEvidence[] {
  const P = ctx.fs.path;
  // Its skills, commands and custom agents take any `.git` above for the top (the instruction
  // files only a repository git takes for one: ctx.projectRoot).
  const root = findProjectRoot(ctx.fs, ctx.root, ['.git']);
  const cwd = ctx.root;
  const home = copilotHome(ctx.env, ctx.homedir, P);
  const at = (dir: string, folder: string) => P.join(dir, ...folder.split('/'));
  const groups = skillFolderGroups(
    ctx,
    SKILL_FOLDERS.flatMap((f) => [...new Set([cwd, root])].map((d) => ({ dir: d, folder: at(d, f) }))),
  );
  const out: ListingEvidence[] = [];
  const unsentOut: ListingEvidence[] = [];
  const taken = new Map<string, string>();
  const place = 'system-prompt' as const;
  const list = (skills: SkillFound[], location: 'project' | 'user') => {
    for (const s of skills) {
      const entry = { kind: 'skill' as const, name: s.name, source: s.source, place };
      if (s.why !== undefined) unsentOut.push(unsent(entry, 'dropped', s.why));
      else if (taken.has(s.name))
        unsentOut.push(unsent(entry, 'shadowed', `${taken.get(s.name)} is a skill of the same name and comes first`));
      else {
        taken.set(s.name, s.source);
        out.push({ ...entry, status: 'included', text: skillEntry(s.name, s.description, location) });
      }
    }
  };
  // Precedence: .github before .agents before .claude, whatever the order the group lists them in.
  const rank = (source: string) => SKILL_FOLDERS.findIndex((f) => source.includes(`${f}/`));
  for (const g of groups) {
    const winners = new Map<string, SkillFound>();
    for (const s of [...g].sort((a, b) => rank(a.source) - rank(b.source)))
      if (s.why === undefined && !winners.has(s.name)) winners.set(s.name, s);
    list(
      g.filter((s) => s.why !== undefined || winners.get(s.name) === s),
      'project',
    );
    for (const s of g)
      if (s.why === undefined && winners.get(s.name) !== s)
        unsentOut.push(
          unsent(
            { kind: 'skill', name: s.name, source: s.source, place },
            'shadowed',
            `${winners.get(s.name)!.source} has the same name and wins`,
          ),
        );
  }
  list(skillGroup(ctx, [P.join(home.path, 'skills')], true), 'user');
  commandListings(ctx, [...new Set([cwd, root])], taken, out, unsentOut);
  return [...out, ...agentListings(ctx, root, cwd, home.path), ...unsentOut];
}

/**
 * Commands of `.claude/commands` (its own files, not subfolders) of each of `dirs` (the working
 * directory, then the repository root), listed as skills after Copilot CLI's own; `taken` holds the
 * names listed so far. Sent entries go to `out`, the others to `left`.
 */
function commandListings(
  ctx: DiscoverContext,
  dirs: readonly string[],
  taken: Map<string, string>,
  out: ListingEvidence[],
  left: ListingEvidence[],
): void {
  const P = ctx.fs.path;
  const place = 'system-prompt' as const;
  const commands = dirs.flatMap((dir) =>
    byName(
      filesIn(ctx, P.join(dir, '.claude', 'commands'), ['.md'], { order: 'sorted', own: aboveTheWorkspace(ctx, dir) })
        .map(bomless)
        .map((file) => ({
          file,
          ...copilotName((file.read.ok ? headerText(file, 'name') : undefined) ?? file.entry.slice(0, -'.md'.length)),
        })),
    ),
  );
  for (const { file, name, why } of commands) {
    const entry = { kind: 'command' as const, name, source: listingPath(ctx, file.abs), place };
    const described = file.read.ok ? describe(file) : { why: '' };
    const chars = 'text' in described ? [...described.text].length : 0;
    if (!file.read.ok) left.push(unsent(entry, 'dropped', `Copilot CLI cannot read it (${file.read.why})`));
    else if (why !== undefined) left.push(unsent(entry, 'dropped', why));
    else if (taken.has(name)) left.push(unsent(entry, 'shadowed', `the skill ${taken.get(name)} has the same name`));
    else if (file.header?.attributes?.['disable-model-invocation'] === true)
      left.push(unsent(entry, 'not-loaded', 'disable-model-invocation: true: Copilot CLI does not list it'));
    else if ('why' in described) left.push(unsent(entry, 'dropped', described.why));
    else if (chars > COPILOT_CLI_DESCRIPTION_CHARS)
      left.push(
        unsent(
          entry,
          'dropped',
          `the description has ${chars} characters, over ${COPILOT_CLI_DESCRIPTION_CHARS}: Copilot CLI drops it without a word`,
        ),
      );
    else {
      taken.set(name, entry.source);
      out.push({ ...entry, status: 'included', text: skillEntry(name, described.text, 'project') });
    }
  }
}

/** A custom agent file's name: its header's `name:`, else the file's path below its folder without `.agent.md`/`.md`, `/` made `--`. */
function agentName(file: ListingFile, rel: string): string {
  return (
    headerText(file, 'name') ??
    rel
      .replace(/(\.agent)?\.md$/, '')
      .split('/')
      .join('--')
  );
}

/** The `*.md` files below `dir`, with their paths below it, sorted. */
function agentFiles(ctx: DiscoverContext, dir: string, own: boolean, rel = '', depth = 0): { file: ListingFile; rel: string }[] {
  const P = ctx.fs.path;
  if (depth > MAX_RULE_DEPTH) return [];
  const found = filesIn(ctx, dir, ['.md'], { order: 'sorted', own })
    .map(bomless)
    .map((file) => ({
      file,
      rel: rel === '' ? file.entry : `${rel}/${file.entry}`,
    }));
  for (const name of [...listNames(ctx.fs, dir)].sort(compareCodeUnits)) {
    const sub = P.join(dir, name);
    if (ctx.fs.stat(sub)?.kind === 'directory') found.push(...agentFiles(ctx, sub, own, rel === '' ? name : `${rel}/${name}`, depth + 1));
  }
  return found;
}

/** Custom agents in the `task` tool (tool-description), by name; `.github/agents` wins a file name over `.claude/agents`. */
function agentListings(ctx: DiscoverContext, root: string, cwd: string, home: string): ListingEvidence[] {
  const P = ctx.fs.path;
  const place = 'tool-description' as const;
  const dirs = [...new Set([cwd, root])];
  const files = [
    ...AGENT_FOLDERS.flatMap((f) => dirs.map((d) => ({ dir: P.join(d, ...f.split('/')), own: aboveTheWorkspace(ctx, d) }))),
    { dir: P.join(home, 'agents'), own: true },
  ].flatMap(({ dir, own }) => agentFiles(ctx, dir, own));
  const winners = new Map<string, { name: string; source: string; description: string }>();
  const out: ListingEvidence[] = [];
  const later: ListingEvidence[] = [];
  for (const { file, rel } of files) {
    const name = agentName(file, rel);
    const entry = { kind: 'agent' as const, name, source: listingPath(ctx, file.abs), place };
    const description = file.read.ok ? headerText(file, 'description') : undefined;
    if (description === undefined) later.push(unsent(entry, 'dropped', 'no `description:`: Copilot CLI leaves the agent out'));
    else if (winners.has(name)) later.push(unsent(entry, 'shadowed', `${winners.get(name)!.source} has the same name and wins`));
    else winners.set(name, { name, source: entry.source, description });
  }
  for (const a of byName([...winners.values()]))
    out.push({ kind: 'agent', name: a.name, source: a.source, place, status: 'included', text: `- **${a.name}**: ${a.description}` });
  return [...out, ...later];
}
