/**
 * What Qwen Code 0.24.4 lists to its model beside the context files (README.md, "Listings"):
 *
 * - skills of `<cwd>/.qwen/skills`, `<cwd>/.agents/skills` (project), `~/.qwen/skills`,
 *   `~/.agents/skills` (user) and its bundled ones, in a `<system-reminder>` of the first user
 *   message (`<available_skills>`, sorted by name);
 * - commands of `~/.qwen/commands` and `<cwd>/.qwen/commands` (`.md`, `.toml`, any depth, `a/b.md`
 *   named `a:b`), in a second reminder of the same message ("became available after startup":
 *   Qwen registers them after its first listing);
 * - subagents of `<cwd>/.qwen/agents` and `~/.qwen/agents`, in the `agent` tool's description.
 *
 * Read from the release's bundle (SkillManager, skill-utils.ts, environmentContext.ts,
 * FileCommandLoader, command-factory.ts, SubagentManager, the Agent tool) and checked by the oracle
 * cases (test/oracle/cases/qwen-code-listings.ts).
 */
import { minimatch } from 'minimatch';
import { parse as parseYaml } from 'yaml';
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { parseTomlConfig } from '../agent/config';
import { isSymlink, kindOf, listInOrder } from '../agent/peek';
import { type ListingFile, filesIn, listingPath, skillsIn, unsent } from '../agent/skills';
import type { QwenHome } from './discover';

/** environmentContext.ts MAX_SKILL_LISTING_CHARS: over it, every non-bundled description is cut to its first line. */
export const QWEN_SKILL_LISTING_CHARS = 8000;

/**
 * The bundled skills of 0.24.4 and the characters of each one's rendered entry (read from a run):
 * they count toward QWEN_SKILL_LISTING_CHARS, and a file's skill of the same name replaces one.
 */
export const QWEN_BUNDLED_SKILLS: Readonly<Record<string, number>> = Object.freeze({
  batch: 310,
  'browser-use': 212,
  'computer-use': 285,
  dataviz: 383,
  'extension-creator': 545,
  'goal-draft': 627,
  loop: 355,
  'new-app': 405,
  'qc-helper': 445,
  review: 785,
  simplify: 408,
  stuck: 331,
  'workflow-authoring': 414,
  'workflow-creator': 338,
});

/** The subagents Qwen registers itself, listed after the files' ones (BuiltinAgentRegistry). */
export const QWEN_BUILTIN_AGENTS: readonly string[] = Object.freeze([
  'general-purpose',
  'Explore',
  'statusline-setup',
  'review-agent',
  'claude-code',
  'codex',
]);

export interface QwenListingInputs {
  readonly ctx: DiscoverContext;
  readonly home: QwenHome;
  /** Whether the folder is trusted: it changes no listing (seen: `untrusted-folder-listings`). */
  readonly trusted: boolean;
  /** `skills.disabled` of the settings read, together (Qwen merges the lists). */
  readonly disabledSkills: readonly string[];
}

/** Qwen's normalizeContent: a leading BOM dropped, CRLF and CR made LF. */
function normalized(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, '\n');
}

/** Qwen's escapeXml (skill names and descriptions in `<available_skills>`). */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** yaml-parser.ts parseValue: the scalar forms Qwen's fallback reader knows. */
function simpleValue(value: string): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (value === '') return '';
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2)
    return value.slice(1, -1).replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  const num = Number(value);
  return !isNaN(num) && isFinite(num) ? num : value;
}

/**
 * yaml-parser.ts parseSimple: Qwen's fallback when the `yaml` library rejects a header or gives no
 * mapping. Not a YAML reader: it splits lines at the first `:`, takes `  - ` lines as a list and
 * indented lines after an empty value as a one-level map, as Qwen's own code does, so that a
 * header Qwen still lists (`description: Use when: x`, `[unclosed`) is listed here too.
 */
