/**
 * opencode 1.18.33 cases. Sources: the release's own code (its `Instruction` service: the global
 * file, the project walk by name, `instructions` paths and globs, the files the read tool loads;
 * its `Config` service: which configuration files are merged, in what order), the switches it
 * reads from the environment, and opencode's docs on rules. Each file's text is unique.
 *
 * A repository here is a real git repository (`HEAD`, `objects`, `refs`): opencode asks git for
 * the worktree, and an empty `.git` folder is no repository to git. Every configuration file
 * carries `$schema`: opencode writes it into a file that lacks it, and the tree must not change.
 */
import type { OracleCase } from '../case';

export const GIT = { '.git/HEAD': 'ref: refs/heads/main\n', '.git/objects': { dir: true }, '.git/refs': { dir: true } } as const;

/** An opencode configuration file's text. */
export function oc(config: Record<string, unknown>): string {
  return JSON.stringify({ $schema: 'https://opencode.ai/config.json', ...config }, null, 2) + '\n';
}

/**
 * A `.opencode` folder at `at` as opencode leaves it after its first run (its .gitignore, and the
 * plugin package it installs recorded as installed), so that the run writes nothing into the tree.
 */
export function dotOpencode(at: string): OracleCase['tree'] {
  const dir = at === '' ? '.opencode' : `${at}/.opencode`;
  const plugin = { '@opencode-ai/plugin': '1.18.33' };
  return {
    [`${dir}/.gitignore`]: ['node_modules', 'package.json', 'package-lock.json', 'bun.lock', '.gitignore'].join('\n'),
    [`${dir}/node_modules`]: { dir: true },
    [`${dir}/package.json`]: JSON.stringify({ dependencies: plugin }),
    [`${dir}/package-lock.json`]: JSON.stringify({ packages: { '': { dependencies: plugin } } }),
  };
}

const GLOBAL = '.config/opencode';

