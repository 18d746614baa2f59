/**
 * Factory Droid 0.215.0 oracle cases (src/resolver/profiles/droid/README.md). Each `why` names the
 * rule it checks and the function of Droid's bundled JavaScript it comes from (names as minified
 * in 0.215.0: `YJA` the session walk, `eWt` the names per folder, `eAn` the lstat checks, `x60`/`K60`
 * the session blocks and their limit, class `tQ` the discovery along accessed paths, `ANM` its
 * reminder) or a run.
 */
import { gitRepository } from '../tree';
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const BOM = [0xef, 0xbb, 0xbf];
const bytes = (s: string, prefix: number[] = []) => ({ bytes: [...prefix, ...Buffer.from(s, 'utf8')] });
/** A file of `n` characters: numbered lines of 50, so a cut shows where it fell. */
const long = (n: number, tag: string) => {
  let s = '';
  for (let i = 0; s.length < n; i++) s += `${tag} line ${String(i).padStart(6, '0')} ${'x'.repeat(50 - tag.length - 20)}\n`;
  return s.slice(0, n);
};

/** A skill file with a header. */
const skill = (name: string, description: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nUse ${name} well.\n`;
/** A custom droid file. */
const droid = (header: string) => `---\n${header}---\nYou are a droid.\n`;

export const cases: OracleCase[] = [
  // ---- names and the session walk -----------------------------------------------------------------
  {
    name: 'claude-then-agents',
    why: 'eWt: CLAUDE.md before AGENTS.md in one folder, both sent (first probe run)',
    tree: { ...GIT, 'AGENTS.md': 'Agents rule.\n', 'CLAUDE.md': 'Claude rule.\n', 'src/a.ts': 'x\n' },
  },
  {
    name: 'agents-only',
    why: 'eWt: AGENTS.md alone; GEMINI.md, QWEN.md and .github/copilot-instructions.md are no Droid names',
    tree: {
      ...GIT,
      'AGENTS.md': 'Only agents.\n',
      'GEMINI.md': 'Not Droid.\n',
      'QWEN.md': 'Not Droid.\n',
      '.github/copilot-instructions.md': 'Not Droid.\n',
    },
  },
  {
    name: 'no-files',
    why: 'ujH: no instruction file, no heading at all',
    tree: { ...GIT, 'README.md': 'Just a readme.\n' },
  },
  {
    name: 'case-twins-first-wins',
    why: 'eWt: of CLAUDE.md/Claude.md and AGENTS.md/Agents.md/agents.md, the first existing name of each lower-case name is read at the start',
    tree: {
      ...GIT,
      'Claude.md': 'mixed claude\n',
      'CLAUDE.md': 'upper claude\n',
      'agents.md': 'lower agents\n',
      'Agents.md': 'title agents\n',
    },
  },
  {
    name: 'lowercase-agents',
    why: 'et$: agents.md is one of the names when no other spelling exists',
    tree: { ...GIT, 'agents.md': 'lower only\n', 'Claude.md': 'title claude only\n' },
  },
  {
    name: 'factory-agents-agent-folders',
    why: 'YJA: each folder, then its .factory, .agents and .agent, in that order',
    tree: {
      ...GIT,
      '.agent/AGENTS.md': 'dot-agent agents\n',
      '.agents/CLAUDE.md': 'dot-agents claude\n',
      '.factory/AGENTS.md': 'factory agents\n',
      '.factory/CLAUDE.md': 'factory claude\n',
      'AGENTS.md': 'root agents\n',
    },
  },
  {
    name: 'cwd-below-git-root',
    why: 'YJA: from the working directory up to the git root, nearest first',
    tree: {
      ...GIT,
      'AGENTS.md': 'root\n',
      'packages/AGENTS.md': 'packages\n',
      'packages/web/AGENTS.md': 'web\n',
      'packages/web/.factory/CLAUDE.md': 'web factory\n',
      'packages/other/AGENTS.md': 'sibling: not on the walk\n',
    },
    cwd: 'packages/web',
  },
  {
    name: 'no-git-cwd-only',
    why: 'YJA: without a git root only the working directory (and its folders) is looked in',
    tree: { 'AGENTS.md': 'parent, no git\n', 'sub/AGENTS.md': 'sub, no git\n', 'sub/.factory/AGENTS.md': 'sub factory\n' },
    cwd: 'sub',
  },
  {
    name: 'git-file-worktree',
    why: 'ZUL: a .git file marks the git root as a .git folder does',
    tree: { '.git': 'gitdir: /nonexistent/worktree\n', 'AGENTS.md': 'worktree root\n', 'app/AGENTS.md': 'app\n' },
    cwd: 'app',
  },
  {
    name: 'nested-git-stops-walk',
    why: 'ZUL: the nearest .git above the working directory ends the walk; the outer repository is not read',
    tree: {
      ...GIT,
      'AGENTS.md': 'outer\n',
      'vendor/lib/.git': { dir: true },
      'vendor/lib/AGENTS.md': 'inner\n',
      'vendor/lib/src/AGENTS.md': 'inner src\n',
    },
    cwd: 'vendor/lib/src',
  },
  // ---- the home --------------------------------------------------------------------------------------
  {
    name: 'home-personal-folders',
    why: 'YJA/Q60: ~/.factory, ~/.agents and ~/.agent after the project, written as ~/<folder>/<name> under "Personal Global Instructions"',
    tree: { ...GIT, 'AGENTS.md': 'project\n' },
    home: { '.factory/AGENTS.md': 'home factory\n', '.agents/CLAUDE.md': 'home agents claude\n', '.agent/AGENTS.md': 'home agent\n' },
  },
  {
    name: 'home-only',
    why: 'ujH: personal files alone (no project section)',
    tree: { ...GIT, 'src/a.ts': 'x\n' },
    home: { '.factory/CLAUDE.md': 'home claude only\n' },
  },
  {
    name: 'home-root-files-ignored',
    why: "YJA: the home folder itself is never looked in; ~/.claude/CLAUDE.md and ~/.codex/AGENTS.md are other agents'",
    tree: { ...GIT, 'AGENTS.md': 'project\n' },
    home: {
      'AGENTS.md': 'home plain\n',
      'CLAUDE.md': 'home plain claude\n',
      '.claude/CLAUDE.md': 'claude code\n',
      '.codex/AGENTS.md': 'codex\n',
    },
  },
  // ---- design guidelines -----------------------------------------------------------------------------
  {
    name: 'design-after-instructions',
    why: 'K60/ujH: DESIGN.md files in <design_guidelines> after the instruction blocks of their section, joined by one line break',
    tree: { ...GIT, 'AGENTS.md': 'agents\n', 'DESIGN.md': 'design root\n', '.factory/Design.md': 'factory design\n' },
    home: { '.factory/design.md': 'home design\n', '.factory/AGENTS.md': 'home agents\n' },
  },
  {
    name: 'design-only',
    why: 'ujH: design files alone still open the instructions heading',
    tree: { ...GIT, 'design.md': 'lower design only\n' },
  },
  // ---- what is read ----------------------------------------------------------------------------------
  {
    name: 'linked-file-skipped',
    why: 'eAn: lstat must say a regular file: a linked AGENTS.md is never read, and the next spelling is not tried instead of it',
    tree: { ...GIT, 'real.md': 'target\n', 'AGENTS.md': { link: 'real.md' }, 'agents.md': 'lower after a link\n', 'CLAUDE.md': 'claude\n' },
  },
  {
    name: 'linked-folder-skipped',
    why: 'eAn: lstat must say a folder: a .factory that is a link is not looked in',
    tree: { ...GIT, 'shared/AGENTS.md': 'through a linked folder\n', '.factory': { link: 'shared' }, 'AGENTS.md': 'root\n' },
  },
  {
    name: 'folder-named-agents-md',
    why: 'eAn: a folder named AGENTS.md is no file; CLAUDE.md still loads',
    tree: { ...GIT, 'AGENTS.md/inner.md': 'inside a folder\n', 'CLAUDE.md': 'claude\n' },
  },
  {
    name: 'empty-file-sent',
    why: 'x60: an empty file is still sent, as an empty block',
    tree: { ...GIT, 'AGENTS.md': '', 'CLAUDE.md': '\n\n' },
  },
  {
    name: 'whitespace-kept-at-start',
    why: 'x60: only trailing white space is removed (trimEnd); leading spaces, blank lines and CRLF inside stay',
    tree: { ...GIT, 'AGENTS.md': '\n\n  indented first line\r\nsecond line\r\n\r\n\t\n' },
  },
  {
    name: 'bom-kept',
    why: 'readFile utf8: a leading byte order mark is sent as U+FEFF (run)',
    tree: { ...GIT, 'AGENTS.md': bytes('With a BOM.\n', BOM) },
  },
  {
    name: 'invalid-utf8',
    why: 'readFile utf8: invalid bytes become U+FFFD (run)',
    tree: { ...GIT, 'AGENTS.md': { bytes: [0x41, 0xff, 0x42, 0xc3, 0x28, 0x0a] } },
  },
  {
    name: 'imports-not-expanded',
    why: 'no import syntax: @path lines and HTML comments are sent as written',
    tree: {
      ...GIT,
      'AGENTS.md': 'See @docs/more.md and @./other.md\n<!-- a comment -->\n',
      'docs/more.md': 'more\n',
      'other.md': 'other\n',
    },
  },
  {
    name: 'frontmatter-sent',
    why: 'no frontmatter: a --- block is part of the text',
    tree: { ...GIT, 'AGENTS.md': '---\npaths: ["src/**"]\ndescription: x\n---\nBody.\n' },
  },
  // ---- the limits ------------------------------------------------------------------------------------
  {
    name: 'session-limit-cut',
    why: 'x60: blocks share 80,000 characters; the first that does not fit is cut to left-100 and marked, later files dropped',
    tree: {
      ...GIT,
      'CLAUDE.md': long(50_000, 'first'),
      'AGENTS.md': long(50_000, 'second'),
      '.factory/AGENTS.md': 'dropped after the cut\n',
    },
  },
  {
    name: 'session-limit-drop',
    why: 'x60: with 200 or fewer characters left the file is dropped, not cut',
    tree: { ...GIT, 'CLAUDE.md': long(79_900 - 41, 'first'), 'AGENTS.md': 'does not fit\n' },
  },
  {
    name: 'design-limit-own',
    why: 'K60: design blocks have their own 80,000 characters',
    tree: { ...GIT, 'AGENTS.md': long(70_000, 'agents'), 'DESIGN.md': long(70_000, 'design') },
  },
  // ---- on a read ---------------------------------------------------------------------------------------
  {
    name: 'read-nested',
    why: 'tQ/ANM: a read discovers the folders below the git root down to the file, each with .factory/.agents/.agent, in a reminder after the result',
    tree: {
      ...GIT,
      'AGENTS.md': 'root\n',
      'src/AGENTS.md': 'src\n',
      'src/a/.factory/CLAUDE.md': 'a factory claude\n',
      'src/a/b/AGENTS.md': 'b agents\n',
      'src/a/b/x.ts': 'x\n',
      'src/other/AGENTS.md': 'not on the way\n',
    },
    read: 'src/a/b/x.ts',
  },
  {
    name: 'read-case-twins-both',
    why: 'checkDirForGuidelines: on a read every spelling that is a regular file is sent (deduplicated by real path), unlike at the start',
    tree: { ...GIT, 'src/Claude.md': 'b mixed\n', 'src/CLAUDE.md': 'b upper\n', 'src/agents.md': 'lower\n', 'src/x.ts': 'x\n' },
    read: 'src/x.ts',
  },
  {
    name: 'read-no-design',
    why: 'tQ: only the instruction names are discovered on a read, DESIGN.md is not',
    tree: { ...GIT, 'src/DESIGN.md': 'design below\n', 'src/AGENTS.md': 'src\n', 'src/x.ts': 'x\n' },
    read: 'src/x.ts',
  },
  {
    name: 'read-in-cwd-nothing',
    why: 'getIntermediateDirectories: a read in the working directory (the git root) discovers nothing',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'x.ts': 'x\n' },
    read: 'x.ts',
  },
  {
    name: 'read-below-cwd-in-repo',
    why: 'getIntermediateDirectories: the boundary is the git root, so files already sent at the start are not sent again',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'pkg\n', 'pkg/src/AGENTS.md': 'pkg src\n', 'pkg/src/x.ts': 'x\n' },
    cwd: 'pkg',
    read: 'pkg/src/x.ts',
  },
  {
    name: 'read-in-factory-folder',
    why: 'tQ: a read inside a .factory folder discovers the folder holding it, and nothing twice',
    tree: { ...GIT, 'lib/AGENTS.md': 'lib\n', 'lib/.factory/AGENTS.md': 'lib factory\n', 'lib/.factory/notes.md': 'notes\n' },
    read: 'lib/.factory/notes.md',
  },
  {
    name: 'read-no-git',
    why: 'getIntermediateDirectories: without a git root the boundary is the working directory',
    tree: { 'sub/AGENTS.md': 'sub no git\n', 'sub/deep/AGENTS.md': 'deep\n', 'sub/deep/y.ts': 'y\n' },
    cwd: 'sub',
    read: 'sub/deep/y.ts',
  },
  {
    name: 'read-linked-skipped',
    why: 'dUL/eAn: a linked file is passed over on a read too',
    tree: { ...GIT, 'real.md': 'target\n', 'src/AGENTS.md': { link: '../real.md' }, 'src/CLAUDE.md': 'claude below\n', 'src/x.ts': 'x\n' },
    read: 'src/x.ts',
  },
  {
    name: 'read-limit-skip',
    why: 'discoverGuidelines: one read discovers at most 40,000 characters; a file past it is passed over and a later smaller one still sent',
    tree: {
      ...GIT,
      'a/AGENTS.md': long(30_000, 'a'),
      'a/b/AGENTS.md': long(20_000, 'b'),
      'a/b/CLAUDE.md': 'small, still fits\n',
      'a/b/x.ts': 'x\n',
    },
    read: 'a/b/x.ts',
  },
  {
    name: 'read-empty-file',
    why: 'ANM: an empty file discovered on a read is an empty block',
    tree: { ...GIT, 'src/AGENTS.md': '', 'src/x.ts': 'x\n' },
    read: 'src/x.ts',
  },
  // ---- listings: skills and custom droids ------------------------------------------------------------
  {
    name: 'skills-on-touch-multiline-description',
    why: 'a skill a read discovers is listed after the read with its description as written, line breaks kept (the launch list makes it one line), a blank line between entries',
    tree: {
      ...GIT,
      'pkg/.factory/skills/multi/SKILL.md': '---\nname: multi\ndescription: |\n  first line\n  second line\n---\nThe body.\n',
      'pkg/.factory/skills/single/SKILL.md': '---\nname: single\ndescription: One line\n---\nThe body.\n',
      'pkg/src/b.ts': 'export const b = 2;\n',
    },
    read: 'pkg/src/b.ts',
  },
  {
    name: 'skills-description-empty-crlf-git-status',
    why: 'a skill with an empty or blank description is listed as "No description provided", one without a description or with one that is not text is not; a header written with CRLF reads as the same header; in a repository git takes for one, Droid sends its git status too',
    tree: {
      ...gitRepository(),
      '.factory/skills/empty/SKILL.md': '---\nname: empty\ndescription: ""\n---\nThe body.\n',
      '.factory/skills/blank/SKILL.md': '---\nname: blank\ndescription: "   "\n---\nThe body.\n',
      '.factory/skills/missing/SKILL.md': '---\nname: missing\n---\nThe body.\n',
      '.factory/skills/number/SKILL.md': '---\nname: number\ndescription: 42\n---\nThe body.\n',
      '.factory/skills/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: Written with CRLF\r\n---\r\nThe body.\r\n',
    },
  },
  {
    name: 'skills-folders-order',
    why: "c6I/rMH: project skills of .factory, then .agents, then .agent, each folder in localeCompare order, then the home's; before the built-in ones",
    tree: {
      ...GIT,
      'AGENTS.md': 'rule\n',
      '.factory/skills/zed/SKILL.md': skill('zed', 'Zed in factory.'),
      '.factory/skills/alpha/SKILL.md': skill('alpha', 'Alpha in factory.'),
      '.agents/skills/beta/SKILL.md': skill('beta', 'Beta in agents.'),
      '.agent/skills/gamma/SKILL.md': skill('gamma', 'Gamma in agent.'),
    },
    home: {
      '.factory/skills/home-skill/SKILL.md': skill('home-skill', 'From the home.'),
      '.agents/skills/other/SKILL.md': skill('other', 'Home agents.'),
    },
  },
  {
    name: 'skills-name-clash',
    why: 'Bp0: the first skill of a name wins (the project before the home; .factory before .agents)',
    tree: {
      ...GIT,
      '.factory/skills/dup/SKILL.md': skill('dup', 'Project factory dup.'),
      '.agents/skills/dup/SKILL.md': skill('dup', 'Project agents dup.'),
    },
    home: { '.factory/skills/dup/SKILL.md': skill('dup', 'Home dup.') },
  },
  {
    name: 'skills-not-listed',
    why: 'f1n/cW$: no description, a name that is not lower-case, an empty body, enabled: false and disable-model-invocation: true keep a skill out',
    tree: {
      ...GIT,
      '.factory/skills/ok/SKILL.md': skill('ok', 'Listed.'),
      '.factory/skills/no-desc/SKILL.md': '---\nname: no-desc\n---\nBody.\n',
      '.factory/skills/upper/SKILL.md': skill('Upper', 'Bad name.'),
      '.factory/skills/empty/SKILL.md': '---\nname: empty\ndescription: No body.\n---\n',
      '.factory/skills/off/SKILL.md': skill('off', 'Turned off.', 'enabled: false\n'),
      '.factory/skills/hidden/SKILL.md': skill('hidden', 'Not for the model.', 'disable-model-invocation: true\n'),
    },
  },
  {
    name: 'skills-nested-folders',
    why: 'rMH: a folder without SKILL.md is searched for skill folders below it',
    tree: {
      ...GIT,
      '.factory/skills/group/inner/SKILL.md': skill('inner', 'Inside a group.'),
      '.factory/skills/group/deeper/more/SKILL.md': skill('more', 'Two levels down.'),
      '.factory/skills/top/SKILL.md': skill('top', 'At the top.'),
    },
  },
  {
    name: 'skill-description-shape',
    why: 'K6I/lNM: white space runs made one space, a description past 1,024 characters cut to 1,023 and an ellipsis',
    tree: {
      ...GIT,
      '.factory/skills/spaced/SKILL.md': '---\nname: spaced\ndescription: |\n  Line one\n    line two\twith tab\n---\nBody.\n',
      '.factory/skills/long/SKILL.md': skill('long', `${'word '.repeat(300)}end`),
    },
  },
  {
    name: 'skills-other-agents-not-read',
    why: "run: .claude/skills, .github/skills and .codex/skills are not Droid's skills folders",
    tree: {
      ...GIT,
      '.claude/skills/claude-one/SKILL.md': skill('claude-one', 'Claude Code skill.'),
      '.github/skills/gh-one/SKILL.md': skill('gh-one', 'Copilot skill.'),
      '.factory/skills/droid-one/SKILL.md': skill('droid-one', 'Droid skill.'),
    },
  },
  {
    name: 'skills-folder-level-first',
    why: "loadLocalSettingsHierarchy: a .factory folder between the working directory and the git root lists its skills before the project's",
    tree: {
      ...GIT,
      '.factory/skills/root-skill/SKILL.md': skill('root-skill', 'At the git root.'),
      'pkg/.factory/skills/pkg-skill/SKILL.md': skill('pkg-skill', 'In the package.'),
      'pkg/.agents/skills/pkg-agents/SKILL.md': skill('pkg-agents', 'Package agents folder.'),
      'pkg/AGENTS.md': 'pkg\n',
    },
    cwd: 'pkg',
  },
  {
    name: 'droids-project-and-home',
    why: 'YkM: custom droids of the project\'s and the home\'s .factory/droids, each "- name: description (location: …)"',
    tree: { ...GIT, '.factory/droids/reviewer.md': droid('name: reviewer\ndescription: Reviews code.\nmodel: inherit\n') },
    home: { '.factory/droids/helper.md': droid('name: helper\ndescription: Helps out.\n') },
  },
  {
    name: 'droid-name-from-file',
    why: 'fy$: a droid without a name in its header is named after its file; without a description only its location follows',
    tree: { ...GIT, '.factory/droids/plain-one.md': 'You are a plain droid.\n' },
  },
  {
    name: 'droids-name-clash',
    why: "c6t: the project's droid wins over the home's of the same name",
    tree: { ...GIT, '.factory/droids/same.md': droid('name: same\ndescription: Project one.\n') },
    home: { '.factory/droids/same.md': droid('name: same\ndescription: Home one.\n') },
  },
  {
    name: 'commands-not-listed',
    why: 'run: .factory/commands and .agents/commands are slash commands for the user, never listed to the model',
    tree: {
      ...GIT,
      'AGENTS.md': 'rule\n',
      '.factory/commands/deploy.md': '---\ndescription: Deploy it\n---\nDeploy now.\n',
      '.agents/commands/check.md': 'Check things.\n',
    },
  },
  {
    name: 'read-discovers-skills',
    why: 'discoverSkills/ANM: a read lists the skills of the folders it walks after the files, "- name: description (project)"',
    tree: {
      ...GIT,
      'src/AGENTS.md': 'src rule\n',
      'src/.factory/skills/local/SKILL.md': skill('local', 'A skill found on a read.'),
      'src/.agents/skills/near/SKILL.md': skill('near', 'Another one.'),
      'src/x.ts': 'x\n',
    },
    read: 'src/x.ts',
  },
  {
    name: 'read-skill-already-listed',
    why: 'INM: a skill found on a read whose name was listed at the start is not listed again',
    tree: {
      ...GIT,
      '.factory/skills/same/SKILL.md': skill('same', 'At the start.'),
      'src/.factory/skills/same/SKILL.md': skill('same', 'Found again.'),
      'src/.factory/skills/fresh/SKILL.md': skill('fresh', 'Only below.'),
      'src/x.ts': 'x\n',
    },
    read: 'src/x.ts',
  },
  {
    name: 'read-case-twin-above',
    why: 'checkDirForGuidelines: a case twin left out at the start is sent when a read walks its folder (the working directory below the git root)',
    tree: { ...GIT, 'pkg/CLAUDE.md': 'upper\n', 'pkg/Claude.md': 'mixed, sent on the read\n', 'pkg/sub/x.ts': 'x\n' },
    cwd: 'pkg',
    read: 'pkg/sub/x.ts',
  },
  {
    name: 'skill-named-like-builtin',
    why: "Bp0: a repository skill named like a built-in one is listed with the repository's, and the built-in one is not",
    tree: { ...GIT, '.factory/skills/review/SKILL.md': skill('review', "The repository's own review.") },
  },
  {
    name: 'droids-folder-level',
    why: "loadLocalSettingsHierarchy/c6t: the .factory/droids of a folder between the working directory and the git root come before the project's",
    tree: {
      ...GIT,
      '.factory/droids/root-droid.md': droid('name: root-droid\ndescription: At the root.\n'),
      'pkg/.factory/droids/pkg-droid.md': droid('name: pkg-droid\ndescription: In the package.\n'),
      'pkg/AGENTS.md': 'pkg\n',
    },
    cwd: 'pkg',
  },
  {
    name: 'design-case-twins',
    why: 'eWt: one design file per folder too: DESIGN.md before Design.md and design.md',
    tree: { ...GIT, 'DESIGN.md': 'upper design\n', 'design.md': 'lower design\n', '.agents/Design.md': 'title design in agents\n' },
  },
  {
    name: 'parent-dot-folders',
    why: "YJA: the .agents and .agent folders of every folder up to the git root, after that folder's own files",
    tree: {
      ...GIT,
      '.agents/AGENTS.md': 'root agents folder\n',
      '.agent/CLAUDE.md': 'root agent folder\n',
      'AGENTS.md': 'root\n',
      'a/b/.agent/AGENTS.md': 'b agent folder\n',
      'a/b/CLAUDE.md': 'b\n',
    },
    cwd: 'a/b',
  },
  {
    name: 'read-link-claims-target',
    why: "checkDirForGuidelines: on a read a link (CLAUDE.md to AGENTS.md) claims its target's real path and is passed over, so AGENTS.md is not sent either; at the start the link alone is passed over (seen with the demo workspace)",
    tree: {
      ...GIT,
      'CLAUDE.md': { link: 'AGENTS.md' },
      'AGENTS.md': 'root agents, sent at the start\n',
      'src/CLAUDE.md': { link: 'AGENTS.md' },
      'src/AGENTS.md': 'src agents, not sent on the read\n',
      'src/lib/AGENTS.md': 'lib agents\n',
      'src/lib/x.ts': 'x\n',
    },
    read: 'src/lib/x.ts',
  },
];
