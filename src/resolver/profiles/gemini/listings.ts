/**
 * What Gemini CLI 0.61.0 lists to its model beside the context files (README.md, "Listings"): the
 * Agent Skills of `~/.gemini/skills`, `~/.agents/skills`, and in a trusted folder
 * `<cwd>/.gemini/skills` and `<cwd>/.agents/skills` (`<available_skills>`), and the subagents of
 * `<cwd>/.gemini/agents` (acknowledged ones only) and `~/.gemini/agents` ("# Available
 * Sub-Agents"), both in the system instruction. Read from the release's bundle (skillLoader.js,
 * skillManager.js, agentLoader.js, registry.js, acknowledgedAgents.js, snippets.legacy.js) and
 * checked by the oracle cases (test/oracle/cases/gemini-listings.ts).
 */
import { createHash } from 'node:crypto';
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { parseHeaderBlock, scalarText } from '../agent/frontmatter';
import { isSymlink, kindOf, listInOrder, peekText } from '../agent/peek';
import { type ListingFile, LISTING_FILE_BYTES, filesIn, listingPath, skillsIn, unsent } from '../agent/skills';
import type { GeminiListingConfig } from './discover';

/**
 * An agent header's mapping as agentLoader.js reads it. Gemini's pattern leaves the header's last
 * line break out, and its agent reader then ends a block scalar of the last key without one (seen
 * in a run: `agent-multiline-description`), where the `yaml` library keeps it: that one line break
 * is taken off. Its skill reader keeps it (`skill-description-yaml-forms`).
 */
function headerOf(block: string): Record<string, unknown> | undefined {
  const attrs = parseHeaderBlock(block);
  if (attrs === undefined) return undefined;
  const keys = Object.keys(attrs);
  const last = keys[keys.length - 1];
  const value = last === undefined ? undefined : attrs[last];
  if (typeof value === 'string' && value.endsWith('\n') && !block.endsWith('\n')) return { ...attrs, [last]: value.slice(0, -1) };
  return attrs;
}

/** Gemini's FRONTMATTER_REGEX (skills and agents): `---` on line 1, the block, a line starting `---`. */
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/;

/** The subagents Gemini registers itself, before any file's (registry.js loadBuiltInAgents; the browser agent is off by default). */
export const GEMINI_BUILTIN_AGENTS: readonly string[] = Object.freeze(['codebase_investigator', 'cli_help', 'generalist']);

/** The skills of Gemini's own install (bundle/builtin), listed before any file's. */
export const GEMINI_BUILTIN_SKILLS: readonly string[] = Object.freeze(['skill-creator', 'antigravity-support']);

/** Keys a local agent's header may have (agentLoader.js localAgentSchema, `.strict()`). */
const LOCAL_AGENT_KEYS = new Set([
  'kind',
  'name',
  'description',
  'display_name',
  'tools',
  'mcp_servers',
  'model',
  'temperature',
  'max_turns',
  'timeout_mins',
]);

/** Keys that make a header a remote agent's (agentLoader.js remote schemas). */
const REMOTE_AGENT_KEYS = ['agent_card_url', 'agent_card_json', 'auth'];

export interface GeminiListingInputs {
  readonly ctx: DiscoverContext;
  readonly config: GeminiListingConfig;
  /** Whether the folder is trusted (its project skills load only then). */
  readonly trusted: boolean;
  /** The home Gemini uses (`GEMINI_CLI_HOME` moves it) and its `.gemini` folder. */
  readonly home: string;
  readonly dotGemini: string;
}

/**
 * Gemini's fallback when its YAML reader fails or gives no strings (skillLoader.js
 * parseSimpleFrontmatter): the last `name:` line, the last `description:` line with the indented
 * lines after it joined by spaces. Line matching, not a YAML reader.
 */
function simpleHeader(block: string): { name: string; description: string } | null {
  const lines = block.split(/\r?\n/);
  let name: string | undefined;
  let description: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const n = /^\s*name:\s*(.*)$/.exec(lines[i]);
    if (n) {
      name = n[1].trim();
      continue;
    }
    const d = /^\s*description:\s*(.*)$/.exec(lines[i]);
    if (d) {
      const parts = [d[1].trim()];
      while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1])) parts.push(lines[++i].trim());
      description = parts.filter(Boolean).join(' ');
    }
  }
  return name !== undefined && description !== undefined ? { name, description } : null;
}