function simpleHeader(block: string): Record<string, unknown> {
  const lines = block.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
  const result: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let currentKey = '';
  let list: unknown[] = [];
  let inList = false;
  let object: Record<string, unknown> = {};
  let inObject = false;
  let objectKey = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('  - ')) {
      if (!inList) {
        inList = true;
        list = [];
      }
      list.push(simpleValue(line.substring(4).trim()));
      continue;
    }
    if (inList) {
      result[currentKey] = list;
      inList = false;
      list = [];
      currentKey = '';
    }
    if (line.startsWith('  ') && inObject) {
      const [key, ...rest] = line.trim().split(':');
      object[key.trim()] = simpleValue(rest.join(':').trim());
      continue;
    }
    if (inObject) {
      result[objectKey] = object;
      inObject = false;
      object = {};
      objectKey = '';
    }
    if (!line.includes(':')) continue;
    const [key, ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (value !== '') {
      result[key.trim()] = simpleValue(value);
      continue;
    }
    currentKey = key.trim();
    const next = lines[i + 1];
    if (next === undefined || next.startsWith('  - ')) continue;
    if (next.startsWith('  ')) {
      inObject = true;
      objectKey = currentKey;
      object = {};
      currentKey = '';
    }
  }
  if (inList) result[currentKey] = list;
  if (inObject) result[objectKey] = object;
  return result;
}

/** Qwen's header reader (yaml-parser.ts parse): the `yaml` library, core schema, a mapping; else its fallback; null values left out. */
function qwenHeader(block: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = parseYaml(block, { schema: 'core' }) as unknown;
  } catch {
    value = undefined;
  }
  const mapping =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : simpleHeader(block);
  return Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== null && v !== undefined));
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

export interface QwenSkill {
  name: string;
  description: string;
  whenToUse?: string;
  hidden: boolean;
  paths?: string[];
}

/** A SKILL.md as SkillManager.parseSkillContent reads it, or why Qwen skips it. */
export function qwenSkillHeader(text: string): QwenSkill | { why: string } {
  const m = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(normalized(text));
  if (!m) return { why: 'Qwen Code skips a SKILL.md without a --- header' };
  const h = qwenHeader(m[1]);
  if (!present(h.name)) return { why: 'its header has no name: Qwen Code skips it' };
  if (!present(h.description)) return { why: 'its header has no description: Qwen Code skips it' };
  const name = String(h.name);
  if (!/^[\p{L}\p{N}_:.-]+$/u.test(name))
    return { why: `its name ${JSON.stringify(name)} has characters Qwen Code refuses (letters, digits, _ : . - only)` };
  let paths: string[] | undefined;
  if (h.paths !== undefined && h.paths !== null) {
    if (!Array.isArray(h.paths)) return { why: 'its paths is not a list: Qwen Code skips it' };
    const cleaned = h.paths.map((p) => String(p).trim()).filter((p) => p !== '');
    if (cleaned.some((p) => p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.split('/').includes('..')))
      return { why: 'its paths has an absolute or .. pattern: Qwen Code skips it' };
    if (cleaned.length > 0) paths = cleaned;
  }
  const hide = h['disable-model-invocation'];
  return {
    name,
    description: String(h.description),
    ...(typeof h.when_to_use === 'string' ? { whenToUse: h.when_to_use } : {}),
    hidden: hide === true || hide === 'true',
    ...(paths ? { paths } : {}),
  };
}

/** One skill entry as renderAvailableSkillsBlock writes it (`level` project or user). */
export function qwenSkillEntry(name: string, description: string, whenToUse: string | undefined, level: string): string {
  const desc = `${escapeXml(description)}${whenToUse ? ` \u2014 ${escapeXml(whenToUse)}` : ''} (${level})`;
  return `<skill>\n<name>\n${escapeXml(name)}\n</name>\n<description>\n${desc}\n</description>\n<location>\n${level}\n</location>\n</skill>`;
}

/** One command entry as renderAvailableSkillsBlock writes it (no level). */
export function qwenCommandEntry(name: string, description: string): string {
  return `<skill>\n<name>\n${escapeXml(name)}\n</name>\n<description>\n${escapeXml(description)}\n</description>\n</skill>`;
}

