/**
 * What Factory Droid 0.215.0 lists to its model beside instruction files (read in its bundled
 * JavaScript, checked by the oracle cases): skills and custom droids (subagents). It lists no
 * commands to the model.
 *
 * Skills, at the start (a reminder of the first user message, `Available skills …`, one
 * `<name>: <description>` line each, before Droid's built-in skills): the `skills` folder of each
 * settings folder, in Droid's bucket order: the `.factory`, `.agents` and `.agent` folders between
 * the working directory and the git root (nearest first, when there is a git root), then the
 * project's (the git root's, else the working directory's) `.factory`, `.agents` and `.agent`,
 * then the home's. In a skills folder each entry that is a folder (or a link to one) in
 * `localeCompare` order: a skill when it holds `SKILL.md`, else searched the same way. A skill
 * needs a `name` (lower-case letters, digits and hyphens) and a `description` in its header and a
 * body; `enabled: false` and `disable-model-invocation: true` keep it out. The first skill of a
 * name wins; later ones are shadowed. Name and description are written with runs of white space
 * made one space, the description cut to 1,024 characters (the last one `…`).
 *
 * Skills on a read: the `skills` folders of the folders a read discovers instruction files in,
 * listed after the files in the same reminder, `- <name>: <description> (project)` each, blank
 * lines between; a name already listed at the start is not listed again.
 *
 * Custom droids (a reminder of the first user message, `Custom droids available (from …):`, one
 * `- <name>: <description> (location: project|personal)` line each): the `droids/*.md` files of
 * the `.factory` folders between the working directory and the git root, the project's and the
 * home's, in that order, each folder's files as the file system lists them; the name is the
 * header's `name` or the file name, and the first droid of a name wins.
 */
import type { ListingEvidence } from '../../evidence';
import type { PathApi } from '../../fs';
import { canonicalize } from '../../paths';
import type { DiscoverContext } from '../../profile';
import { kindOf, listInOrder, listNames } from '../agent/peek';
import { type ListingFile, headerText, listingPath, readListingFile, unsent } from '../agent/skills';
import { FACTORY_FOLDERS, droidHome, gitRootOf, touchedFolders } from './folders';

/** Characters of a skill description Droid keeps; a longer one is cut to one fewer and `…` added. */
export const SKILL_DESCRIPTION_CHARS = 1024;
const SKILL_NAME = /^[a-z0-9-]+$/;
/** Droids Droid lists only inside a mission (`Q6M`); it writes both into the home's droids folder on its first run. */
export const MISSION_DROIDS: ReadonlySet<string> = new Set(['scrutiny-feature-reviewer', 'user-testing-flow-validator']);

/** Droid's `o9`: the key names clash by. */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Droid's `KP`: its own reminder tags escaped in text it lists. */
function escapeTags(text: string): string {
  return text.replace(/<(\/?)(system-reminder|system-notification)>/g, '&lt;$1$2&gt;');
}

function oneLine(text: string): string {
  return escapeTags(text).replace(/\s+/g, ' ').trim();
}

/** One skill line as Droid writes it at the start. */
export function skillLine(name: string, description: string): string {
  let d = oneLine(description);
  if (d.length > SKILL_DESCRIPTION_CHARS) d = `${d.slice(0, SKILL_DESCRIPTION_CHARS - 1)}\u2026`;
  return `${oneLine(name)}: ${d || 'No description provided'}`;
}

/** A settings folder and whose it is. */
interface Folder {
  readonly dir: string;
  readonly personal: boolean;
}

