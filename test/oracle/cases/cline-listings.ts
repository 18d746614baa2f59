/**
 * Cline CLI 3.0.65 listing cases (issue 37): the skills it names at the end of the `skills` tool's
 * description (`Available skills: a, b, c.`). Sources: the binary's embedded `@cline/core` (the
 * skills search paths, the skill definition of the unified config watcher: `discoverFiles`,
 * `parseFile`, `resolveId`, and the tool's description getter), then runs. Every case carries an
 * instruction file too, so that the two-run proof always has files to take out.
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const BASE = { ...GIT, 'AGENTS.md': 'Root rules.\n' } as const;

function skill(name: string, description: string, body = 'Skill body.\n'): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
}

const LONG = `Use this for long work. ${'The description goes on and on. '.repeat(90)}End.`;

export const cases: OracleCase[] = [
  // ---- folders ------------------------------------------------------------------------------------
  {
    name: 'skills-workspace-folders',
    why: 'the skills search paths: the workspace .clinerules/skills, .cline/skills, .agents/skills, in that order',
    tree: {
      ...BASE,
      '.agents/skills/gamma/SKILL.md': skill('gamma', 'From .agents.'),
      '.cline/skills/beta/SKILL.md': skill('beta', 'From .cline.'),
      '.clinerules/skills/alpha/SKILL.md': skill('alpha', 'From .clinerules.'),
    },
  },
  {
    name: 'skills-home-folders',
    why: 'the skills search paths: after the workspace, ~/.cline/skills then ~/.agents/skills',
    tree: { ...BASE, '.agents/skills/ws/SKILL.md': skill('ws', 'From the workspace.') },
    home: {
      '.agents/skills/home-agents/SKILL.md': skill('home-agents', 'From ~/.agents.'),
      '.cline/skills/home-cline/SKILL.md': skill('home-cline', 'From ~/.cline.'),
    },
  },
  {
    name: 'skills-cline-dir',
    why: 'resolveClineDir: CLINE_DIR replaces ~/.cline, so its skills folder is read and ~/.cline/skills is not',
    tree: { ...BASE },
    home: {
      'alt/skills/moved/SKILL.md': skill('moved', 'From CLINE_DIR.'),
      '.cline/skills/default/SKILL.md': skill('default', 'Not read.'),
    },
    env: { CLINE_DIR: '{{home}}/alt' },
  },
  {
    name: 'skills-other-agents-folders-not-read',
    why: 'the search paths name no .claude, .cursor, .github, .opencode or .codex skills folder: none is listed',
    tree: {
      ...BASE,
      '.claude/skills/claude-one/SKILL.md': skill('claude-one', 'Claude Code folder.'),
      '.cursor/skills/cursor-one/SKILL.md': skill('cursor-one', 'Cursor folder.'),
      '.github/skills/github-one/SKILL.md': skill('github-one', 'Copilot folder.'),
      '.opencode/skills/opencode-one/SKILL.md': skill('opencode-one', 'opencode folder.'),
      '.codex/skills/codex-one/SKILL.md': skill('codex-one', 'Codex folder.'),
      '.agents/skills/shared/SKILL.md': skill('shared', 'The one Cline reads.'),
    },
  },
  {
    name: 'skills-working-directory',
    why: 'the workspace is the working directory given with --cwd: the skills folders of the repository top above it are not read',
    tree: {
      ...BASE,
      '.agents/skills/top/SKILL.md': skill('top', 'At the repository top.'),
      'app/AGENTS.md': 'App rules.\n',
      'app/.agents/skills/app-skill/SKILL.md': skill('app-skill', 'At the working directory.'),
    },
    cwd: 'app',
  },
  {
    name: 'skills-one-level',
    why: 'discoverFiles: each subfolder holding a SKILL.md; nothing deeper, no loose file, no folder without SKILL.md',
    tree: {
      ...BASE,
      '.agents/skills/top/SKILL.md': skill('top', 'One level down.'),
      '.agents/skills/group/inner/SKILL.md': skill('inner', 'Two levels down.'),
      '.agents/skills/notes.md': 'A loose file.\n',
      '.agents/skills/empty-folder/README.md': 'No SKILL.md here.\n',
    },
  },
  {
    name: 'skills-skill-md-in-the-folder',
    why: 'discoverFiles: a SKILL.md right in a skills folder is a skill named after that folder ("skills")',
    tree: { ...BASE, '.cline/skills/SKILL.md': '---\ndescription: Right in the folder.\n---\nBody.\n' },
  },
  {
    name: 'skills-linked-folder',
    why: 'discoverFiles: a link to a folder is a skill folder too',
    tree: {
      ...BASE,
      'common/linked/SKILL.md': skill('linked', 'Reached through a link.'),
      '.agents/skills/linked': { link: '../../common/linked' },
    },
  },
  {
    name: 'skills-managed-pack',
    why: "the workspace's .cline: the skills folder of each subfolder holding a managed.json that parses",
    tree: {
      ...BASE,
      '.cline/pack/managed.json': '{"name": "pack"}\n',
      '.cline/pack/skills/packed/SKILL.md': skill('packed', 'From a managed pack.'),
      '.cline/loose/skills/unmanaged/SKILL.md': skill('unmanaged', 'No managed.json: not read.'),
    },
  },
  // ---- names and headers --------------------------------------------------------------------------
  {
    name: 'skills-names',
    why: "parseFile: the header's name (trimmed) or the folder's name; the name is shown as written",
    tree: {
      ...BASE,
      '.agents/skills/folder-name/SKILL.md': skill('header-name', 'Named in its header.'),
      '.agents/skills/no-header/SKILL.md': 'No header, only a body.\n',
      '.agents/skills/no-name/SKILL.md': '---\ndescription: No name key.\n---\nBody.\n',
      '.agents/skills/spaced/SKILL.md': skill('"  My Skill  "', 'Spaces and capitals.'),
      '.agents/skills/uni/SKILL.md': skill('ünïcode-skill', 'Unicode name.'),
    },
  },
  {
    name: 'skills-crlf-and-bom',
    why: 'the header reader takes CRLF lines and a leading byte-order mark',
    tree: {
      ...BASE,
      '.agents/skills/crlf/SKILL.md': '---\r\nname: crlf-skill\r\ndescription: CRLF.\r\n---\r\nBody.\r\n',
      '.agents/skills/bom/SKILL.md': '\ufeff---\nname: bom-skill\ndescription: BOM.\n---\nBody.\n',
    },
  },
  {
    name: 'skills-long-description',
    why: 'only names are listed: a 3,000-character description changes nothing and cuts nothing',
    tree: { ...BASE, '.agents/skills/long/SKILL.md': skill('long', LONG) },
  },
  {
    name: 'pitfall-skill-dropped',
    why: 'parseFile: an empty body, a header that does not parse, a name or description that is not text drop the skill; disabled: true and enabled: false leave it out',
    tree: {
      ...BASE,
      '.agents/skills/ok/SKILL.md': skill('ok', 'The one that is listed.'),
      '.agents/skills/empty/SKILL.md': '---\nname: empty\ndescription: No body.\n---\n',
      '.agents/skills/badyaml/SKILL.md': '---\nname: badyaml\ndescription: [oops\n---\nBody.\n',
      '.agents/skills/numname/SKILL.md': '---\nname: 42\ndescription: A number for a name.\n---\nBody.\n',
      '.agents/skills/numdesc/SKILL.md': '---\nname: numdesc\ndescription: 42\n---\nBody.\n',
      '.agents/skills/off/SKILL.md': '---\nname: off\ndescription: Off.\ndisabled: true\n---\nBody.\n',
      '.agents/skills/notenabled/SKILL.md': '---\nname: notenabled\ndescription: Off.\nenabled: false\n---\nBody.\n',
    },
  },
  {
    name: 'pitfall-skill-name-clash',
    why: 'the watcher keeps one skill per lower-cased name: a later folder replaces an earlier one in its place, with its own name (the home replaces the workspace)',
    tree: {
      ...BASE,
      '.clinerules/skills/deploy/SKILL.md': skill('deploy', 'Workspace deploy.'),
      '.clinerules/skills/zz/SKILL.md': skill('zz', 'After deploy.'),
      '.agents/skills/Deploy/SKILL.md': skill('Deploy', 'Replaces the .clinerules one.'),
      '.agents/skills/review/SKILL.md': skill('review', 'Replaced by the home one.'),
    },
    home: { '.cline/skills/review/SKILL.md': skill('Review', 'The home one wins.') },
  },
  {
    name: 'pitfall-skill-turned-off-hides-earlier',
    why: 'a turned-off skill replaces an earlier one of its name and is then left out: neither is listed',
    tree: {
      ...BASE,
      '.agents/skills/lint/SKILL.md': skill('lint', 'The workspace lint skill.'),
      '.agents/skills/keep/SKILL.md': skill('keep', 'Still listed.'),
    },
    home: { '.agents/skills/lint/SKILL.md': '---\nname: lint\ndescription: Off at home.\ndisabled: true\n---\nBody.\n' },
  },
  {
    name: 'skills-with-rules',
    why: 'rules in the system prompt and skills in the tool description in one request',
    tree: {
      ...BASE,
      '.clinerules/style.md': 'Style rule.\n',
      '.clinerules/skills/helper/SKILL.md': skill('helper', 'A helper.'),
      '.clinerules/workflows/release.md': 'A workflow: not a skill.\n',
    },
  },
  {
    name: 'skills-many',
    why: 'every name joined by a comma and a space, a full stop at the end',
    tree: {
      ...BASE,
      ...Object.fromEntries(
        ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'].map((n) => [
          `.agents/skills/${n}/SKILL.md`,
          skill(n, `Skill ${n}.`),
        ]),
      ),
    },
  },
  {
    name: 'skills-only-home',
    why: 'home skills alone: the workspace has none',
    tree: { ...BASE },
    home: { '.agents/skills/solo/SKILL.md': skill('solo', 'Only at home.') },
  },
  {
    name: 'skills-duplicate-in-one-folder',
    why: 'two folders of one skills folder naming the same skill: the one listed later by the file system replaces the other',
    tree: {
      ...BASE,
      '.agents/skills/first/SKILL.md': skill('same', 'First folder.'),
      '.agents/skills/second/SKILL.md': skill('same', 'Second folder.'),
    },
  },
  {
    name: 'skills-no-description',
    why: 'a description is not needed: the name is listed',
    tree: { ...BASE, '.agents/skills/bare/SKILL.md': '---\nname: bare\n---\nBody.\n' },
  },
];