/** trimSkillEntriesTowardsBudget: a description's first line, trimmed. */
function firstLine(description: string): string {
  return description.split('\n')[0].trim();
}

/** Skill folders of one skills folder as loadSkillsFromDir reads them (folders and links to folders, no backups). */
function skillFolders(ctx: DiscoverContext, dir: string, own: boolean): ListingFile[] {
  return skillsIn(ctx, dir, { order: 'listed', own }).filter((f) => !/\.(backup|installing)-\d+-\d+$/.test(f.entry));
}

interface SkillFound {
  evidence: ListingEvidence;
  skill: QwenSkill;
  level: 'project' | 'user';
}

/** The skills of the skill folders, project then user, each folder in its listing order: the first of a name wins (collectCachedSkills). */
function collectSkills(inputs: QwenListingInputs): { found: SkillFound[]; others: ListingEvidence[]; seen: Set<string> } {
  const { ctx } = inputs;
  const P = ctx.fs.path;
  const atHome = P.resolve(ctx.root) === P.resolve(ctx.homedir);
  const levels: { level: 'project' | 'user'; dirs: string[]; own: boolean }[] = [
    { level: 'project', dirs: atHome ? [] : [P.join(ctx.root, '.qwen', 'skills'), P.join(ctx.root, '.agents', 'skills')], own: false },
    { level: 'user', dirs: [P.join(inputs.home.dir, 'skills'), P.join(ctx.homedir, '.agents', 'skills')], own: true },
  ];
  const seen = new Set<string>(); // collectCachedSkills: project, user, then bundled; the first of a name wins
  const found: SkillFound[] = [];
  const others: ListingEvidence[] = [];
  for (const { level, dirs, own } of levels) {
    for (const dir of dirs) {
      for (const f of skillFolders(ctx, dir, own)) {
        const base = { kind: 'skill' as const, source: listingPath(ctx, f.abs), place: 'first-user-message' as const };
        if (!f.read.ok) {
          others.push(unsent({ ...base, name: f.entry }, 'dropped', `it could not be read (${f.read.why})`));
          continue;
        }
        const skill = qwenSkillHeader(f.read.text);
        if ('why' in skill) {
          others.push(unsent({ ...base, name: f.entry }, 'dropped', skill.why));
          continue;
        }
        const evidence: ListingEvidence = {
          ...base,
          name: skill.name,
          status: 'included',
          text: qwenSkillEntry(skill.name, skill.description, skill.whenToUse, level),
        };
        if (seen.has(skill.name)) {
          others.push(
            unsent(evidence, 'shadowed', `Qwen Code lists the first skill named ${skill.name} (project before user, .qwen before .agents)`),
          );
          continue;
        }
        seen.add(skill.name);
        found.push({ evidence, skill, level });
      }
    }
  }
  return { found, others, seen };
}

