/**
 * Kilo Code CLI 7.7.7 cases. Sources: the release's own bundled code (its `Instruction` service:
 * the global file, the project walk by name, `instructions` paths and globs with their trust, the
 * files the read tool loads; `ConfigMarkdown` and `ConfigVariable`: what is read and substituted
 * in a file; its `Config` service and `RulesMigrator`: which configuration files and legacy rules
 * are merged, in what order), the switches it reads from the environment. Each file's text is unique.
 *
 * A repository here is a real git repository (`HEAD`, `objects`, `refs`): Kilo asks git for the
 * worktree. Every configuration file carries `$schema`: Kilo writes it into a file that lacks it.
 */
import type { OracleCase } from '../case';

export const GIT = { '.git/HEAD': 'ref: refs/heads/main\n', '.git/objects': { dir: true }, '.git/refs': { dir: true } } as const;

/** A Kilo configuration file's text. */
export function kc(config: Record<string, unknown>): string {
  return JSON.stringify({ $schema: 'https://app.kilo.ai/config.json', ...config }, null, 2) + '\n';
}

const GLOBAL = '.config/kilo';

/** The .gitignore Kilo writes into each configuration folder it reads (laid first, so the tree does not change). */
export const KILO_GITIGNORE = [
  'node_modules',
  'package.json',
  'package-lock.json',
  'pnpm-lock.yaml',
  'bun.lock',
  'yarn.lock',
  '.gitignore',
  'agent-manager.json',
].join('\n');

