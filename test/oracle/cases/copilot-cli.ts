/**
 * GitHub Copilot CLI 1.0.102, checked by `copilot instruction list --json` (files only: the
 * listing needs no login, a prompt does). Each case says which point of the bundle's discovery
 * (cli-main.js's /help list of instruction locations, the native runtime's discovery) it checks.
 */
import type { OracleCase } from '../case';

/** A repository as git finds it (HEAD, objects and refs): without the folders the agent sees no repository. */
const GIT = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.git/config': '[core]\n\trepositoryformatversion = 0\n',
  '.git/objects': { dir: true as const },
  '.git/refs/heads': { dir: true as const },
};

export const cases: OracleCase[] = [
  {
    name: 'empty-repository',
    why: 'no instruction file: the listing is empty',
    tree: { ...GIT, 'README.md': 'hello\n' },
  },
  {
    name: 'copilot-instructions',
    why: '.github/copilot-instructions.md at the repository root (the /help list)',
    tree: { ...GIT, '.github/copilot-instructions.md': 'Use tabs.\n' },
  },
  {
    name: 'agents-md',
    why: 'AGENTS.md at the repository root',
    tree: { ...GIT, 'AGENTS.md': 'Agents.\n' },
  },
  {
    name: 'claude-md',
    why: 'CLAUDE.md at the repository root',
    tree: { ...GIT, 'CLAUDE.md': 'Claude.\n' },
  },
  {
    name: 'gemini-md',
    why: 'GEMINI.md at the repository root',
    tree: { ...GIT, 'GEMINI.md': 'Gemini.\n' },
  },
  {
    name: 'all-root-names',
    why: 'every root name at once: the order of the listing (copilot-instructions, then AGENTS, CLAUDE, GEMINI)',
    tree: {
      ...GIT,
      'GEMINI.md': 'g\n',
      'CLAUDE.md': 'c\n',
      'AGENTS.md': 'a\n',
      '.github/copilot-instructions.md': 'r\n',
    },
  },
  {
    name: 'dot-claude-claude-md',
    why: '.claude/CLAUDE.md, a name the native runtime carries',
    tree: { ...GIT, '.claude/CLAUDE.md': 'dot claude\n' },
  },
  {
    name: 'lowercase-names',
    why: 'agents.md and claude.md in lower case on a case-sensitive file system',
    tree: { ...GIT, 'agents.md': 'lower a\n', 'claude.md': 'lower c\n' },
  },
  {
    name: 'path-instructions',
    why: '.github/instructions/**/*.instructions.md with applyTo, in subfolders, sorted',
    tree: {
      ...GIT,
      '.github/instructions/b.instructions.md': '---\napplyTo: "**/*.ts"\n---\nb\n',
      '.github/instructions/a.instructions.md': '---\napplyTo: "**"\n---\na\n',
      '.github/instructions/deep/c.instructions.md': '---\napplyTo: "src/**"\n---\nc\n',
    },
  },
  {
    name: 'path-instructions-no-applyto',
    why: 'a .instructions.md without frontmatter, and a file not named *.instructions.md in the folder',
    tree: {
      ...GIT,
      '.github/instructions/plain.instructions.md': 'no frontmatter\n',
      '.github/instructions/notes.md': 'not an instruction file\n',
    },
  },
  {
    name: 'path-instructions-applyto-list',
    why: 'applyTo as a comma-separated string and as a YAML list',
    tree: {
      ...GIT,
      '.github/instructions/comma.instructions.md': '---\napplyTo: "**/*.ts,**/*.js"\n---\ncomma\n',
      '.github/instructions/list.instructions.md': '---\napplyTo:\n  - "**/*.md"\n---\nlist\n',
    },
  },
  {
    name: 'claude-rules',
    why: '.claude/rules/**/*.md (the /help list)',
    tree: { ...GIT, '.claude/rules/a.md': 'a\n', '.claude/rules/deep/b.md': 'b\n', '.claude/rules/c.txt': 'not md\n' },
  },
  {
    name: 'nested-below-cwd',
    why: 'nested AGENTS.md and CLAUDE.md below the working directory are not listed at start',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'nested\n', 'pkg/CLAUDE.md': 'nested claude\n' },
  },
  {
    name: 'cwd-in-subfolder',
    why: 'working directory in a subfolder of the repository: repository root files and the folder’s own',
    cwd: 'pkg',
    tree: {
      ...GIT,
      'AGENTS.md': 'root\n',
      '.github/copilot-instructions.md': 'repo\n',
      'pkg/AGENTS.md': 'pkg agents\n',
      'pkg/CLAUDE.md': 'pkg claude\n',
      'pkg/.github/copilot-instructions.md': 'pkg repo\n',
      'pkg/.github/instructions/p.instructions.md': '---\napplyTo: "**"\n---\np\n',
    },
  },
  {
    name: 'cwd-two-deep',
    why: 'working directory two folders down: files of the folder between are not read',
    cwd: 'a/b',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'a/AGENTS.md': 'middle\n', 'a/b/AGENTS.md': 'leaf\n' },
  },
  {
    name: 'cwd-root-and-own',
    why: 'working directory in a subfolder, AGENTS.md at the root and in the subfolder: both, root first',
    cwd: 'pkg',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'pkg\n', 'GEMINI.md': 'g\n', 'pkg/GEMINI.md': 'pkg g\n' },
  },
  {
    name: 'cwd-root-only',
    why: 'working directory in a subfolder that has no instruction file: the root’s files',
    cwd: 'pkg',
    tree: { ...GIT, 'AGENTS.md': 'root\n', '.github/instructions/r.instructions.md': 'r\n', 'pkg/x.txt': 'x\n' },
  },
  {
    name: 'link-claude-to-agents',
    why: 'CLAUDE.md a link to AGENTS.md: one source naming both',
    tree: { ...GIT, 'AGENTS.md': 'a\n', 'CLAUDE.md': { link: 'AGENTS.md' } },
  },
  {
    name: 'custom-instructions-dirs-relative',
    why: 'a relative folder in COPILOT_CUSTOM_INSTRUCTIONS_DIRS is taken from the working directory',
    tree: { ...GIT, 'AGENTS.md': 'a\n', 'one/AGENTS.md': 'one\n' },
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: 'one' },
  },
  {
    name: 'custom-instructions-dirs-colon',
    why: 'a colon does not separate folders in COPILOT_CUSTOM_INSTRUCTIONS_DIRS',
    tree: { ...GIT, 'one/AGENTS.md': 'one\n' },
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: '{{root}}/one:{{root}}/two' },
  },
  {
    name: 'custom-instructions-dirs-rules',
    why: 'in a COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder: .github/instructions and .claude/rules files, not its copilot-instructions.md, CLAUDE.md or nested AGENTS.md',
    tree: {
      ...GIT,
      'one/.github/copilot-instructions.md': 'x\n',
      'one/.claude/rules/r.md': 'r\n',
      'one/.github/instructions/d/e.instructions.md': 'e\n',
      'one/CLAUDE.md': 'c\n',
      'one/sub/AGENTS.md': 's\n',
    },
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: '{{root}}/one' },
  },
  {
    name: 'no-git',
    why: 'no repository: the working directory’s own files',
    tree: { 'AGENTS.md': 'no git\n', '.github/copilot-instructions.md': 'no git repo\n' },
  },
  {
    name: 'no-git-subfolder',
    why: 'no repository, working directory in a subfolder: nothing above it is read',
    cwd: 'sub',
    tree: { 'AGENTS.md': 'above\n', 'sub/CLAUDE.md': 'here\n' },
  },
  {
    name: 'home-instructions',
    why: '$HOME/.copilot/copilot-instructions.md and $HOME/.copilot/instructions/**/*.instructions.md',
    tree: { ...GIT, 'AGENTS.md': 'repo\n' },
    home: {
      '.copilot/copilot-instructions.md': 'personal\n',
      '.copilot/instructions/p.instructions.md': 'personal rule\n',
      '.copilot/instructions/deep/q.instructions.md': '---\napplyTo: "**/*.py"\n---\nq\n',
      '.copilot/instructions/notes.md': 'not listed\n',
    },
  },
  {
    name: 'home-other-names',
    why: 'AGENTS.md, CLAUDE.md under ~/.copilot and ~/.claude/CLAUDE.md are not user instructions here',
    tree: { ...GIT },
    home: { '.copilot/AGENTS.md': 'a\n', '.claude/CLAUDE.md': 'c\n', '.gemini/GEMINI.md': 'g\n', '.codex/AGENTS.md': 'x\n' },
  },
  {
    name: 'copilot-home',
    why: 'COPILOT_HOME moves the user folder',
    tree: { ...GIT },
    home: { '.copilot/copilot-instructions.md': 'default\n', 'alt/copilot-instructions.md': 'moved\n' },
    env: { COPILOT_HOME: '{{home}}/alt' },
  },
  {
    name: 'custom-instructions-dirs',
    why: 'COPILOT_CUSTOM_INSTRUCTIONS_DIRS names more folders: which files of them are read',
    tree: {
      ...GIT,
      'extra/AGENTS.md': 'extra agents\n',
      'extra/copilot-instructions.md': 'extra copilot\n',
      'extra/.github/copilot-instructions.md': 'extra github\n',
      'extra/.github/instructions/e.instructions.md': 'extra rule\n',
      'extra/CLAUDE.md': 'extra claude\n',
    },
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: '{{root}}/extra' },
  },
  {
    name: 'custom-instructions-dirs-two',
    why: 'two folders in COPILOT_CUSTOM_INSTRUCTIONS_DIRS, comma separated',
    tree: { ...GIT, 'one/AGENTS.md': 'one\n', 'two/AGENTS.md': 'two\n' },
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: '{{root}}/one,{{root}}/two' },
  },
  {
    name: 'empty-files',
    why: 'empty and blank instruction files',
    tree: { ...GIT, 'AGENTS.md': '', 'CLAUDE.md': '  \n\n', '.github/copilot-instructions.md': 'text\n' },
  },
  {
    name: 'bom',
    why: 'a file starting with a byte order mark',
    tree: { ...GIT, 'AGENTS.md': { bytes: [0xef, 0xbb, 0xbf, 0x68, 0x69, 0x0a] } },
  },
  {
    name: 'link-inside',
    why: 'AGENTS.md a link to a file inside the repository',
    tree: { ...GIT, 'docs/guide.md': 'guide\n', 'AGENTS.md': { link: 'docs/guide.md' } },
  },
  {
    name: 'link-dangling',
    why: 'CLAUDE.md a dangling link',
    tree: { ...GIT, 'CLAUDE.md': { link: 'missing.md' }, 'AGENTS.md': 'a\n' },
  },
  {
    name: 'directory-named-agents-md',
    why: 'a folder named AGENTS.md is not a file',
    tree: { ...GIT, 'AGENTS.md/x.md': 'x\n', 'CLAUDE.md': 'c\n' },
  },
  {
    name: 'settings-files',
    why: 'repository and user settings files present (.github/copilot/settings.json, ~/.copilot/settings.json) change nothing listed',
    tree: { ...GIT, '.github/copilot/settings.json': '{ "model": "x" }\n', 'AGENTS.md': 'a\n' },
    home: { '.copilot/settings.json': '{ "model": "y" }\n', '.copilot/config.json': '{}\n' },
  },
  {
    name: 'everything-at-root',
    why: 'every kind at once, working directory at the root: the listing’s order across kinds and folders',
    tree: {
      ...GIT,
      '.github/copilot-instructions.md': 'repo\n',
      'AGENTS.md': 'a\n',
      'GEMINI.md': 'g\n',
      '.github/instructions/z.instructions.md': 'z\n',
      '.claude/rules/a.md': 'rule\n',
      'extra/AGENTS.md': 'extra agents\n',
      'extra/.github/instructions/x.instructions.md': 'x\n',
      'extra/.claude/rules/y.md': 'y\n',
    },
    home: { '.copilot/copilot-instructions.md': 'me\n', '.copilot/instructions/m.instructions.md': 'mine\n' },
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: '{{root}}/extra' },
  },
  {
    name: 'everything-in-subfolder',
    why: 'every kind at once, working directory two folders down: root, middle and working-directory files',
    cwd: 'a/b',
    tree: {
      ...GIT,
      '.github/copilot-instructions.md': 'repo\n',
      'AGENTS.md': 'a\n',
      'CLAUDE.md': 'c\n',
      '.github/instructions/z.instructions.md': 'z\n',
      '.claude/rules/r.md': 'root rule\n',
      'a/AGENTS.md': 'middle\n',
      'a/GEMINI.md': 'middle g\n',
      'a/.github/copilot-instructions.md': 'middle repo\n',
      'a/.github/instructions/m.instructions.md': 'middle rule\n',
      'a/b/CLAUDE.md': 'leaf c\n',
      'a/b/.github/copilot-instructions.md': 'leaf repo\n',
      'a/b/.github/instructions/l.instructions.md': 'leaf rule\n',
      'a/b/.claude/rules/k.md': 'leaf claude rule\n',
      'extra/.github/instructions/x.instructions.md': 'x\n',
    },
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: '{{root}}/extra' },
  },
  {
    name: 'three-deep-middles',
    why: 'two folders between the root and the working directory: their order',
    cwd: 'a/b/c',
    tree: { ...GIT, 'a/AGENTS.md': 'a\n', 'a/b/AGENTS.md': 'ab\n', 'a/b/c/AGENTS.md': 'abc\n' },
  },
  {
    name: 'binary-and-large-files',
    why: 'a file of NUL bytes and one of 64 KiB are sent whole (with 40 MiB, 1.0.102 sends no request: its static context is over the model budget)',
    tree: { ...GIT, 'AGENTS.md': { bytes: new Array(1024).fill(0) }, 'GEMINI.md': 'y'.repeat(64 * 1024) },
  },
];