function skillList(
  inputs: QwenListingInputs,
  targets: readonly string[],
): { found: SkillFound[]; others: ListingEvidence[]; invocable: Set<string> } {
  const { ctx } = inputs;
  const { found, others, seen } = collectSkills(inputs);
  const disabled = new Set(inputs.disabledSkills.map((n) => n.trim().toLowerCase()));
  const listed: SkillFound[] = [];
  for (const s of found) {
    if (disabled.has(s.skill.name.trim().toLowerCase())) others.push(unsent(s.evidence, 'not-loaded', 'skills.disabled names it'));
    else if (s.skill.hidden)
      others.push(unsent(s.evidence, 'not-loaded', 'disable-model-invocation: Qwen Code does not list it to the model'));
    else if (s.skill.paths && !pathsMatch(ctx, s.skill.paths, targets))
      others.push(
        unsent(
          s.evidence,
          'not-loaded',
          `paths ${JSON.stringify(s.skill.paths)}: Qwen Code lists it only once a tool touches a matching file`,
        ),
      );
    else if (s.skill.paths)
      others.push(
        unsent(
          s.evidence,
          'not-loaded',
          `paths ${JSON.stringify(s.skill.paths)}: listed after the tool call that touches a matching file, which Holaryn does not model`,
        ),
      );
    else listed.push(s);
  }
  // The bundled skills a file's skill does not replace count toward the budget.
  const bundled = Object.entries(QWEN_BUNDLED_SKILLS).filter(([n]) => !seen.has(n) && !disabled.has(n));
  const whole = [...bundled.map(([, n]) => n), ...listed.map((s) => s.evidence.text.length)];
  const over = whole.reduce((a, b) => a + b, 0) + Math.max(0, whole.length - 1) > QWEN_SKILL_LISTING_CHARS;
  const sorted = [...listed].sort((a, b) => a.skill.name.localeCompare(b.skill.name));
  // collectAvailableSkillEntries: a command named like any skill the model may invoke (bundled, or a file's not hidden or disabled) is not listed.
  const invocable = new Set([
    ...bundled.map(([n]) => n),
    ...found.filter((s) => !s.skill.hidden && !disabled.has(s.skill.name.trim().toLowerCase())).map((s) => s.skill.name),
  ]);
  return {
    invocable,
    found: sorted.map((s) => {
      if (!over) return s;
      const cut = qwenSkillEntry(s.skill.name, firstLine(s.skill.description), undefined, s.level);
      if (cut === s.evidence.text) return s;
      return {
        ...s,
        evidence: {
          ...s.evidence,
          status: 'cut' as const,
          reason: `the skill listing is over ${QWEN_SKILL_LISTING_CHARS} characters: Qwen Code sends each description's first line only`,
          text: cut,
        },
      };
    }),
    others,
  };
}

/** Whether a target (root-relative) matches a skill's `paths` (picomatch against the project root, dot files included). */
function pathsMatch(_ctx: DiscoverContext, globs: readonly string[], targets: readonly string[]): boolean {
  return targets.some((t) => t !== '' && globs.some((g) => minimatch(t, g, { dot: true })));
}

interface CommandFound {
  evidence: ListingEvidence;
  name: string;
  description: string;
}

/** The files of a commands folder, any depth, links followed (glob `**\/*.toml` then `**\/*.md`, dot files included). */
function commandFiles(ctx: DiscoverContext, dir: string, own: boolean, ext: string, rel = ''): { file: ListingFile; rel: string }[] {
  const P = ctx.fs.path;
  if (kindOf(ctx.fs, dir) !== 'directory') return [];
  const out: { file: ListingFile; rel: string }[] = [];
  for (const f of filesIn(ctx, dir, [ext], { order: 'sorted', own })) out.push({ file: f, rel: rel + f.entry });
  for (const name of [...listInOrder(ctx.fs, dir)].sort()) {
    const sub = P.join(dir, name);
    if (kindOf(ctx.fs, sub) !== 'directory' || (isSymlink(ctx.fs, sub) && rel.split('/').length > 8)) continue;
    out.push(...commandFiles(ctx, sub, own, ext, `${rel}${name}/`));
  }
  return out;
}

/** A command file as FileCommandLoader reads it: its description (or Qwen's default), whether the model may invoke it, or why it is skipped. */
export function qwenCommand(
  text: string,
  file: string,
  ext: '.md' | '.toml',
): { description: string; invocable: boolean } | { why: string } {
  const fallback = `Custom command from ${file}`;
  if (ext === '.toml') {
    const parsed = parseTomlConfig(text, file);
    if ('problem' in parsed) return { why: 'it does not parse as TOML: Qwen Code skips it' };
    const value = parsed.value;
    if (typeof value.prompt !== 'string') return { why: "it has no 'prompt' string: Qwen Code skips it" };
    if (value.description !== undefined && typeof value.description !== 'string')
      return { why: "its 'description' is not a string: Qwen Code skips it" };
    return { description: (value.description as string | undefined) || fallback, invocable: true };
  }
  const m = /^---\n(?:([\s\S]*?)\n)?---(?:\n|$)([\s\S]*)$/.exec(normalized(text));
  const header = m && (m[1] ?? '').trim() !== '' ? qwenHeader(m[1]) : undefined;
  if (header) {
    for (const key of ['argument-hint', 'when_to_use'])
      if (header[key] !== undefined && typeof header[key] !== 'string') return { why: `its ${key} is not a string: Qwen Code skips it` };
    const hide = header['disable-model-invocation'];
    if (hide !== undefined && typeof hide !== 'boolean')
      return { why: 'its disable-model-invocation is not true or false: Qwen Code skips it' };
    if (header.description !== undefined && typeof header.description !== 'string')
      return { why: 'its description is not a string: Qwen Code skips it' };
  }
  const description = typeof header?.description === 'string' && header.description !== '' ? header.description : fallback;
  return { description, invocable: header?.['disable-model-invocation'] !== true };
}

