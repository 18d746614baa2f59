/**
 * What opencode 1.18.33 (and its forks) lists to the model beside instruction files: Agent Skills
 * in the system prompt (`<available_skills>`, after the `Instructions from:` blocks) and custom
 * subagents in the `task` tool's description. Read from the release's bundled code (its `Skill`
 * service, `Skill.fmt`, the configuration's agent loader and `ToolRegistry.describeTask`) and
 * checked by runs (test/oracle/cases/opencode-listings.ts). The caller says which folders: the
 * working directory's walk up to the worktree, the configuration folders in opencode's order,
 * the `skills.paths` entries, and the agents its configuration files define.
 *
 * Skills: `skills/**\/SKILL.md` below each `.claude` and `.agents` folder of the home and of each
 * folder of the walk (hidden folders included), `{skill,skills}/**\/SKILL.md` below each
 * configuration folder and `**\/SKILL.md` below each `skills.paths` folder (hidden folders left
 * out); a skill needs a text `name` (a `description` that is not text drops it too); one without a
 * description is loaded but not listed. Names that clash: the last file read wins (opencode reads
 * them all at once, so which one is not fixed); a repository skill named like opencode's built-in
 * `customize-opencode` replaces it. Listed sorted by name (`localeCompare`), each as
 * `  <skill>` / `<name>` / `<description>` / `<location>` (the path, XML-escaped) / `  </skill>`.
 *
 * Agents: `{agent,agents}/**\/*.md` below each configuration folder (hidden folders included),
 * named by the path below that folder without the `.md`, or by a `name` in the header; agents of a
 * configuration file's `agent` object; `{mode,modes}/*.md` and `mode: primary` agents are not
 * listed, nor those with `disable: true`. Each entry is `- <name>: <description>`, with opencode's
 * own words when there is no description; sorted by name with the built-in ones.
 *
 * Headers are read as opencode's gray-matter does: a header that does not parse is parsed again
 * after opencode's repair (a `key: value` whose value holds `: ` made a block scalar); when the
 * repair changes nothing, gray-matter's cache gives an empty header.
 */
import type { ListingEvidence } from '../../evidence';
import { parseDocument } from 'yaml';
import type { DiscoverContext } from '../../profile';
import { kindOf, listNames } from './peek';
import { type ListingFile, listingPath, readListingFile, unsent } from './skills';

/** How deep below a folder opencode's `**` globs are followed here (its globs have no bound). */
export const LISTING_GLOB_DEPTH = 12;

/** opencode's built-in skill, listed with the repository's. */
export const OPENCODE_BUILTIN_SKILL = 'customize-opencode';

/** opencode's words for an agent without a description. */
export const NO_AGENT_DESCRIPTION = 'This subagent should only be called manually by the user.';

/** opencode's built-in agents: the subagents listed in the task tool, and the primary ones that are not. */
export const OPENCODE_BUILTIN_SUBAGENTS = ['explore', 'general'] as const;
export const OPENCODE_BUILTIN_PRIMARY = ['build', 'plan', 'compaction', 'title', 'summary'] as const;

/** A folder to look in, and whether it is the user's own (read wherever its links lead). */
export interface ListingFolder {
  readonly abs: string;
  readonly own: boolean;
}

/** An agent defined in a configuration file's `agent` object. */
export interface ConfigAgent {
  readonly name: string;
  readonly value: Record<string, unknown>;
  /** The configuration file (absolute), when it is one. */
  readonly abs?: string;
  readonly own: boolean;
}