/** Droid's settings folders in its order (see the module comment). */
export function settingsFolders(P: PathApi, cwd: string, home: string, git: string | undefined, fs: DiscoverContext['fs']): Folder[] {
  const out: Folder[] = [];
  const homeFolders = new Set(FACTORY_FOLDERS.map((f) => P.join(home, f)));
  const project = git === home ? undefined : (git ?? cwd);
  if (git !== undefined) {
    for (let d = cwd; d !== git && P.dirname(d) !== d; d = P.dirname(d))
      for (const f of FACTORY_FOLDERS) {
        const dir = P.join(d, f);
        if (kindOf(fs, dir) === 'directory' && !homeFolders.has(dir) && (project === undefined || P.dirname(dir) !== project))
          out.push({ dir, personal: false });
      }
  }
  if (project !== undefined) for (const f of FACTORY_FOLDERS) out.push({ dir: P.join(project, f), personal: false });
  for (const f of FACTORY_FOLDERS) out.push({ dir: P.join(home, f), personal: true });
  return out;
}

/** The skill files of one skills folder in Droid's order (`rMH`): folders in localeCompare order, searched down to a SKILL.md. */
export function skillFiles(ctx: DiscoverContext, top: string, seen = new Set<string>()): string[] {
  const P = ctx.fs.path;
  if (kindOf(ctx.fs, top) !== 'directory') return [];
  let real: string;
  try {
    real = canonicalize(ctx.fs, top).path;
  } catch {
    return [];
  }
  if (seen.has(real)) return [];
  seen.add(real);
  const out: string[] = [];
  for (const name of listNames(ctx.fs, top).sort((a, b) => a.localeCompare(b))) {
    const dir = P.join(top, name);
    if (kindOf(ctx.fs, dir) !== 'directory') continue;
    const skill = P.join(dir, 'SKILL.md');
    if (kindOf(ctx.fs, skill) === 'file') out.push(skill);
    else out.push(...skillFiles(ctx, dir, seen));
  }
  return out;
}

/** Why Droid leaves a skill out, or null when it lists it. */
export function skillProblem(file: ListingFile): string | null {
  if (!file.read.ok) return 'Droid could not read it';
  const attributes = file.header?.attributes;
  const name = headerText(file, 'name');
  if (!name) return 'it has no name in its header: Droid does not list it';
  if (!SKILL_NAME.test(name)) return 'its name is not lower-case letters, digits and hyphens: Droid does not list it';
  // An empty or blank description is listed as "No description provided"; none, or one that is not text, is not.
  if (typeof attributes?.description !== 'string') return 'it has no description in its header: Droid does not list it';
  if ((file.header?.body ?? '').trim() === '') return 'it has no text below its header: Droid does not list it';
  if (attributes?.enabled === false) return 'its header says enabled: false';
  if (attributes?.['disable-model-invocation'] === true)
    return 'its header says disable-model-invocation: true: Droid keeps it from the model';
  return null;
}

export class DroidListings {
  private readonly P: PathApi;
  private readonly home: string;
  private readonly git: string | undefined;
  private readonly out: ListingEvidence[] = [];
  /** Skill names listed so far (their keys), and the file that won each. */
  private readonly skillNames = new Map<string, string>();
  /** Skills folders read at the start (a read does not list them again). */
  private readonly seeded = new Set<string>();

  constructor(private readonly ctx: DiscoverContext) {
    this.P = ctx.fs.path;
    this.home = droidHome(ctx.env, ctx.homedir, this.P);
    this.git = gitRootOf(ctx, ctx.root);
  }

  run(): ListingEvidence[] {
    const folders = settingsFolders(this.P, this.ctx.root, this.home, this.git, this.ctx.fs);
    for (const f of folders) this.sessionSkills(f);
    this.droids(folders.filter((f) => this.P.basename(f.dir) === '.factory'));
    this.touchedSkills();
    return this.out;
  }

  private sessionSkills(folder: Folder): void {
    const top = this.P.join(folder.dir, 'skills');
    this.seeded.add(top);
    for (const abs of skillFiles(this.ctx, top)) this.skill(abs, 'first-user-message', (name, d) => skillLine(name, d));
  }