function commandList(inputs: QwenListingInputs, skillNames: ReadonlySet<string>): { found: CommandFound[]; others: ListingEvidence[] } {
  const { ctx } = inputs;
  const P = ctx.fs.path;
  const dirs = [
    { dir: P.join(inputs.home.dir, 'commands'), own: true, project: false },
    { dir: P.join(ctx.root, '.qwen', 'commands'), own: false, project: true },
  ];
  // CommandService: user, then project; a later command of the same name replaces an earlier one.
  const byName = new Map<string, CommandFound>();
  const others: ListingEvidence[] = [];
  for (const d of dirs) {
    const files = [...commandFiles(ctx, d.dir, d.own, '.toml'), ...commandFiles(ctx, d.dir, d.own, '.md')];
    for (const { file, rel } of files) {
      const ext = rel.endsWith('.toml') ? '.toml' : '.md';
      const name = rel
        .slice(0, -ext.length)
        .split('/')
        .map((s) => s.replaceAll(':', '_'))
        .join(':');
      const base = { kind: 'command' as const, name, source: listingPath(ctx, file.abs), place: 'first-user-message' as const };
      if (!file.read.ok) {
        others.push(unsent(base, 'dropped', `it could not be read (${file.read.why})`));
        continue;
      }
      const cmd = qwenCommand(file.read.text, file.entry, ext);
      if ('why' in cmd) {
        others.push(unsent(base, 'dropped', cmd.why));
        continue;
      }
      const evidence: ListingEvidence = { ...base, status: 'included', text: qwenCommandEntry(name, cmd.description) };
      if (!cmd.invocable) {
        others.push(unsent(evidence, 'not-loaded', 'disable-model-invocation: Qwen Code does not list it to the model'));
        continue;
      }
      const earlier = byName.get(name);
      if (earlier) others.push(unsent(earlier.evidence, 'shadowed', `${evidence.source} defines ${name} again and wins`));
      byName.set(name, { evidence, name, description: cmd.description });
    }
  }
  const found: CommandFound[] = [];
  for (const c of byName.values()) {
    if (skillNames.has(c.name)) others.push(unsent(c.evidence, 'shadowed', `a skill is named ${c.name}: Qwen Code lists the skill only`));
    else found.push(c);
  }
  found.sort((a, b) => a.name.localeCompare(b.name));
  const length = found.reduce((n, c) => n + c.evidence.text.length, 0) + Math.max(0, found.length - 1);
  if (length <= QWEN_SKILL_LISTING_CHARS) return { found, others };
  return {
    found: found.map((c) => {
      const cut = qwenCommandEntry(c.name, firstLine(c.description));
      return cut === c.evidence.text
        ? c
        : {
            ...c,
            evidence: {
              ...c.evidence,
              status: 'cut' as const,
              reason: `the command listing is over ${QWEN_SKILL_LISTING_CHARS} characters: Qwen Code sends each description's first line only`,
              text: cut,
            },
          };
    }),
    others,
  };
}