export const cases: OracleCase[] = [
  // ---- the project walk: the working directory up to the worktree ------------------------------
  {
    name: 'root-and-cwd',
    why: 'Instruction.systemSources: every AGENTS.md from the cwd up to the worktree, nearest first',
    tree: { ...GIT, 'AGENTS.md': 'Root rules.\n', 'sub/AGENTS.md': 'Sub rules.\n' },
    cwd: 'sub',
  },
  {
    name: 'cwd-is-root',
    why: 'Instruction.systemSources: nothing below the cwd at the start of a session',
    tree: { ...GIT, 'AGENTS.md': 'Only the root.\n', 'sub/AGENTS.md': 'Below the cwd: not at the start.\n' },
  },
  {
    name: 'three-levels-with-a-gap',
    why: 'findUp: a directory without the name is passed over; nearest first',
    tree: { ...GIT, 'AGENTS.md': 'Level zero.\n', 'a/b/AGENTS.md': 'Level two.\n', 'a/b/c/AGENTS.md': 'Level three.\n' },
    cwd: 'a/b/c',
  },
  {
    name: 'above-the-repository-not-read',
    why: 'findUp stops at the worktree (git toplevel)',
    tree: {
      'AGENTS.md': 'Above the repository.\n',
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/.git/objects': { dir: true },
      'repo/.git/refs': { dir: true },
      'repo/AGENTS.md': 'The repository.\n',
    },
    cwd: 'repo',
  },
  {
    name: 'nested-repository',
    why: 'the worktree is the nearest git toplevel: the outer repository is not walked',
    tree: {
      ...GIT,
      'AGENTS.md': 'Outer repository.\n',
      'inner/.git/HEAD': 'ref: refs/heads/main\n',
      'inner/.git/objects': { dir: true },
      'inner/.git/refs': { dir: true },
      'inner/AGENTS.md': 'Inner repository.\n',
      'inner/src/AGENTS.md': 'Inner src.\n',
    },
    cwd: 'inner/src',
  },
  {
    name: 'claude-md-fallback',
    why: 'the names AGENTS.md, CLAUDE.md, CONTEXT.md in order: CLAUDE.md when no AGENTS.md is on the walk',
    tree: { ...GIT, 'CLAUDE.md': 'Claude rules at the root.\n', 'sub/CLAUDE.md': 'Claude rules in sub.\n' },
    cwd: 'sub',
  },
  {
    name: 'agents-md-wins-the-walk',
    why: 'the first name found anywhere on the walk wins it: a CLAUDE.md in the cwd is not sent when an AGENTS.md is above',
    tree: { ...GIT, 'AGENTS.md': 'Agents at the root.\n', 'sub/CLAUDE.md': 'Claude in the cwd.\n' },
    cwd: 'sub',
  },
  {
    name: 'context-md-fallback',
    why: 'CONTEXT.md, the third name',
    tree: { ...GIT, 'CONTEXT.md': 'Context file.\n' },
  },
  {
    name: 'empty-agents-md-claims-the-walk',
    why: 'names are chosen by existence: an empty AGENTS.md sends nothing and keeps CLAUDE.md out',
    tree: { ...GIT, 'AGENTS.md': '', 'CLAUDE.md': 'Claude, shadowed by an empty AGENTS.md.\n' },
  },
  {
    name: 'whitespace-only-file',
    why: 'only an empty text is dropped: a file of blank lines is sent as it is',
    tree: { ...GIT, 'AGENTS.md': '\n  \n' },
  },
  {
    name: 'bom-and-crlf',
    why: 'ConfigMarkdown.read: a project file is read by readFile, which keeps a leading BOM; CRLF line ends are kept',
    tree: { ...GIT, 'AGENTS.md': '\ufeffFirst line.\r\nSecond line.\r\n' },
  },
  {
    name: 'bom-in-global-file',
    why: "ConfigMarkdown.read: a trusted file is read by Kilo's text reader, which keeps a leading BOM too",
    tree: { ...GIT },
    home: { [`${GLOBAL}/AGENTS.md`]: '\ufeffGlobal with a BOM.\n' },
  },
  {
    name: 'no-repository',
    why: 'without a repository the worktree is "/": the walk goes up to the filesystem root, the project scope is the cwd',
    tree: { 'AGENTS.md': 'No repository root.\n', 'sub/AGENTS.md': 'No repository sub.\n' },
    cwd: 'sub',
  },
  // ---- global files ---------------------------------------------------------------------------
  {
    name: 'global-agents-md',
    why: 'the global file ~/.config/kilo/AGENTS.md, first, trusted',
    tree: { ...GIT, 'AGENTS.md': 'Project file.\n' },
    home: { [`${GLOBAL}/AGENTS.md`]: 'Global Kilo rules.\n' },
  },
  {
    name: 'global-claude-md',
    why: "the global list's last entry: ~/.claude/CLAUDE.md",
    tree: { ...GIT, 'AGENTS.md': 'Project beside the Claude global.\n' },
    home: { '.claude/CLAUDE.md': 'Claude global rules.\n' },
  },
  {
    name: 'global-kilo-before-claude',
    why: 'one global file: the first that exists',
    tree: { ...GIT },
    home: { [`${GLOBAL}/AGENTS.md`]: 'Kilo global wins.\n', '.claude/CLAUDE.md': 'Claude global loses.\n' },
  },
  {
    name: 'disable-claude-code',
    why: 'KILO_DISABLE_CLAUDE_CODE drops the CLAUDE.md names, project and global',
    tree: { ...GIT, 'CLAUDE.md': 'Project Claude, off.\n', 'CONTEXT.md': 'Context instead.\n' },
    home: { '.claude/CLAUDE.md': 'Global Claude, off.\n' },
    env: { KILO_DISABLE_CLAUDE_CODE: '1' },
  },
  {
    name: 'disable-project-config',
    why: 'KILO_DISABLE_PROJECT_CONFIG: no project file, the global one still',
    tree: { ...GIT, 'AGENTS.md': 'Project file, off.\n' },
    home: { [`${GLOBAL}/AGENTS.md`]: 'Global file stays.\n' },
    env: { KILO_DISABLE_PROJECT_CONFIG: '1' },
  },
  // ---- instructions ---------------------------------------------------------------------------
  {
    name: 'instructions-relative-path',
    why: 'instructions in kilo.json: a relative entry globbed from the cwd up to the worktree',
    tree: { ...GIT, 'AGENTS.md': 'Main file.\n', 'kilo.json': kc({ instructions: ['docs/style.md'] }), 'docs/style.md': 'Style guide.\n' },
  },
  {
    name: 'instructions-glob',
    why: 'instructions: a glob entry, matches in name order',
    tree: {
      ...GIT,
      'kilo.jsonc': '// comments are allowed\n' + kc({ instructions: ['rules/*.md'] }),
      'rules/b.md': 'Rule B.\n',
      'rules/a.md': 'Rule A.\n',
      'rules/skip.txt': 'Not markdown.\n',
    },
  },
  {
    name: 'instructions-in-dot-kilo',
    why: 'the configuration folder .kilo holds kilo.json too',
    tree: {
      ...GIT,
      '.kilo/kilo.json': kc({ instructions: ['team.md'] }),
      '.kilo/.gitignore': KILO_GITIGNORE,
      'team.md': 'Team rules.\n',
    },
  },
  {
    name: 'instructions-in-opencode-json',
    why: 'Kilo reads opencode.json as a project configuration too (after kilo.json)',
    tree: {
      ...GIT,
      'kilo.json': kc({ instructions: ['first.md'] }),
      'opencode.json': kc({ instructions: ['second.md'] }),
      'first.md': 'From kilo.json.\n',
      'second.md': 'From opencode.json.\n',
    },
  },
  {
    name: 'instructions-repeat-project-file',
    why: 'a path already in the session is not sent twice',
    tree: { ...GIT, 'AGENTS.md': 'Sent once.\n', 'kilo.json': kc({ instructions: ['AGENTS.md', 'extra.md'] }), 'extra.md': 'Extra.\n' },
  },
  {
    name: 'instructions-global-absolute-home',
    why: "an absolute (~/) entry of the user's global configuration is trusted: read outside the project",
    tree: { ...GIT, 'AGENTS.md': 'Project.\n' },
    home: { [`${GLOBAL}/kilo.json`]: kc({ instructions: ['~/notes/personal.md'] }), 'notes/personal.md': 'Personal notes.\n' },
  },
  {
    name: 'instructions-project-outside-worktree',
    why: "an entry of the project's configuration naming a file outside the worktree is not trusted: Kilo does not read it",
    tree: {
      'outside.md': 'Outside the repository.\n',
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/.git/objects': { dir: true },
      'repo/.git/refs': { dir: true },
      'repo/AGENTS.md': 'Inside the repository.\n',
      'repo/kilo.json': kc({ instructions: ['{{root}}/outside.md'] }),
    },
    cwd: 'repo',
  },
  // ---- the legacy Kilo Code rules -------------------------------------------------------------
  {
    name: 'legacy-kilocode-rules',
    why: 'RulesMigrator: .kilocode/rules/*.md of the cwd, as instructions before every configuration file',
    tree: {
      ...GIT,
      'AGENTS.md': 'Agents first.\n',
      '.kilocode/rules/one.md': 'Legacy rule one.\n',
      '.kilocode/rules/two.md': 'Legacy rule two.\n',
      '.kilocode/.gitignore': KILO_GITIGNORE,
      'kilo.json': kc({ instructions: ['later.md'] }),
      'later.md': 'From kilo.json, after the rules.\n',
    },
  },
  {
    name: 'legacy-rules-kilo-before-kilocode',
    why: 'RulesMigrator: .kilo/rules before .kilocode/rules, one file per name; .kilocoderules after',
    tree: {
      ...GIT,
      '.kilo/rules/shared.md': 'Shared from .kilo.\n',
      '.kilocode/rules/shared.md': 'Shared from .kilocode, dropped.\n',
      '.kilocode/rules/own.md': 'Only in .kilocode.\n',
      '.kilocoderules': 'The legacy single file.\n',
      '.kilo/.gitignore': KILO_GITIGNORE,
      '.kilocode/.gitignore': KILO_GITIGNORE,
    },
  },
  {
    name: 'legacy-mode-rules',
    why: 'RulesMigrator: mode rules (rules-code, .kilocoderules-architect) are included too',
    tree: {
      ...GIT,
      '.kilocode/rules-code/code.md': 'Code mode rule.\n',
      '.kilocoderules-architect': 'Architect mode rule.\n',
      '.kilocode/.gitignore': KILO_GITIGNORE,
    },
  },
  {
    name: 'legacy-global-rules',
    why: 'RulesMigrator: ~/.kilocode/rules/*.md, trusted',
    tree: { ...GIT, 'AGENTS.md': 'Project.\n' },
    home: { '.kilocode/rules/global.md': 'Global legacy rule.\n' },
  },
  // ---- substitution in instruction files --------------------------------------------------------
  {
    name: 'env-reference-drops-project-file',
    why: 'ConfigVariable.substitute (markdown, untrusted): an {env:…} reference in a project file drops it',
    tree: { ...GIT, 'AGENTS.md': 'Root keeps.\n', 'sub/AGENTS.md': 'Home is {env:HOME}.\n' },
    cwd: 'sub',
  },
  {
    name: 'env-reference-global-substituted',
    why: 'ConfigVariable.substitute (trusted): {env:…} in the global file is replaced by the value',
    tree: { ...GIT },
    home: { [`${GLOBAL}/AGENTS.md`]: 'Team is {env:HOLARYN_KILO_TEAM}; missing is "{env:HOLARYN_KILO_NONE}".\n' },
    env: { HOLARYN_KILO_TEAM: 'blue' },
  },
  {
    name: 'file-reference-inlined',
    why: 'ConfigVariable.substitute: {file:…} is replaced by the trimmed text of the file, relative to the instruction file',
    tree: {
      ...GIT,
      'AGENTS.md': 'Before.\n{file:docs/part.md}\nMissing: [{file:docs/none.md}]\n// {file:docs/part.md}\nPrice: ${file:docs/part.md}\n',
      'docs/part.md': '\n  Inlined part.\n\n',
    },
  },
  {
    name: 'dollar-env-left-as-written',
    why: 'a ${env:…} reference in a project file is not a reference (markdown mode) and is sent as written',
    tree: { ...GIT, 'AGENTS.md': 'Shell: ${env:HOME} stays.\n' },
  },
  {
    name: 'link-outside-worktree',
    why: 'ConfigMarkdown.read: a project file whose real path is outside the worktree (in the home) is blocked',
    tree: { ...GIT, 'AGENTS.md': { link: '{{home}}/notes/outside.md' }, 'sub/AGENTS.md': 'The sub folder.\n' },
    home: { 'notes/outside.md': 'Linked from the home.\n' },
    cwd: 'sub',
  },
  // ---- on touch: the read tool ----------------------------------------------------------------
  {
    name: 'read-loads-nested',
    why: 'Instruction.resolve: a read loads the AGENTS.md of the folders between the file and the cwd',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root.\n',
      'pkg/AGENTS.md': 'Package rules.\n',
      'pkg/src/AGENTS.md': 'Source rules.\n',
      'pkg/src/a.ts': 'export const a = 1;\n',
    },
    read: 'pkg/src/a.ts',
  },
  {
    name: 'read-claude-fallback-per-folder',
    why: 'Instruction.find: per folder the first of the names, CLAUDE.md where a folder has no AGENTS.md',
    tree: { ...GIT, 'AGENTS.md': 'Root.\n', 'pkg/CLAUDE.md': 'Package Claude.\n', 'pkg/a.ts': 'export const b = 2;\n' },
    read: 'pkg/a.ts',
  },
  // ---- listings: skills ---------------------------------------------------------------------
  {
    name: 'skills-every-folder',
    why: 'Skill.discovery: ~/.agents/skills, the project .claude and .agents skills, .kilo and .kilocode skill(s) folders; listed sorted by name',
    tree: {
      ...GIT,
      'AGENTS.md': 'With skills.\n',
      '.kilo/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Ships the build.\n---\nDeploy body.\n',
      '.kilo/.gitignore': KILO_GITIGNORE,
      '.kilocode/skill/audit/SKILL.md': '---\nname: audit\ndescription: Audits the code.\n---\nAudit body.\n',
      '.kilocode/.gitignore': KILO_GITIGNORE,
      '.claude/skills/review/SKILL.md': '---\nname: review\ndescription: Reviews a change & says <why>.\n---\nReview body.\n',
      '.agents/skills/tests/SKILL.md': '---\nname: run-tests\ndescription: Runs the tests.\n---\nTests body.\n',
    },
    home: { '.agents/skills/mine/SKILL.md': '---\nname: mine\ndescription: My own skill.\n---\nMine.\n' },
  },
  {
    name: 'skills-name-clash-later-wins',
    why: 'Skill.state: a later skill of the same name replaces the earlier (.kilo after .claude); one without a description is not listed',
    tree: {
      ...GIT,
      'AGENTS.md': 'Clashing skills.\n',
      '.claude/skills/fmt/SKILL.md': '---\nname: fmt\ndescription: Claude formatter.\n---\nC.\n',
      '.kilo/skills/fmt/SKILL.md': '---\nname: fmt\ndescription: Kilo formatter.\n---\nK.\n',
      '.kilo/skills/quiet/SKILL.md': '---\nname: quiet\n---\nNo description.\n',
      '.kilo/.gitignore': KILO_GITIGNORE,
    },
  },
  // ---- listings: subagents in the task tool ---------------------------------------------------
  {
    name: 'subagents-in-task-tool',
    why: 'ToolRegistry.describeTask: agents of .kilo/agents, .kilocode/agent and the global folder, not primary ones, sorted by name',
    tree: {
      ...GIT,
      'AGENTS.md': 'With agents.\n',
      '.kilo/agents/reviewer.md': '---\ndescription: Reviews diffs for bugs.\nmode: subagent\n---\nYou review.\n',
      '.kilo/agents/boss.md': '---\ndescription: The primary boss.\nmode: primary\n---\nYou lead.\n',
      '.kilo/.gitignore': KILO_GITIGNORE,
      '.kilocode/agent/helper.md': '---\nmode: subagent\n---\nYou help.\n',
      '.kilocode/.gitignore': KILO_GITIGNORE,
    },
    home: { [`${GLOBAL}/agent/archivist.md`]: '---\ndescription: Files things away.\n---\nYou archive.\n' },
  },
];