/** A skill's name and description as skillLoader.js reads them, or why it is skipped. */
export function geminiSkillHeader(text: string): { name: string; description: string } | { why: string } {
  const m = FRONTMATTER.exec(text);
  if (!m) return { why: 'Gemini CLI skips a SKILL.md that does not start with a --- header' };
  const attrs = parseHeaderBlock(m[1]);
  const name = attrs?.name;
  const description = attrs?.description;
  const parsed = typeof name === 'string' && typeof description === 'string' ? { name, description } : simpleHeader(m[1]);
  if (!parsed) return { why: 'Gemini CLI skips a SKILL.md whose header has no name and description' };
  return { name: parsed.name.replace(/[:\\/<>*?"|]/g, '-'), description: parsed.description };
}

/** One skill entry as snippets.legacy.js renderAgentSkills writes it (the same in the Gemini 3 snippets). */
export function geminiSkillEntry(name: string, description: string, location: string): string {
  return `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${location}</location>\n  </skill>`;
}

/** One subagent entry as snippets.legacy.js renderSubAgents writes it (Gemini 2.5 models). */
export function geminiAgentEntry(name: string, description: string): string {
  return `- ${name} -> ${description}`;
}

/**
 * One skills folder as loadSkillsFromDir globs it (`SKILL.md`, `*\/SKILL.md`, dot folders and
 * `node_modules` left out): the folder's own SKILL.md first, then each subfolder's in reverse
 * name order (what the bundled glob returned in every run, whatever order the folders were made
 * or the file system lists them).
 */
function skillFiles(ctx: DiscoverContext, dir: string, own: boolean): ListingFile[] {
  const top = filesIn(ctx, dir, ['SKILL.md'], { order: 'sorted', own }).filter((f) => f.entry === 'SKILL.md');
  const below = skillsIn(ctx, dir, { order: 'sorted', own }).filter((f) => !f.entry.startsWith('.') && f.entry !== 'node_modules');
  return [...top, ...below.reverse()];
}

function skills(inputs: GeminiListingInputs): ListingEvidence[] {
  const { ctx, config } = inputs;
  const P = ctx.fs.path;
  const folders: { dir: string; own: boolean; project: boolean }[] = [
    { dir: P.join(inputs.dotGemini, 'skills'), own: true, project: false },
    { dir: P.join(inputs.home, '.agents', 'skills'), own: true, project: false },
    { dir: P.join(ctx.root, '.gemini', 'skills'), own: false, project: true },
    { dir: P.join(ctx.root, '.agents', 'skills'), own: false, project: true },
  ];
  // skillManager.js addSkillsWithPrecedence: a Map by name; a later folder's skill replaces an
  // earlier one of the same name in the earlier one's place.
  // The built-in skills come first; a file's skill of the same name takes its place.
  const winners = new Map<string, ListingEvidence | null>(GEMINI_BUILTIN_SKILLS.map((n) => [n, null]));
  const others: ListingEvidence[] = [];
  for (const folder of folders) {
    for (const f of skillFiles(ctx, folder.dir, folder.own)) {
      const base = { kind: 'skill' as const, source: listingPath(ctx, f.abs), place: 'system-prompt' as const };
      if (!f.read.ok) {
        others.push(unsent({ ...base, name: f.entry }, 'dropped', `it could not be read (${f.read.why})`));
        continue;
      }
      const header = geminiSkillHeader(f.read.text);
      if ('why' in header) {
        others.push(unsent({ ...base, name: f.entry }, 'dropped', header.why));
        continue;
      }
      if (folder.project && !inputs.trusted) {
        others.push(unsent({ ...base, name: header.name }, 'untrusted', 'Gemini CLI lists project skills only in a trusted folder'));
        continue;
      }
      const entry: ListingEvidence = {
        ...base,
        name: header.name,
        status: 'included',
        text: geminiSkillEntry(header.name, header.description, f.abs),
      };
      const earlier = winners.get(header.name);
      if (earlier) others.push(unsent(earlier, 'shadowed', `Gemini CLI lists ${entry.source} under the same name instead`));
      winners.set(header.name, entry);
    }
  }
  const disabled = new Set(config.disabledSkills.map((n) => n.toLowerCase()));
  const listed = [...winners.values()]
    .filter((e): e is ListingEvidence => e !== null)
    .map((e) => {
      if (!config.skillsEnabled) return unsent(e, 'not-loaded', 'skills.enabled is false: Gemini CLI lists no skill');
      if (disabled.has(e.name.toLowerCase())) return unsent(e, 'not-loaded', 'skills.disabled names it');
      return e;
    });
  return [...listed, ...others];
}

/** A subagent file's definition as agentLoader.js reads it (local agents), or why it is skipped. */
export function geminiAgentHeader(text: string): { name: string; description: string } | { why: string; remote?: true } {
  const m = FRONTMATTER.exec(text);
  if (!m) return { why: 'Gemini CLI skips an agent file that does not start with a --- header' };
  const attrs = headerOf(m[1]);
  if (attrs === undefined) return { why: 'its header is not a YAML mapping: Gemini CLI reports a load error and skips it' };
  if (attrs.kind === 'remote' || REMOTE_AGENT_KEYS.some((k) => k in attrs))
    return { why: 'a remote agent: Gemini CLI fetches its card over the network, which Holaryn does not model', remote: true };
  const unknown = Object.keys(attrs).filter((k) => !LOCAL_AGENT_KEYS.has(k));
  if (unknown.length > 0) return { why: `its header has keys Gemini CLI does not accept (${unknown.join(', ')}): it is skipped` };
  if (attrs.kind !== undefined && attrs.kind !== 'local') return { why: 'its kind is neither local nor remote: Gemini CLI skips it' };
  const name = attrs.name;
  if (typeof name !== 'string' || !/^[a-z0-9-_]+$/.test(name))
    return { why: 'its name is not a slug of a-z, 0-9, - and _: Gemini CLI skips it' };
  const description = attrs.description;
  if (typeof description !== 'string' || description === '') return { why: 'it has no description: Gemini CLI skips it' };
  return { name, description };
}

/** The agent files of one folder: regular `.md` files (not links) not starting with `_`, in the order the file system lists them. */
function agentFiles(ctx: DiscoverContext, dir: string, own: boolean): ListingFile[] {
  const P = ctx.fs.path;
  if (kindOf(ctx.fs, dir) !== 'directory') return [];
  const names = new Set(
    listInOrder(ctx.fs, dir).filter((n) => !n.startsWith('_') && n.endsWith('.md') && !isSymlink(ctx.fs, P.join(dir, n))),
  );
  return filesIn(ctx, dir, ['.md'], { order: 'listed', own }).filter((f) => names.has(f.entry));
}

/** `~/.gemini/acknowledgments/agents.json`: project path → agent name → sha256 of the file. */
function acknowledged(ctx: DiscoverContext, dotGemini: string): Record<string, Record<string, unknown>> {
  const read = peekText(ctx.fs, ctx.fs.path.join(dotGemini, 'acknowledgments', 'agents.json'), null, LISTING_FILE_BYTES);
  if (!read.ok) return {};
  try {
    const value = JSON.parse(read.text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, Record<string, unknown>>) : {};
  } catch {
    return {};
  }
}

function agents(inputs: GeminiListingInputs): ListingEvidence[] {
  const { ctx, config } = inputs;
  const P = ctx.fs.path;
  const registered = new Set(GEMINI_BUILTIN_AGENTS);
  const out: ListingEvidence[] = [];
  const others: ListingEvidence[] = [];
  const acks = acknowledged(ctx, inputs.dotGemini)[ctx.root] ?? {};
  const folders = [
    { dir: P.join(ctx.root, '.gemini', 'agents'), own: false, project: true },
    { dir: P.join(inputs.dotGemini, 'agents'), own: true, project: false },
  ];
  for (const folder of folders) {
    for (const f of agentFiles(ctx, folder.dir, folder.own)) {
      const base = { kind: 'agent' as const, source: listingPath(ctx, f.abs), place: 'system-prompt' as const };
      const fallback = f.entry.replace(/\.md$/, '');
      if (!f.read.ok) {
        others.push(unsent({ ...base, name: fallback }, 'dropped', `it could not be read (${f.read.why})`));
        continue;
      }
      const header = geminiAgentHeader(f.read.text);
      if ('why' in header) {
        others.push(unsent({ ...base, name: fallback }, header.remote ? 'not-loaded' : 'dropped', header.why));
        continue;
      }
      const entry: ListingEvidence = {
        ...base,
        name: header.name,
        status: 'included',
        text: geminiAgentEntry(header.name, header.description),
      };
      if (!config.agentsEnabled) {
        others.push(unsent(entry, 'not-loaded', 'experimental.enableAgents is false: Gemini CLI lists no subagent'));
        continue;
      }
      if (folder.project && config.folderTrust && !inputs.trusted) {
        others.push(unsent(entry, 'untrusted', 'Gemini CLI skips project agents in an untrusted folder'));
        continue;
      }
      if (folder.project) {
        const hash = createHash('sha256').update(f.read.text).digest('hex');
        if (scalarText(acks[header.name]) !== hash) {
          others.push(
            unsent(
              entry,
              'not-loaded',
              'not acknowledged: Gemini CLI lists a project agent only once the user has accepted this exact file (~/.gemini/acknowledgments/agents.json)',
            ),
          );
          continue;
        }
      }
      if (registered.has(header.name)) {
        others.push(unsent(entry, 'shadowed', `an agent named ${header.name} is already registered: Gemini CLI ignores the later one`));
        continue;
      }
      registered.add(header.name);
      out.push(entry);
    }
  }
  return [...out, ...others];
}

/** Gemini's subagents, then its skills: the order of its system instruction. */
export function geminiListings(inputs: GeminiListingInputs): ListingEvidence[] {
  return [...agents(inputs), ...skills(inputs)];
}