  private skill(abs: string, place: ListingEvidence['place'], line: (name: string, description: string) => string): void {
    const P = this.P;
    const file = readListingFile(this.ctx, abs, P.basename(P.dirname(abs)), this.isOwn(abs));
    const name = headerText(file, 'name') ?? P.basename(P.dirname(abs));
    const entry = { kind: 'skill' as const, name, source: listingPath(this.ctx, abs), place };
    const problem = skillProblem(file);
    if (problem !== null) {
      this.out.push(unsent(entry, 'dropped', problem));
      return;
    }
    const key = nameKey(name);
    const winner = this.skillNames.get(key);
    if (winner !== undefined) {
      this.out.push(unsent(entry, 'shadowed', `Droid lists the first skill of a name: ${winner} has it`));
      return;
    }
    this.skillNames.set(key, entry.source);
    this.out.push({ ...entry, status: 'included', text: line(name, headerText(file, 'description') ?? '') });
  }

  private isOwn(abs: string): boolean {
    const rel = this.P.relative(this.home, abs);
    return rel !== '' && !rel.startsWith('..') && !this.P.isAbsolute(rel);
  }

  /** Custom droids of the `.factory` folders, in order; the first of a name wins. */
  private droids(folders: readonly Folder[]): void {
    const P = this.P;
    const names = new Map<string, string>();
    for (const folder of folders) {
      const dir = P.join(folder.dir, 'droids');
      if (kindOf(this.ctx.fs, dir) !== 'directory') continue;
      for (const entry of listInOrder(this.ctx.fs, dir)) {
        if (!entry.endsWith('.md')) continue;
        const abs = P.join(dir, entry);
        if (kindOf(this.ctx.fs, abs) !== 'file') continue;
        const file = readListingFile(this.ctx, abs, entry, folder.personal);
        const name = headerText(file, 'name') || P.basename(entry, '.md');
        const listed = { kind: 'agent' as const, name, source: listingPath(this.ctx, abs), place: 'first-user-message' as const };
        if (!file.read.ok) {
          this.out.push(unsent(listed, 'dropped', 'Droid could not read it'));
          continue;
        }
        if (MISSION_DROIDS.has(name)) {
          this.out.push(
            unsent(listed, 'not-loaded', 'Droid lists this droid only inside a mission (it writes it into ~/.factory/droids itself)'),
          );
          continue;
        }
        const key = name
          .toLowerCase()
          .replace(/[^a-z0-9-_]/g, '-')
          .replace(/--+/g, '-');
        const winner = names.get(key);
        if (winner !== undefined) {
          this.out.push(unsent(listed, 'shadowed', `Droid lists the first droid of a name: ${winner} has it`));
          continue;
        }
        names.set(key, listed.source);
        const description = headerText(file, 'description');
        const where = `(location: ${folder.personal ? 'personal' : 'project'})`;
        const text = `- ${escapeTags(name)}: ${description ? `${escapeTags(description)} ` : ''}${where}`;
        this.out.push({ ...listed, status: 'included', text });
      }
    }
  }

  /** Skills a read discovers: the skills folders of the folders it walks, not read at the start. */
  private touchedSkills(): void {
    const { P, ctx } = this;
    const done = new Set<string>();
    ctx.targets.forEach((t) => {
      if (t.kind === 'missing') return;
      const abs = P.join(ctx.root, t.path);
      const dir = t.kind === 'directory' ? abs : P.dirname(abs);
      for (const owner of touchedFolders(P, dir, ctx.root, this.home, this.git))
        for (const f of FACTORY_FOLDERS) {
          const top = P.join(owner, f, 'skills');
          if (this.seeded.has(top) || done.has(top)) continue;
          done.add(top);
          for (const file of skillFiles(ctx, top))
            this.skill(file, 'tool-result', (name, d) => `- ${name}: ${d || 'No description'} (project)`);
        }
    });
  }
}

/** Droid's listings for one call (the module comment). */
export function droidListings(ctx: DiscoverContext): ListingEvidence[] {
  return new DroidListings(ctx).run();
}