export interface OpencodeListingInputs {
  /** The folders from the working directory up to the worktree, nearest first. */
  readonly walk: readonly string[];
  /** The configuration folders in opencode's order (global folder, `.opencode` of the walk, `~/.opencode`, `$OPENCODE_CONFIG_DIR`). */
  readonly configDirs: readonly ListingFolder[];
  /** The external skill folders' names (`.claude`, `.agents`), [] when they are switched off. */
  readonly external: readonly string[];
  /** `skills.paths` folders, resolved. */
  readonly skillPaths: readonly ListingFolder[];
  /** Agents of configuration files, in merge order. */
  readonly configAgents: readonly ConfigAgent[];
  /** The agent's name, in reasons. */
  readonly agent: string;
  /** Its built-in primary agents (default opencode's): a file agent of such a name and no `mode` is not listed. */
  readonly builtinPrimary?: readonly string[];
}

/** The collation opencode's `localeCompare` sorts by. */
const COLLATOR = new Intl.Collator('en');

/** The files named `file` (or ending `.md` when `file` is null) in `top`, at any depth below `sub` (`sub` itself included), through links. */
function globFiles(ctx: DiscoverContext, top: string, dot: boolean, file: string | null, below: readonly string[]): string[] {
  const P = ctx.fs.path;
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (depth > LISTING_GLOB_DEPTH) return;
    for (const name of [...listNames(ctx.fs, dir)].sort()) {
      if (!dot && name.startsWith('.')) continue;
      const abs = P.join(dir, name);
      const kind = kindOf(ctx.fs, abs);
      if (kind === 'directory') walk(abs, depth + 1);
      else if (kind === 'file' && (file === null ? name.endsWith('.md') : name === file)) out.push(abs);
    }
  };
  for (const sub of below) {
    const start = sub === '' ? top : P.join(top, sub);
    if (kindOf(ctx.fs, start) === 'directory') walk(start, 0);
  }
  return out;
}

/** opencode's repair of a header that does not parse: a `key: value` line whose value holds a colon becomes a block scalar. */
export function repairHeader(text: string): string {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!m) return text;
  const block = m[1];
  const lines = block.split(/\r?\n/).flatMap((line) => {
    if (line.trim().startsWith('#') || line.trim() === '' || /^\s+/.test(line)) return [line];
    const kv = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/.exec(line);
    if (!kv) return [line];
    const value = kv[2].trim();
    if (value === '' || value === '>' || value === '|' || value.startsWith('"') || value.startsWith("'")) return [line];
    if (!value.includes(':')) return [line];
    return [`${kv[1]}: |-`, `  ${value}`];
  });
  return text.replace(block, () => lines.join('\n'));
}

/** gray-matter's header block: after an opening `---` (not `----`) up to the next line starting `---`. */
function matterBlock(text: string): string | null {
  const t = text.replace(/^\ufeff/, '');
  if (!t.startsWith('---') || t.charAt(3) === '-') return null;
  const close = t.indexOf('\n---', 3);
  // js-yaml takes a carriage return for a line break, as the last one before the closing line too.
  return (close < 0 ? t.slice(3) : t.slice(3, close)).replace(/\r\n?/g, '\n');
}

function parseBlock(block: string): { data: Record<string, unknown> } | { error: string } {
  if (block.trim() === '') return { data: {} };
  try {
    const doc = parseDocument(block, { uniqueKeys: false });
    if (doc.errors.length > 0) return { error: doc.errors[0].message.split('\n')[0] };
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    return { data: typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {} };
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0] };
  }
}

/** A markdown file's header as opencode reads it, or why it cannot. */
export function opencodeHeader(text: string): { data: Record<string, unknown> } | { error: string } {
  const block = matterBlock(text);
  if (block === null) return { data: {} };
  const first = parseBlock(block);
  if ('data' in first) return first;
  const repaired = repairHeader(text);
  // gray-matter caches each text before parsing it: the same text again gives the cached, empty header.
  if (repaired === text) return { data: {} };
  const again = matterBlock(repaired);
  const second = again === null ? { data: {} } : parseBlock(again);
  return 'data' in second ? second : { error: `the header does not parse as YAML (${first.error})` };
}