export const cases: OracleCase[] = [
  // ---- the project walk: the working directory up to the worktree ------------------------------
  {
    name: 'root-and-cwd',
    why: 'Instruction.systemPaths: every AGENTS.md from the cwd up to the worktree, nearest first',
    tree: { ...GIT, 'AGENTS.md': 'Root rules.\n', 'sub/AGENTS.md': 'Sub rules.\n' },
    cwd: 'sub',
  },
  {
    name: 'cwd-is-root',
    why: 'Instruction.systemPaths: nothing below the cwd at the start of a session',
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
    name: 'no-git-walks-to-the-filesystem-root',
    why: 'no repository: the worktree is "/", so the walk goes up to the filesystem root',
    tree: { 'AGENTS.md': 'Above a cwd without a repository.\n', 'sub/AGENTS.md': 'The cwd.\n' },
    cwd: 'sub',
  },
  {
    name: 'empty-git-folder-is-no-repository',
    why: 'git does not take an empty .git folder for a repository: the walk goes on above it',
    tree: { 'AGENTS.md': 'Above the empty .git.\n', 'repo/.git': { dir: true }, 'repo/AGENTS.md': 'Beside an empty .git.\n' },
    cwd: 'repo',
  },

  // ---- names: AGENTS.md, CLAUDE.md, CONTEXT.md, the first name found anywhere --------------------
  {
    name: 'claude-md-fallback',
    why: 'Instruction.systemPaths: CLAUDE.md when no AGENTS.md is found on the way up',
    tree: { ...GIT, 'CLAUDE.md': 'Claude root.\n', 'sub/CLAUDE.md': 'Claude sub.\n' },
    cwd: 'sub',
  },
  {
    name: 'name-first-across-the-walk',
    why: 'Instruction.systemPaths: the first name found anywhere wins the whole walk: a CLAUDE.md in the cwd loses to an AGENTS.md above it',
    tree: { ...GIT, 'AGENTS.md': 'Root agents file.\n', 'sub/CLAUDE.md': 'Sub Claude file: not sent.\n' },
    cwd: 'sub',
  },
  {
    name: 'agents-beats-claude-beside-it',
    why: 'Instruction.systemPaths: AGENTS.md before CLAUDE.md',
    tree: {
      ...GIT,
      'AGENTS.md': 'Agents beside Claude.\n',
      'CLAUDE.md': 'Claude beside agents: not sent.\n',
      'CONTEXT.md': 'Context: not sent.\n',
    },
  },
  {
    name: 'context-md-last',
    why: 'Instruction.systemPaths: CONTEXT.md, the third name (deprecated)',
    tree: { ...GIT, 'CONTEXT.md': 'The context file.\n', 'sub/CONTEXT.md': 'Sub context file.\n' },
    cwd: 'sub',
  },
  {
    name: 'claude-code-switch-off',
    why: 'RuntimeFlags.disableClaudeCodePrompt: OPENCODE_DISABLE_CLAUDE_CODE drops the CLAUDE.md names (project and ~/.claude)',
    tree: { ...GIT, 'CLAUDE.md': 'Claude: switched off.\n', 'CONTEXT.md': 'Context after Claude is off.\n' },
    home: { '.claude/CLAUDE.md': 'Global Claude: switched off.\n' },
    env: { OPENCODE_DISABLE_CLAUDE_CODE: '1' },
  },
  {
    name: 'claude-code-prompt-switch-off',
    why: 'RuntimeFlags.disableClaudeCodePrompt: OPENCODE_DISABLE_CLAUDE_CODE_PROMPT alone does the same',
    tree: { ...GIT, 'CLAUDE.md': 'Claude: prompt switched off.\n' },
    home: { '.claude/CLAUDE.md': 'Global Claude: prompt switched off.\n' },
    env: { OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: 'true' },
  },
  {
    name: 'empty-agents-still-claims-the-name',
    why: 'Instruction.systemPaths picks the name by existence; an empty file then sends nothing, and CLAUDE.md is not tried',
    tree: { ...GIT, 'AGENTS.md': '', 'CLAUDE.md': 'Claude behind an empty AGENTS.md.\n', 'sub/AGENTS.md': 'Sub beside an empty root.\n' },
    cwd: 'sub',
  },
  {
    name: 'blank-file-is-sent',
    why: 'Instruction.system drops only an empty text: whitespace is sent as it is',
    tree: { ...GIT, 'AGENTS.md': ' \n\t\n' },
  },
  {
    name: 'bom-and-crlf',
    why: 'readFileString: how a BOM and CRLF line ends reach the model',
    tree: { ...GIT, 'AGENTS.md': '\ufeffBOM first line.\r\nSecond line.\r\n' },
  },

  // ---- global files ------------------------------------------------------------------------------
  {
    name: 'global-agents',
    why: 'Instruction: ~/.config/opencode/AGENTS.md first, before the project files',
    tree: { ...GIT, 'AGENTS.md': 'Project after global.\n' },
    home: { [`${GLOBAL}/AGENTS.md`]: 'Global opencode rules.\n' },
  },
  {
    name: 'global-claude-fallback',
    why: 'Instruction: ~/.claude/CLAUDE.md when the config folder has no AGENTS.md',
    tree: { ...GIT, 'AGENTS.md': 'Project beside a global Claude file.\n' },
    home: { '.claude/CLAUDE.md': 'Global Claude rules.\n' },
  },
  {
    name: 'global-agents-beats-global-claude',
    why: 'Instruction: the first global file that exists, only one',
    tree: { ...GIT },
    home: { [`${GLOBAL}/AGENTS.md`]: 'Global agents wins.\n', '.claude/CLAUDE.md': 'Global Claude loses.\n' },
  },
  {
    name: 'empty-global-agents-claims',
    why: 'Instruction: the global file is chosen by existence; an empty one sends nothing and ~/.claude/CLAUDE.md is not tried',
    tree: { ...GIT, 'AGENTS.md': 'Project under an empty global file.\n' },
    home: { [`${GLOBAL}/AGENTS.md`]: '', '.claude/CLAUDE.md': 'Global Claude behind an empty file.\n' },
  },
  {
    name: 'xdg-config-home',
    why: 'Global.Path.config: $XDG_CONFIG_HOME/opencode when set',
    tree: { ...GIT },
    home: { 'xdg/opencode/AGENTS.md': 'Global rules under XDG_CONFIG_HOME.\n', [`${GLOBAL}/AGENTS.md`]: 'Not the config folder now.\n' },
    env: { XDG_CONFIG_HOME: '{{home}}/xdg' },
  },

  // ---- instructions in the configuration -----------------------------------------------------------
  {
    name: 'instructions-relative-glob',
    why: 'Instruction.systemPaths: a relative instructions entry is globbed in every directory from the cwd up to the worktree, after AGENTS.md',
    tree: {
      ...GIT,
      'opencode.json': oc({ instructions: ['docs/*.md'] }),
      'AGENTS.md': 'Root agents before the globbed files.\n',
      'docs/style.md': 'Root docs style.\n',
      'docs/notes.txt': 'Not a markdown file.\n',
      'sub/docs/sub.md': 'Sub docs, nearer the cwd.\n',
    },
    cwd: 'sub',
  },
  {
    name: 'instructions-glob-matches-nothing',
    why: 'pitfall: an instructions glob that matches no file adds nothing, silently',
    tree: {
      ...GIT,
      'opencode.json': oc({ instructions: ['rules/*.md', 'CONTRIBUTING.md'] }),
      'AGENTS.md': 'Only the agents file arrives.\n',
      'docs/rules.md': 'Not under rules/.\n',
    },
  },
  {
    name: 'instructions-global-config-absolute',
    why: 'Instruction.systemPaths: an absolute entry is its folder globbed for its last segment',
    tree: {
      ...GIT,
      'AGENTS.md': 'Project agents.\n',
      'team/guide.md': 'Team guide by absolute path.\n',
      'team/other.md': 'Other team file, not named.\n',
    },
    home: { [`${GLOBAL}/opencode.json`]: oc({ instructions: ['{{root}}/team/guide.md'] }) },
  },
  {
    name: 'instructions-tilde',
    why: 'Instruction.systemPaths: a ~/ entry is under the home',
    tree: { ...GIT },
    home: { [`${GLOBAL}/opencode.json`]: oc({ instructions: ['~/notes/rules.md'] }), 'notes/rules.md': 'Rules from the home.\n' },
  },
  {
    name: 'instructions-repeat-agents-md',
    why: 'Instruction.systemPaths: a path already found is sent once',
    tree: {
      ...GIT,
      'opencode.json': oc({ instructions: ['AGENTS.md', 'extra.md'] }),
      'AGENTS.md': 'Agents once.\n',
      'extra.md': 'Extra after agents.\n',
    },
  },
  {
    name: 'instructions-global-then-project',
    why: 'Config: instructions of every layer are joined, the global configuration first, repeats dropped',
    tree: {
      ...GIT,
      'opencode.json': oc({ instructions: ['project.md', 'shared.md'] }),
      'project.md': 'Project-listed.\n',
      'shared.md': 'Listed twice.\n',
      'global.md': 'Globally listed.\n',
    },
    home: { [`${GLOBAL}/opencode.json`]: oc({ instructions: ['global.md', 'shared.md'] }) },
  },
  {
    name: 'instructions-jsonc-with-comments',
    why: 'Config: opencode.jsonc is JSON with comments and trailing commas; it merges after opencode.json in the same folder',
    tree: {
      ...GIT,
      'opencode.jsonc': '{\n  "$schema": "https://opencode.ai/config.json",\n  // the team guide\n  "instructions": ["guide.md",],\n}\n',
      'opencode.json': oc({ instructions: ['first.md'] }),
      'guide.md': 'Guide from jsonc.\n',
      'first.md': 'First from json.\n',
    },
  },
  {
    name: 'instructions-in-sub-config',
    why: 'Config: project configuration files from the worktree down to the cwd, root first',
    tree: {
      ...GIT,
      'opencode.json': oc({ instructions: ['root-listed.md'] }),
      'sub/opencode.json': oc({ instructions: ['sub-listed.md'] }),
      'root-listed.md': 'Listed at the root.\n',
      'sub/sub-listed.md': 'Listed in sub.\n',
    },
    cwd: 'sub',
  },
  {
    name: 'instructions-dot-opencode-config',
    why: 'Config: .opencode/opencode.json is a configuration layer too',
    tree: {
      ...GIT,
      ...dotOpencode(''),
      '.opencode/opencode.json': oc({ instructions: ['from-dot-opencode.md'] }),
      'from-dot-opencode.md': 'Listed in .opencode.\n',
    },
  },
  {
    name: 'opencode-config-file',
    why: 'Config: OPENCODE_CONFIG names one more configuration file',
    tree: { ...GIT, 'cfg/extra.json': oc({ instructions: ['custom.md'] }), 'custom.md': 'Listed by OPENCODE_CONFIG.\n' },
    env: { OPENCODE_CONFIG: '{{root}}/cfg/extra.json' },
  },
  {
    name: 'project-config-switch-off',
    why: 'OPENCODE_DISABLE_PROJECT_CONFIG: no project file, no project configuration; relative instructions are globbed in the config folder',
    tree: {
      ...GIT,
      'AGENTS.md': 'Project agents: off.\n',
      'opencode.json': oc({ instructions: ['listed.md'] }),
      'listed.md': 'Project-listed: off.\n',
    },
    home: {
      [`${GLOBAL}/AGENTS.md`]: 'Global stays.\n',
      [`${GLOBAL}/opencode.json`]: oc({ instructions: ['in-config.md'] }),
      [`${GLOBAL}/in-config.md`]: 'Beside the global config.\n',
    },
    env: { OPENCODE_DISABLE_PROJECT_CONFIG: '1' },
  },

  {
    name: 'instructions-url-not-sent-offline',
    why: 'Instruction.system: a URL entry is fetched (here it cannot be: nothing is sent for it); the other entries stay',
    tree: {
      ...GIT,
      'opencode.json': oc({ instructions: ['http://127.0.0.1:9/rules.md', 'local.md'] }),
      'local.md': 'Local beside a URL.\n',
    },
  },
  {
    name: 'instructions-double-star',
    why: 'Instruction.systemPaths: a ** glob reaches into nested folders',
    tree: { ...GIT, 'opencode.json': oc({ instructions: ['guides/**/style.md'] }), 'guides/web/react/style.md': 'Nested style guide.\n' },
  },
  {
    name: 'opencode-config-dir',
    why: 'Config: $OPENCODE_CONFIG_DIR is a configuration folder like .opencode',
    tree: { ...GIT, 'dir-listed.md': 'Listed in OPENCODE_CONFIG_DIR.\n' },
    home: { 'cfgdir/opencode.json': oc({ instructions: ['dir-listed.md'] }) },
    env: { OPENCODE_CONFIG_DIR: '{{home}}/cfgdir' },
  },
  {
    name: 'home-dot-opencode',
    why: 'ConfigPaths.directories: ~/.opencode is a configuration folder too',
    tree: { ...GIT, 'home-listed.md': 'Listed in ~/.opencode.\n' },
    home: { '.opencode/opencode.json': oc({ instructions: ['home-listed.md'] }) },
  },
  {
    name: 'agents-md-is-a-link-inside',
    why: 'findUp: a link named AGENTS.md is read through, and named by its own path',
    tree: { ...GIT, 'docs/agents.md': 'Linked agents file.\n', 'AGENTS.md': { link: 'docs/agents.md' } },
  },

  // ---- on touch: the read tool --------------------------------------------------------------------
  {
    name: 'read-loads-below-the-cwd',
    why: 'Instruction.resolve: a read loads the first name of each directory from the file up to just below the cwd, nearest first',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root at start.\n',
      'pkg/AGENTS.md': 'Package on touch.\n',
      'pkg/src/AGENTS.md': 'Src on touch.\n',
      'pkg/src/a.ts': 'export {};\n',
    },
    read: 'pkg/src/a.ts',
  },
  {
    name: 'read-per-directory-fallback',
    why: 'Instruction.find: on touch the names are tried per directory (CLAUDE.md where there is no AGENTS.md)',
    tree: {
      ...GIT,
      'AGENTS.md': 'Root.\n',
      'pkg/CLAUDE.md': 'Package Claude on touch.\n',
      'pkg/lib/CONTEXT.md': 'Lib context on touch.\n',
      'pkg/lib/x.ts': 'x\n',
    },
    read: 'pkg/lib/x.ts',
  },
  {
    name: 'read-in-the-cwd-loads-nothing',
    why: 'Instruction.resolve: the cwd itself and above are not walked on touch',
    tree: { ...GIT, 'AGENTS.md': 'Root at start.\n', 'sub/AGENTS.md': 'The cwd at start.\n', 'sub/a.ts': 'a\n' },
    cwd: 'sub',
    read: 'sub/a.ts',
  },
  {
    name: 'read-empty-file-sends-nothing',
    why: 'Instruction.resolve: an empty file found on touch is claimed but adds nothing',
    tree: { ...GIT, 'pkg/AGENTS.md': '', 'pkg/a/AGENTS.md': 'Deeper on touch.\n', 'pkg/a/f.ts': 'f\n' },
    read: 'pkg/a/f.ts',
  },
  {
    name: 'read-the-instruction-file-itself',
    why: 'Instruction.resolve: the file read is not loaded as its own instructions',
    tree: { ...GIT, 'pkg/AGENTS.md': 'Read as a file, not loaded.\n' },
    read: 'pkg/AGENTS.md',
  },
  {
    name: 'read-skips-a-listed-file',
    why: 'Instruction.resolve: a file already sent from the instructions list is not loaded again',
    tree: {
      ...GIT,
      'opencode.json': oc({ instructions: ['pkg/AGENTS.md'] }),
      'pkg/AGENTS.md': 'Listed up front.\n',
      'pkg/sub/AGENTS.md': 'Sub on touch.\n',
      'pkg/sub/a.ts': 'a\n',
    },
    read: 'pkg/sub/a.ts',
  },
];
