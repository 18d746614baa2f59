/**
 * What Claude Code 2.1.328 lists to its model beside memory files (evidence `listings`, README.md
 * in this folder, "Listings"): the skills and commands of its Skill tool's listing and the custom
 * subagents of its Agent tool's listing, each entry as it renders it, in its order. Both listings
 * are a system message after the first user message; skills that a touched path brings in
 * (a `.claude/skills` folder below the working directory, a skill whose `paths` match) come in a
 * later system message after the tool's result. Built-in entries are Claude Code's own and stay
 * out; the built-in skills still count against the listing's budget (BUILT_IN_SKILLS).
 */
import type { ListingEvidence, ListingStatus } from '../../evidence';
import { joinUnder } from '../../paths';
import type { DiscoverContext } from '../../profile';
import { type ListingFile, filesIn, listingPath, skillsIn, unsent } from '../agent/skills';
import { kindOf, listInOrder } from '../agent/peek';
import { pathRuleMatches } from './rules';
import type { TouchLayout } from './model';
import { nameNotShown } from './names';
import type { ClaudeDirs, SkillOverride } from './settings';
import { claudeHeader, pathGlobs } from './text';

/**
 * Claude Code's own skills of 2.1.328 as its listing holds them after the repository's: the
 * bundled ones (never shortened: their characters, with the line breaks between them) and the
 * built-in commands `init` and `security-review` (shortened like the repository's, after them).
 * Measured in a run of the release (their text is not the repository's: only their size counts).
 */
export const BUILT_IN_SKILLS = {
  bundledChars: 6041,
  bundledEntries: 11,
  commands: [
    { full: 67, nameOnly: '- init'.length },
    { full: 90, nameOnly: '- security-review'.length },
  ],
} as const;

export interface ListingOptions {
  readonly dirs: ClaudeDirs;
  /** `skillOverrides` merged over the settings files (a later file wins per name). */
  readonly overrides: ReadonlyMap<string, { value: SkillOverride; from: string }>;
  /** Per-entry cap (`skillListingMaxDescChars`). */
  readonly maxDescription: number;
  /** Characters the whole skill listing may take before descriptions are dropped. */
  readonly budget: number;
  /**
   * Where the listings go: with a model of the `system-messages` layout a system message after the
   * first user message (and one after a touch's result); with an older model reminders in the
   * first user message (and in the touch's result).
   */
  readonly layout: TouchLayout;
}

type Origin = 'managed' | 'user' | 'project' | 'nested';

/** A skill or command read from its file. */
interface Skill {
  readonly kind: 'skill' | 'command';
  readonly name: string;
  readonly abs: string;
  readonly source: string;
  readonly origin: Origin;
  /** Why it is not listed at all (a file that cannot be read), if so. */
  readonly unreadable?: string;
  readonly displayName?: string;
  readonly description: string;
  readonly whenToUse?: string;
  readonly modelInvocable: boolean;
  readonly paths?: readonly string[];
  /** The real file, to tell one file reached twice. */
  readonly canonical?: string;
  /** A nested folder's skill: the folder holding its `.claude`, relative to the working directory. */
  readonly scope?: string;
}

/** A custom subagent read from its file. */
interface Agent {
  readonly name: string | undefined;
  readonly abs: string;
  readonly source: string;
  readonly rank: number;
  readonly problem?: string;
  readonly text: string;
}

const SEP = ' \u2014 ';