function xmlEscape(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** One skill entry as opencode writes it in `<available_skills>`. */
export function skillEntryText(name: string, description: string, location: string): string {
  return [
    '  <skill>',
    `    <name>${name}</name>`,
    `    <description>${description}</description>`,
    `    <location>${xmlEscape(location)}</location>`,
    '  </skill>',
  ].join('\n');
}

/** One agent entry as opencode writes it in the task tool's description. */
export function agentEntryText(name: string, description: string | undefined): string {
  return `- ${name}: ${description ?? NO_AGENT_DESCRIPTION}`;
}

interface FoundSkill {
  readonly file: ListingFile;
  readonly own: boolean;
}

/** Every SKILL.md opencode finds, in the order it starts reading them (a path once). */
function skillFiles(ctx: DiscoverContext, inputs: OpencodeListingInputs): FoundSkill[] {
  const P = ctx.fs.path;
  const found: FoundSkill[] = [];
  const seen = new Set<string>();
  const add = (top: string, own: boolean, dot: boolean, below: readonly string[]): void => {
    for (const abs of globFiles(ctx, top, dot, 'SKILL.md', below)) {
      if (seen.has(abs)) continue;
      seen.add(abs);
      found.push({ file: readListingFile(ctx, abs, P.basename(P.dirname(abs)), own), own });
    }
  };
  for (const name of inputs.external) add(P.join(ctx.homedir, name), true, true, ['skills']);
  for (const dir of inputs.walk) for (const name of inputs.external) add(P.join(dir, name), false, true, ['skills']);
  for (const dir of inputs.configDirs) add(dir.abs, dir.own, false, ['skill', 'skills']);
  for (const dir of inputs.skillPaths) add(dir.abs, dir.own, false, ['']);
  return found;
}

/** The skills opencode lists (and those it finds but leaves out), in its order. */
export function opencodeSkills(ctx: DiscoverContext, inputs: OpencodeListingInputs): ListingEvidence[] {
  const agent = inputs.agent;
  const out: ListingEvidence[] = [];
  const winners = new Map<string, { entry: ListingEvidence; abs: string }>();
  for (const { file } of skillFiles(ctx, inputs)) {
    const source = listingPath(ctx, file.abs);
    const base = { kind: 'skill' as const, source, place: 'system-prompt' as const };
    if (!file.read.ok) {
      out.push(unsent({ ...base, name: file.entry }, 'dropped', `${agent} could not read it (${file.read.why})`));
      continue;
    }
    const header = opencodeHeader(file.read.text);
    if ('error' in header) {
      out.push(unsent({ ...base, name: file.entry }, 'dropped', `${agent} drops the skill: ${header.error}`));
      continue;
    }
    const { name, description } = header.data;
    if (typeof name !== 'string') {
      out.push(unsent({ ...base, name: file.entry }, 'dropped', `${agent} drops a skill whose header has no text \`name\``));
      continue;
    }
    if (description !== undefined && typeof description !== 'string') {
      out.push(unsent({ ...base, name }, 'dropped', `${agent} drops a skill whose \`description\` is not text`));
      continue;
    }
    if (description === undefined) {
      out.push(unsent({ ...base, name }, 'not-loaded', `${agent} loads a skill without a \`description\` but does not list it`));
      continue;
    }
    const entry: ListingEvidence = { ...base, name, status: 'included', text: skillEntryText(name, description, file.abs) };
    const earlier = winners.get(name);
    if (earlier) {
      earlier.entry.status = 'shadowed';
      earlier.entry.reason = `${agent} keeps one skill per name, the one it finishes reading last (here taken as ${source}; it varies from run to run)`;
      earlier.entry.text = '';
    }
    winners.set(name, { entry, abs: file.abs });
    if (name === OPENCODE_BUILTIN_SKILL) entry.reason = `replaces ${agent}'s built-in skill of this name`;
    out.push(entry);
  }
  return sortListed(out);
}

/** The entries sent, sorted by name as opencode sorts them; the others after them in the order found. */
function sortListed(entries: ListingEvidence[]): ListingEvidence[] {
  const sent = entries.filter((e) => e.status === 'included' || e.status === 'cut');
  const unsentOnes = entries.filter((e) => !(e.status === 'included' || e.status === 'cut'));
  return [...sent.sort((a, b) => COLLATOR.compare(a.name, b.name)), ...unsentOnes];
}

interface AgentState {
  name: string;
  description?: unknown;
  mode?: unknown;
  disable?: unknown;
  source: string;
}

/** The subagents opencode lists in its task tool (and those it finds but leaves out), in its order. */
export function opencodeAgents(ctx: DiscoverContext, inputs: OpencodeListingInputs): ListingEvidence[] {
  const P = ctx.fs.path;
  const agent = inputs.agent;
  const states = new Map<string, AgentState>();
  const dropped: ListingEvidence[] = [];
  const merge = (name: string, value: Record<string, unknown>, source: string, primary: boolean): void => {
    const state = states.get(name) ?? { name, source };
    state.source = source;
    for (const key of ['description', 'mode', 'disable'] as const) if (value[key] !== undefined) state[key] = value[key];
    if (primary) state.mode = 'primary';
    states.set(name, state);
  };
  for (const c of inputs.configAgents) {
    const source = c.abs ? listingPath(ctx, c.abs) : c.name;
    merge(c.name, c.value, source, false);
  }
  for (const dir of inputs.configDirs) {
    for (const [subs, primary] of [
      [['agent', 'agents'], false],
      [['mode', 'modes'], true],
    ] as const) {
      for (const abs of globFiles(ctx, dir.abs, true, null, subs)) {
        const rel = P.relative(dir.abs, abs).split(P.sep).join('/');
        if (primary && rel.split('/').length !== 2) continue;
        const pathName = rel.replace(/^(agent|agents|mode|modes)\//, '').replace(/\.md$/, '');
        const file = readListingFile(ctx, abs, pathName, dir.own);
        const source = listingPath(ctx, abs);
        if (!file.read.ok) {
          dropped.push(
            unsent(
              { kind: 'agent', name: pathName, source, place: 'tool-description' },
              'dropped',
              `${agent} could not read it (${file.read.why})`,
            ),
          );
          continue;
        }
        const header = opencodeHeader(file.read.text);
        if ('error' in header) {
          dropped.push(
            unsent(
              { kind: 'agent', name: pathName, source, place: 'tool-description' },
              'dropped',
              `${agent} drops the agent: ${header.error}`,
            ),
          );
          continue;
        }
        const name = typeof header.data.name === 'string' ? header.data.name : pathName;
        merge(name, header.data, source, primary);
      }
    }
  }
  const out: ListingEvidence[] = [];
  for (const s of states.values()) {
    const base = { kind: 'agent' as const, name: s.name, source: s.source, place: 'tool-description' as const };
    const builtinPrimary = (inputs.builtinPrimary ?? OPENCODE_BUILTIN_PRIMARY).includes(s.name);
    if (s.disable === true) out.push(unsent(base, 'not-loaded', `\`disable: true\`: ${agent} removes the agent`));
    else if (s.mode === 'primary' || (builtinPrimary && s.mode === undefined))
      out.push(unsent(base, 'not-loaded', `a primary agent: ${agent} lists only subagents in its task tool`));
    else if (s.description !== undefined && typeof s.description !== 'string')
      out.push(unsent(base, 'dropped', `${agent} refuses an agent whose \`description\` is not text`));
    else if (s.description === undefined && (OPENCODE_BUILTIN_SUBAGENTS as readonly string[]).includes(s.name))
      out.push(unsent(base, 'not-loaded', `${agent} keeps its built-in agent's own description`));
    else out.push({ ...base, status: 'included', text: agentEntryText(s.name, s.description as string | undefined) });
  }
  return [...sortListed(out), ...dropped];
}