/** A subagent file as parseSubagentContent reads it: name and description, or why Qwen skips it. */
export function qwenAgentHeader(text: string): { name: string; description: string } | { why: string } {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(normalized(text));
  if (!m) return { why: 'Qwen Code skips an agent file without a --- header' };
  const h = qwenHeader(m[1]);
  if (!present(h.name)) return { why: 'its header has no name: Qwen Code skips it' };
  if (!present(h.description)) return { why: 'its header has no description: Qwen Code skips it' };
  const name = String(h.name).trim();
  const refused = agentNameProblem(name);
  if (refused) return { why: `its name ${JSON.stringify(name)} ${refused}: Qwen Code skips it` };
  if (String(h.description).trim() === '') return { why: 'its description is blank: Qwen Code skips it' };
  if (m[2].trim().length < 10) return { why: 'its system prompt (the text after the header) is under 10 characters: Qwen Code skips it' };
  return { name: String(h.name), description: String(h.description) };
}

/** SubagentValidator.validateName: why a name is refused, or undefined. */
function agentNameProblem(name: string): string | undefined {
  if (name.length < 2 || name.length > 50) return 'is not 2 to 50 characters long';
  if (!/^[\p{L}\p{N}_-]+$/u.test(name)) return 'has characters other than letters, digits, - and _';
  if (/^[-_]|[-_]$/.test(name)) return 'starts or ends with - or _';
  if (['self', 'system', 'user', 'model', 'tool', 'config', 'default', 'main'].includes(name.toLowerCase())) return 'is reserved';
  return undefined;
}

/** One subagent entry of the `agent` tool's description. */
export function qwenAgentEntry(name: string, description: string): string {
  return `- **${name}**: ${description}`;
}

function agentList(inputs: QwenListingInputs): ListingEvidence[] {
  const { ctx } = inputs;
  const P = ctx.fs.path;
  const atHome = P.resolve(ctx.root) === P.resolve(ctx.homedir);
  const dirs = [
    ...(atHome ? [] : [{ dir: P.join(ctx.root, '.qwen', 'agents'), own: false }]),
    { dir: P.join(inputs.home.dir, 'agents'), own: true },
  ];
  // listSubagents: project, user, then the built-in ones; the first of a name wins.
  const seen = new Set<string>();
  const out: ListingEvidence[] = [];
  const others: ListingEvidence[] = [];
  for (const d of dirs) {
    for (const f of filesIn(ctx, d.dir, ['.md'], { order: 'listed', own: d.own })) {
      const base = { kind: 'agent' as const, source: listingPath(ctx, f.abs), place: 'tool-description' as const };
      const fallback = f.entry.replace(/\.md$/, '');
      if (!f.read.ok) {
        others.push(unsent({ ...base, name: fallback }, 'dropped', `it could not be read (${f.read.why})`));
        continue;
      }
      const h = qwenAgentHeader(f.read.text);
      if ('why' in h) {
        others.push(unsent({ ...base, name: fallback }, 'dropped', h.why));
        continue;
      }
      const evidence: ListingEvidence = { ...base, name: h.name, status: 'included', text: qwenAgentEntry(h.name, h.description) };
      if (seen.has(h.name)) {
        others.push(unsent(evidence, 'shadowed', `Qwen Code lists the first agent named ${h.name} (project before user)`));
        continue;
      }
      seen.add(h.name);
      out.push(evidence);
    }
  }
  return [...out, ...others];
}

/**
 * Qwen's listings for one call, in the order of its request: the skill reminder, the command
 * reminder (both in the first user message), then the `agent` tool's subagents.
 */
export function qwenListings(inputs: QwenListingInputs): ListingEvidence[] {
  const targets = inputs.ctx.targets.map((t) => t.path);
  const skills = skillList(inputs, targets);
  const commands = commandList(inputs, skills.invocable);
  const agents = agentList(inputs);
  return [
    ...skills.found.map((s) => s.evidence),
    ...commands.found.map((c) => c.evidence),
    ...agents.filter((a) => a.status === 'included'),
    ...skills.others,
    ...commands.others,
    ...agents.filter((a) => a.status !== 'included'),
  ];
}