/** Code points Claude Code turns into a space in a listed description (control, format and separator characters). */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/** A description as the listing shows it: each run of control characters (line breaks too) one space, `<` and `>` escaped. */
function listed(text: string): string {
  return text.replace(INVISIBLE, ' ').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A frontmatter value as a description: a trimmed string (blank: none), a number or a boolean as text. */
function descriptionOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** The description Claude Code gives a file without one: its first non-blank line (a heading's text), cut past 100 characters. */
function fallbackDescription(body: string, otherwise: string): string {
  for (const line of body.split('\n')) {
    const t = line.trim();
    if (t === '') continue;
    const text = /^#+\s+(\S.*)$/.exec(t)?.[1] ?? t;
    return text.length > 100 ? `${text.substring(0, 97)}...` : text;
  }
  return otherwise;
}

/** A boolean frontmatter value as Claude Code reads one (`true`/`false` as text too). */
function flag(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' || typeof v === 'number') return /^(true|1|yes|on)$/i.test(String(v).trim());
  return false;
}

/** A frontmatter name Claude Code shows beside the folder's: letters, marks, digits, `_`, `:`, `.`, `-`. */
const SHOWN_NAME = /^[\p{L}\p{M}\p{N}_:.-]+$/u;
const MAX_NAME = 64;

/** Claude Code's order of names: ASCII names by locale (case folded), before the others by code unit. */
export function compareNames(a: string, b: string): number {
  const ascii = /^[\p{ASCII}]*$/u;
  const x = ascii.test(a);
  if (x !== ascii.test(b)) return x ? -1 : 1;
  if (x) return a.localeCompare(b, 'en');
  return a === b ? 0 : a < b ? -1 : 1;
}

/** The folders from the working directory up to the repository's top (or the file system's, outside one), never the home folder or above it. */
export function upFolders(ctx: DiscoverContext): string[] {
  const P = ctx.fs.path;
  const home = P.resolve(ctx.homedir);
  const top = ctx.fs.lstat(P.join(ctx.projectRoot, '.git')) !== undefined ? ctx.projectRoot : undefined;
  const out: string[] = [];
  for (let d = ctx.root; ; d = P.dirname(d)) {
    if (d === home) break;
    out.push(d);
    if (d === top || P.dirname(d) === d) break;
  }
  return out;
}

class Listing {
  private readonly P: DiscoverContext['fs']['path'];
  private readonly out: ListingEvidence[] = [];

  constructor(
    private readonly ctx: DiscoverContext,
    private readonly opts: ListingOptions,
  ) {
    this.P = ctx.fs.path;
  }

  private source(abs: string): string {
    return listingPath(this.ctx, abs);
  }

  private skill(f: ListingFile, kind: 'skill' | 'command', name: string, origin: Origin, scope?: string): Skill {
    const source = this.source(f.abs);
    const base = { kind, name, abs: f.abs, source, origin, ...(scope !== undefined ? { scope } : {}) };
    if (!f.read.ok) return { ...base, unreadable: `not read (${f.read.why})`, description: '', modelInvocable: false };
    const { attributes, body } = claudeHeader(f.read.text);
    const declared = descriptionOf(attributes.description);
    const fallback = fallbackDescription(body, kind === 'skill' ? 'Skill' : 'Custom command');
    const when = attributes.when_to_use;
    const display = kind === 'skill' && attributes.name != null ? String(attributes.name) : undefined;
    const paths = kind === 'skill' ? pathGlobs(attributes) : undefined;
    return {
      ...base,
      description: listed(declared ?? fallback),
      ...(when != null ? { whenToUse: listed(String(when)) } : {}),
      ...(display !== undefined && display.length <= MAX_NAME ? { displayName: listed(display) } : {}),
      modelInvocable: !flag(attributes['disable-model-invocation']),
      ...(paths ? { paths } : {}),
      canonical: f.read.canonical,
    };
  }

  /**
   * The skills of one `skills` folder, by name (Claude Code sorts each folder's); linked folders
   * are followed. `own`: the user's, the managed folder's and the folders above the working
   * directory, which Claude Code reads as it reads their memory files.
   */
  private skillsOf(dir: string, origin: Origin, own: boolean, scope?: string): Skill[] {
    return skillsIn(this.ctx, dir, { order: 'listed', own })
      .filter((f) => f.entry !== 'synced')
      .map((f) => this.skill(f, 'skill', f.entry, origin, scope))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }

  /** Whether a folder of the walk up is above the working directory (read like the user's own files). */
  private above(dir: string): boolean {
    return dir !== this.ctx.root;
  }

  /** Every `.md` file below a commands folder (links followed), with its name (`a/b.md` is `a:b`). */
  private commandsOf(dir: string, origin: Origin, own: boolean): Skill[] {
    const found: Skill[] = [];
    const walk = (d: string, prefix: string[], depth: number) => {
      if (depth > 16 || kindOf(this.ctx.fs, d) !== 'directory') return;
      for (const f of filesIn(this.ctx, d, ['.md'], { order: 'listed', own }))
        found.push(this.skill(f, 'command', [...prefix, f.entry.slice(0, -3)].join(':'), origin));
      for (const name of listInOrder(this.ctx.fs, d)) {
        const sub = this.P.join(d, name);
        if (kindOf(this.ctx.fs, sub) === 'directory') walk(sub, [...prefix, name], depth + 1);
      }
    };
    walk(dir, [], 0);
    return found;
  }

  private override(s: Skill): { value: SkillOverride; from: string } | undefined {
    return this.opts.overrides.get(s.name);
  }

  /** An entry's text as the listing shows it (name-only where an override says so). */
  private entryText(s: Skill, all: readonly Skill[]): { full: string; nameOnly: string } {
    if (this.override(s)?.value === 'name-only') return { full: `- ${s.name}`, nameOnly: `- ${s.name}` };
    const shown =
      s.displayName !== undefined &&
      s.displayName !== s.name &&
      !s.name.endsWith(`:${s.displayName}`) &&
      SHOWN_NAME.test(s.displayName) &&
      !all.some((o) => o.name === s.displayName)
        ? `${s.name} (${s.displayName})`
        : s.name;
    let description = s.whenToUse !== undefined ? `${s.description} - ${s.whenToUse}` : s.description;
    if (s.scope !== undefined) description += ` (from ${s.scope}/.claude/skills${SEP}applies when working on files under ${s.scope}/)`;
    const max = this.opts.maxDescription;
    const cut = description.length > max ? `${description.slice(0, max - 1)}\u2026` : description;
    return { full: `- ${shown}: ${cut}`, nameOnly: `- ${shown}` };
  }

  /** The place of the launch listings, or of what a touch adds. */
  private place(touch: boolean): ListingEvidence['place'] {
    if (this.opts.layout === 'system-messages') return 'system-message';
    return touch ? 'tool-result' : 'first-user-message';
  }

  private push(s: Skill, status: ListingStatus, text: string, reason?: string): void {
    this.out.push({
      kind: s.kind,
      name: s.name,
      source: s.source,
      status,
      ...(reason !== undefined ? { reason } : {}),
      place: this.place(s.origin === 'nested' || s.paths !== undefined),
      text,
    });
  }

  private drop(s: Skill, status: Exclude<ListingStatus, 'included' | 'cut'>, reason: string): void {
    const place = this.place(s.origin === 'nested' || s.paths !== undefined);
    this.out.push(unsent({ kind: s.kind, name: s.name, source: s.source, place }, status, reason));
  }

  /** Why a skill read is not in the listing (before names are compared), or undefined. */
  private hidden(s: Skill): string | undefined {
    if (s.unreadable !== undefined) return s.unreadable;
    if (!s.modelInvocable) return 'disable-model-invocation: Claude Code offers it only when the user types it';
    const o = this.override(s);
    if (o?.value === 'off') return `turned off by skillOverrides in ${o.from}`;
    if (o?.value === 'user-invocable-only') return `skillOverrides in ${o.from}: only the user can start it`;
    return undefined;
  }

  /**
   * One listing message: its entries in order, shortened to the budget when over it (the built-in
   * skills counted too): the repository's entries keep their descriptions while they fit, in
   * order, the rest are sent as their names alone.
   */
  private render(list: readonly Skill[], all: readonly Skill[], withBuiltIns: boolean): void {
    const texts = list.map((s) => this.entryText(s, all));
    const builtIns = withBuiltIns ? BUILT_IN_SKILLS : { bundledChars: 0, bundledEntries: 0, commands: [] };
    const count = texts.length + builtIns.bundledEntries + builtIns.commands.length;
    const fullTotal =
      texts.reduce((n, t) => n + t.full.length, 0) + builtIns.bundledChars + builtIns.commands.reduce((n, c) => n + c.full, 0) + count - 1;
    let keep = texts.map(() => true);
    if (fullTotal > this.opts.budget) {
      const fixed = list.map((s) => this.override(s)?.value === 'name-only');
      const floor =
        texts.reduce((n, t, i) => n + (fixed[i] ? t.full.length : t.nameOnly.length), 0) +
        builtIns.bundledChars +
        builtIns.commands.reduce((n, c) => n + c.nameOnly, 0) +
        count -
        1;
      let room = this.opts.budget - floor;
      keep = texts.map((t, i) => {
        if (fixed[i]) return true;
        const extra = t.full.length - t.nameOnly.length;
        if (extra > room) return false;
        room -= extra;
        return true;
      });
    }
    list.forEach((s, i) => {
      const t = texts[i];
      if (!keep[i])
        this.push(s, 'cut', t.nameOnly, `over the skill listing's budget of ${this.opts.budget} characters: sent without its description`);
      else if (t.full.endsWith('\u2026') && t.full !== `- ${s.name}`)
        this.push(
          s,
          'cut',
          t.full,
          `description over ${this.opts.maxDescription} characters: cut to ${this.opts.maxDescription - 1} and \u2026`,
        );
      else this.push(s, 'included', t.full);
    });
  }

  skills(): void {
    const { P, opts, ctx } = this;
    const chain = upFolders(ctx);
    const read: Skill[] = [
      ...this.skillsOf(joinUnder(P, opts.dirs.managed.path, '.claude/skills'), 'managed', true),
      ...this.skillsOf(joinUnder(P, opts.dirs.config.path, 'skills'), 'user', true),
      ...chain.flatMap((d) => this.skillsOf(joinUnder(P, d, '.claude/skills'), 'project', this.above(d))),
    ];
    const commands = [
      ...this.commandsOf(joinUnder(P, opts.dirs.managed.path, '.claude/commands'), 'managed', true),
      ...this.commandsOf(joinUnder(P, opts.dirs.config.path, 'commands'), 'user', true),
      ...chain.flatMap((d) => this.commandsOf(joinUnder(P, d, '.claude/commands'), 'project', this.above(d))),
    ].sort((a, b) => a.name.localeCompare(b.name, 'en'));
    const all = [...read, ...commands];
    // One file reached twice (a linked folder): Claude Code keeps the first.
    const files = new Map<string, Skill>();
    const unique: Skill[] = [];
    for (const s of all) {
      const first = s.canonical === undefined ? undefined : files.get(s.canonical);
      if (first) {
        this.drop(s, 'shadowed', `the same file as ${first.source}, listed once`);
        continue;
      }
      if (s.canonical !== undefined) files.set(s.canonical, s);
      unique.push(s);
    }
    // A name once: the first of managed, the user's, the project's (the working directory's first), commands.
    const names = new Map<string, Skill>();
    const launch: Skill[] = [];
    const conditional: Skill[] = [];
    for (const s of unique) {
      const badName = nameNotShown(s.name);
      if (badName !== undefined) {
        this.drop(s, 'dropped', badName);
        continue;
      }
      const why = this.hidden(s);
      if (why !== undefined) {
        this.drop(s, s.unreadable !== undefined ? 'dropped' : 'not-loaded', why);
        continue;
      }
      const first = names.get(s.name);
      if (first) {
        this.drop(s, 'shadowed', `${first.source} has the same name and comes first`);
        continue;
      }
      names.set(s.name, s);
      if (s.paths) conditional.push(s);
      else launch.push(s);
    }
    this.render(launch, unique, true);
    this.onTouch(conditional, unique, new Set(names.keys()));
  }

  /**
   * What a touch adds (a later system message): the skills of `.claude/skills` folders between
   * each touched path and the working directory, and the skills whose `paths` match a touched
   * path (relative to the working directory), by name; a name already listed is not listed again.
   */
  private onTouch(conditional: readonly Skill[], all: readonly Skill[], taken: ReadonlySet<string>): void {
    const { P, ctx } = this;
    const added: Skill[] = [];
    const seen = new Set<string>();
    const matched = new Set<Skill>();
    for (const t of ctx.targets) {
      if (t.path === '') continue;
      const abs = joinUnder(P, ctx.root, t.path);
      for (const s of conditional) if (!matched.has(s) && pathRuleMatches(s.paths ?? [], t.path)) matched.add(s);
      for (let d = P.dirname(abs); d !== ctx.root && d.startsWith(ctx.root + P.sep); d = P.dirname(d)) {
        const dir = joinUnder(P, d, '.claude/skills');
        if (seen.has(dir)) continue;
        seen.add(dir);
        const scope = P.relative(ctx.root, d).split(P.sep).join('/');
        for (const s of this.skillsOf(dir, 'nested', false, scope)) {
          const why = this.hidden(s);
          if (why !== undefined) this.drop(s, s.unreadable !== undefined ? 'dropped' : 'not-loaded', why);
          else if (taken.has(s.name) || added.some((a) => a.name === s.name))
            this.drop(s, 'shadowed', 'a skill of the same name is listed already');
          else added.push(s);
        }
      }
    }
    for (const s of conditional) {
      if (matched.has(s)) added.push(s);
      else
        this.drop(
          s,
          'not-loaded',
          `paths ${JSON.stringify(s.paths)}: listed only once Claude Code touches a matching path (relative to the working directory)`,
        );
    }
    added.sort((a, b) => a.name.localeCompare(b.name, 'en'));
    this.render(added, [...all, ...added], false);
  }

  /** The custom subagents: the user's, then the project's (shallow first), then managed; a later one of a name wins; by name. */
  agents(): void {
    const { P, opts, ctx } = this;
    const read: Agent[] = [];
    const folder = (dir: string, rank: number, own: boolean) => {
      const walk = (d: string, depth: number) => {
        if (depth > 16 || kindOf(ctx.fs, d) !== 'directory') return;
        for (const f of filesIn(ctx, d, ['.md'], { order: 'listed', own })) read.push(this.agent(f, rank));
        for (const name of listInOrder(ctx.fs, d)) {
          const sub = P.join(d, name);
          if (kindOf(ctx.fs, sub) === 'directory') walk(sub, depth + 1);
        }
      };
      walk(dir, 0);
    };
    folder(joinUnder(P, opts.dirs.config.path, 'agents'), 0, true);
    const chain = upFolders(ctx);
    // Deeper folders outrank shallower ones.
    chain.forEach((d, i) => folder(joinUnder(P, d, '.claude/agents'), 1 + (chain.length - i), this.above(d)));
    folder(joinUnder(P, opts.dirs.managed.path, '.claude/agents'), 1000, true);
    const winner = new Map<string, Agent>();
    for (const a of [...read].sort((x, y) => x.rank - y.rank)) if (a.name !== undefined && a.problem === undefined) winner.set(a.name, a);
    const listed = [...winner.values()].sort((x, y) => compareNames(x.name!, y.name!));
    for (const a of read) {
      const drop = (status: Exclude<ListingStatus, 'included' | 'cut'>, reason: string) =>
        this.out.push(
          unsent({ kind: 'agent', name: a.name ?? P.basename(a.abs, '.md'), source: a.source, place: this.place(false) }, status, reason),
        );
      if (a.problem !== undefined) drop('dropped', a.problem);
      else if (winner.get(a.name!) !== a) drop('shadowed', `${winner.get(a.name!)!.source} defines ${a.name} too and wins`);
    }
    for (const a of listed)
      this.out.push({ kind: 'agent', name: a.name!, source: a.source, status: 'included', place: this.place(false), text: a.text });
  }

  private agent(f: ListingFile, rank: number): Agent {
    const source = this.source(f.abs);
    if (!f.read.ok) return { name: undefined, abs: f.abs, source, rank, problem: `not read (${f.read.why})`, text: '' };
    const { attributes } = claudeHeader(f.read.text);
    const name = attributes.name;
    if (typeof name !== 'string' || name === '')
      return { name: undefined, abs: f.abs, source, rank, problem: 'no `name` in its frontmatter: Claude Code skips it', text: '' };
    const description = attributes.description;
    const problem = name.startsWith('-')
      ? 'its name starts with "-"'
      : name.length > MAX_NAME
        ? `its name is over ${MAX_NAME} characters`
        : name.normalize('NFKC').includes(':')
          ? 'its name holds ":"'
          : typeof description !== 'string' || description === ''
            ? 'no `description` in its frontmatter: Claude Code skips it'
            : undefined;
    if (problem !== undefined) return { name, abs: f.abs, source, rank, problem, text: '' };
    const tools = toolList(attributes.tools);
    const denied = toolList(attributes.disallowedTools);
    const allowed = tools === undefined ? undefined : denied ? tools.filter((t) => !denied.includes(t)) : tools;
    const shown =
      allowed !== undefined && tools!.length > 0
        ? allowed.length === 0
          ? 'None'
          : allowed.join(', ')
        : denied !== undefined && denied.length > 0
          ? `All tools except ${denied.join(', ')}`
          : 'All tools';
    return { name, abs: f.abs, source, rank, text: `- ${name}: ${(description as string).replaceAll('\\n', '\n')} (Tools: ${shown})` };
  }

  result(): ListingEvidence[] {
    return this.out;
  }
}

/** A `tools` value as Claude Code reads it: a string or a list of strings, each once; `*` (or none given) is every tool. */
function toolList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!v) return [];
  const items = typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  if (items.length === 0) return [];
  const unique = [...new Set(items)];
  return unique.includes('*') ? undefined : unique;
}

/** Claude Code's skills, commands and subagents for this call, in the order its messages list them. */
export function claudeListings(ctx: DiscoverContext, opts: ListingOptions): ListingEvidence[] {
  const l = new Listing(ctx, opts);
  // The launch message lists the subagents before the skills; what a touch adds comes later.
  l.agents();
  l.skills();
  return l.result();
}
