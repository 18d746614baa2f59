/**
 * Qwen Code 0.24.4 oracle cases (src/resolver/profiles/qwen-code/README.md). Each `why` names the rule it checks
 * and where it comes from in Qwen's source (`memoryDiscovery.ts`, `rulesDiscovery.ts`,
 * `memory-constants.ts`, `projectRoot.ts`, `trustedFolders.ts`, `config.ts`) or a run. Folder
 * trust is off by default in Qwen Code, so most trees need nothing to be trusted.
 *
 * Settings files in the tree carry `"$version": 4`, the format Qwen Code writes: an older one it
 * rewrites in place, which the suite would report as a changed tree.
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const settings = (value: Record<string, unknown>) => JSON.stringify({ ...value, $version: 4 }, null, 2);
const BOM = [0xef, 0xbb, 0xbf];
const bytes = (s: string, prefix: number[] = []) => ({ bytes: [...prefix, ...Buffer.from(s, 'utf8')] });

export const cases: OracleCase[] = [
  // ---- names -------------------------------------------------------------------------------------
  {
    name: 'default-both-names',
    why: 'memory-constants.ts: QWEN.md and AGENTS.md are both context names by default, QWEN.md first',
    tree: { ...GIT, 'AGENTS.md': 'Agents at the root.\n', 'QWEN.md': 'Qwen at the root.\n' },
  },
  {
    name: 'agents-only',
    why: 'memory-constants.ts: AGENTS.md alone loads (no QWEN.md needed)',
    tree: { ...GIT, 'AGENTS.md': 'Only agents.\n', 'CLAUDE.md': 'Not a Qwen name.\n', 'GEMINI.md': 'Not a Qwen name either.\n' },
  },
  {
    name: 'filename-string',
    why: 'setMemoryFilename: a context.fileName string replaces both defaults',
    tree: { ...GIT, 'CONTEXT.md': 'Named by the user.\n', 'QWEN.md': 'Not read now.\n', 'AGENTS.md': 'Nor this.\n' },
    home: { '.qwen/settings.json': settings({ context: { fileName: 'CONTEXT.md' } }) },
  },
  {
    name: 'filename-list-order',
    why: 'getMemoryFilePathsInternalForEachDir: names in the list order, each name global first then the walk',
    tree: { ...GIT, 'A.md': 'project a\n', 'B.md': 'project b\n' },
    home: {
      '.qwen/settings.json': settings({ context: { fileName: ['B.md', 'A.md'] } }),
      '.qwen/A.md': 'global a\n',
      '.qwen/B.md': 'global b\n',
    },
  },
  {
    name: 'filename-repeat-and-blank',
    why: 'setMemoryFilename keeps repeats and blank names; the path set drops the repeat, a blank name reads a directory and gives nothing',
    tree: { ...GIT, 'B.md': 'b\n', 'QWEN.md': 'q\n' },
    home: { '.qwen/settings.json': settings({ context: { fileName: [' B.md ', 'B.md', '', 'QWEN.md'] } }) },
  },
  {
    name: 'filename-workspace-settings',
    why: 'settings.ts: a workspace .qwen/settings.json (trusted by default) overrides the user context.fileName',
    tree: {
      ...GIT,
      'USER.md': 'named by the user settings\n',
      'WORK.md': 'named by the workspace settings\n',
      'QWEN.md': 'default\n',
      '.qwen/settings.json': settings({ context: { fileName: 'WORK.md' } }),
    },
    home: { '.qwen/settings.json': settings({ context: { fileName: 'USER.md' } }) },
  },
  {
    name: 'filename-with-folder',
    why: 'memoryDiscovery.ts joins each name to every directory: docs/AI.md found at the root and in the working directory',
    tree: { ...GIT, 'docs/AI.md': 'root docs\n', 'sub/docs/AI.md': 'sub docs\n' },
    home: { '.qwen/settings.json': settings({ context: { fileName: 'docs/AI.md' } }) },
    cwd: 'sub',
  },
  // ---- the walk ------------------------------------------------------------------------------------
  {
    name: 'walk-git-root-to-cwd',
    why: 'memoryDiscovery.ts: from the git root down to the working directory, per name (all QWEN.md, then all AGENTS.md)',
    tree: {
      ...GIT,
      'QWEN.md': 'root qwen\n',
      'AGENTS.md': 'root agents\n',
      'a/QWEN.md': 'a qwen\n',
      'a/b/AGENTS.md': 'b agents\n',
      'a/b/QWEN.md': 'b qwen\n',
    },
    cwd: 'a/b',
  },
  {
    name: 'below-cwd-not-loaded',
    why: 'memoryDiscovery.ts walks only upward; read_file loads no context file of a deeper folder (only conditional rules)',
    tree: { ...GIT, 'QWEN.md': 'root\n', 'sub/QWEN.md': 'below: never sent\n', 'sub/f.ts': 'export {};\n' },
    read: 'sub/f.ts',
  },
  {
    name: 'nested-git-ceiling',
    why: 'memoryDiscovery.ts: the walk stops at the parent of the nearest .git folder (ultimateStopDir), so the folder just above the repository is read too, and nothing above it',
    tree: {
      'QWEN.md': 'two above the repository: not read\n',
      'mid/QWEN.md': 'the folder holding the repository: read\n',
      'mid/inner/.git': { dir: true },
      'mid/inner/QWEN.md': 'inner repository\n',
    },
    cwd: 'mid/inner',
  },
  {
    name: 'git-file-is-root',
    why: 'findProjectRoot: .git as a file (a worktree or submodule) marks the root too',
    tree: { '.git': 'gitdir: /nowhere\n', 'QWEN.md': 'root\n', 'pkg/.git': 'gitdir: /nowhere/pkg\n', 'pkg/QWEN.md': 'pkg\n' },
    cwd: 'pkg',
  },
  {
    name: 'no-git-walks-up',
    why: "memoryDiscovery.ts: without .git the walk goes up to the home directory's parent",
    tree: { 'QWEN.md': 'top, no git\n', 'x/y/AGENTS.md': 'y agents\n' },
    cwd: 'x/y',
  },
  // ---- global files ---------------------------------------------------------------------------------
  {
    name: 'global-and-project-interleaved',
    why: 'getMemoryFilePathsInternalForEachDir: per name, the global file then the project ones: gQ, pQ, gA, pA',
    tree: { ...GIT, 'QWEN.md': 'project qwen\n', 'AGENTS.md': 'project agents\n' },
    home: { '.qwen/QWEN.md': 'global qwen\n', '.qwen/AGENTS.md': 'global agents\n' },
  },
  {
    name: 'qwen-home-variable',
    why: 'Storage.getGlobalQwenDir: $QWEN_HOME moves the global folder (context files and rules there)',
    tree: { ...GIT, 'QWEN.md': 'project\n' },
    home: { 'alt/QWEN.md': 'global from QWEN_HOME\n', 'alt/rules/r.md': 'A rule from QWEN_HOME.\n', '.qwen/QWEN.md': 'not read now\n' },
    env: { QWEN_HOME: '{{home}}/alt' },
  },
  // ---- text ------------------------------------------------------------------------------------------
  {
    name: 'empty-and-blank-skipped',
    why: 'concatenateInstructions: a file whose trimmed text is empty is left out',
    tree: { ...GIT, 'QWEN.md': '', 'AGENTS.md': '  \n\n\t\n', 'a/QWEN.md': 'kept\n' },
    cwd: 'a',
  },
  {
    name: 'text-trimmed-crlf-kept',
    why: 'concatenateInstructions trims each file; line ends inside are sent as written',
    tree: { ...GIT, 'QWEN.md': '\n\n  First line\r\nSecond line\r\n\r\n\n' },
  },
  {
    name: 'bom-dropped-by-trim',
    why: 'readFile keeps a BOM; String.prototype.trim removes U+FEFF',
    tree: { ...GIT, 'QWEN.md': bytes('With a BOM.\n', BOM) },
  },
  {
    name: 'frontmatter-and-comments-kept-in-context',
    why: 'a context file is sent as it is: a --- header and HTML comments stay (only rules strip them)',
    tree: { ...GIT, 'QWEN.md': '---\npaths: ["*.ts"]\n---\n<!-- a comment -->\nBody.\n' },
  },
  {
    name: 'link-to-same-file-once',
    why: 'dedupeByCanonicalIdentity: AGENTS.md linked to QWEN.md is sent once, under the first path',
    tree: { ...GIT, 'QWEN.md': 'one file, two names\n', 'AGENTS.md': { link: 'QWEN.md' } },
  },
  {
    name: 'link-inside-followed',
    why: 'readFile follows a link: QWEN.md leading to a file elsewhere in the repository is sent under its own path',
    tree: { ...GIT, 'QWEN.md': { link: 'docs/guide.md' }, 'docs/guide.md': 'The guide.\n' },
  },
  // ---- imports -----------------------------------------------------------------------------------------
  {
    name: 'import-tree-format',
    why: 'memoryImportProcessor.ts: @path replaced by the file between Imported from / End of import comments, nested, relative to the importing file',
    tree: {
      ...GIT,
      'QWEN.md': 'Top.\n@docs/style.md\nEnd.\n',
      'docs/style.md': 'Style: tabs.\n@./deeper/more.md\n',
      'docs/deeper/more.md': 'More detail.\n',
    },
  },
  {
    name: 'import-missing-code-and-email',
    why: 'memoryImportProcessor.ts: a missing file keeps @path; imports in code spans and fences stay; an @ after a letter is no import',
    tree: {
      ...GIT,
      'QWEN.md': 'Missing: @nothing/here.md\nMail me at a@b.md\nInline `@docs/a.md` span.\n```\n@docs/a.md\n```\n@docs/a.md\n',
      'docs/a.md': 'A text.\n',
    },
  },
  {
    name: 'import-cycle-and-traversal',
    why: 'memoryImportProcessor.ts: a file already in the chain is not expanded again; a path leaving the git root fails as traversal',
    tree: {
      ...GIT,
      'AGENTS.md': '@a.md\n@../outside.md\n',
      'a.md': 'A imports B: @b.md\n',
      'b.md': 'B imports A: @a.md and itself @b.md\n',
    },
  },
  {
    name: 'import-directory-and-diamond',
    why: 'memoryImportProcessor.ts: importing a folder fails with EISDIR; a file imported twice is inserted twice',
    tree: {
      ...GIT,
      'QWEN.md': '@docs\n@x.md\n@y.md\n',
      'docs/keep.md': 'k\n',
      'x.md': 'x @shared.md\n',
      'y.md': 'y @shared.md\n',
      'shared.md': 'shared text\n',
    },
  },
  {
    name: 'import-global-file',
    why: 'readMemoryFiles: imports of the global QWEN.md resolve from ~/.qwen and stay inside its own root',
    tree: { ...GIT, 'QWEN.md': 'project\n' },
    home: { '.qwen/QWEN.md': 'Global.\n@extra.md\n@../escape.md\n', '.qwen/extra.md': 'Global extra.\n', 'escape.md': 'never\n' },
  },
  {
    name: 'rules-do-not-import',
    why: 'rulesDiscovery.ts: rule files are not run through the import processor',
    tree: { ...GIT, '.qwen/rules/r.md': 'See @../../docs/x.md\n', 'docs/x.md': 'x\n' },
  },
  // ---- the local file -----------------------------------------------------------------------------------
  {
    name: 'local-file-at-git-root',
    why: 'loadServerHierarchicalMemory: .qwen/QWEN.local.md at the git root comes after the context files',
    tree: { ...GIT, 'QWEN.md': 'shared\n', '.qwen/QWEN.local.md': 'private notes\n', 'sub/.qwen/QWEN.local.md': 'not at the root\n' },
    home: { '.qwen/AGENTS.md': 'global agents\n' },
    cwd: 'sub',
  },
  {
    name: 'local-file-needs-git',
    why: 'loadServerHierarchicalMemory: without a git root there is no local file',
    tree: { 'QWEN.md': 'shared\n', '.qwen/QWEN.local.md': 'not read without git\n' },
  },
  // ---- output language ------------------------------------------------------------------------------------
  {
    name: 'output-language-project',
    why: "config.ts: the working directory's .qwen/output-language.md is sent instead of the global one",
    tree: { ...GIT, 'QWEN.md': 'q\n', '.qwen/output-language.md': "# Output language preference: auto\n\nReply in the user's language.\n" },
  },
  // ---- rules -----------------------------------------------------------------------------------------------
  {
    name: 'rules-sorted-by-path',
    why: 'loadRulesFromDir: every .md below .qwen/rules, sorted by full path (a.md before a/x.md), after the context files',
    tree: {
      ...GIT,
      'QWEN.md': 'context first\n',
      '.qwen/rules/b.md': 'Rule b.\n',
      '.qwen/rules/a.md': 'Rule a.\n',
      '.qwen/rules/a/x.md': 'Rule a/x.\n',
      '.qwen/rules/Z.md': 'Rule Z.\n',
      '.qwen/rules/notes.txt': 'not a rule\n',
    },
  },
  {
    name: 'rules-header-and-comments-stripped',
    why: 'parseRuleFile: the --- header and HTML comments go, the rest is trimmed; CRLF becomes LF',
    tree: {
      ...GIT,
      '.qwen/rules/style.md': '---\ndescription: Style\n---\n\n<!-- hidden -->\r\nUse tabs.\r\n<!-- also\nhidden -->\r\nNo semicolons.\r\n',
      '.qwen/rules/bom.md': bytes('Rule with a BOM.\n', BOM),
    },
  },
  {
    name: 'rules-empty-dropped',
    why: 'parseRuleFile: a rule with nothing left after its header and comments is dropped',
    tree: { ...GIT, '.qwen/rules/empty.md': '---\ndescription: nothing\n---\n<!-- only a comment -->\n', '.qwen/rules/real.md': 'Real.\n' },
  },
  {
    name: 'rules-global-then-project',
    why: 'loadRules: ~/.qwen/rules first, then the project rules, each named relative to the project root',
    tree: { ...GIT, '.qwen/rules/p.md': 'Project rule.\n', sub: { dir: true } },
    home: { '.qwen/rules/g.md': 'Global rule.\n' },
    cwd: 'sub',
  },
  {
    name: 'rules-project-root-is-git-root',
    why: "loadRules(effectiveRoot): the project rules are the git root's, not the working directory's",
    tree: { ...GIT, '.qwen/rules/root.md': 'Root rule.\n', 'sub/.qwen/rules/sub.md': 'Not read.\n' },
    cwd: 'sub',
  },
  {
    name: 'rules-link-ignored',
    why: 'collectMdFiles lists with file types: a link inside the rules folder is neither a file nor a folder, so it is skipped',
    tree: {
      ...GIT,
      'docs/shared.md': 'Shared rule text.\n',
      '.qwen/rules/linked.md': { link: '../../docs/shared.md' },
      '.qwen/rules/own.md': 'Own.\n',
    },
  },
  {
    name: 'rule-paths-on-touch',
    why: 'ConditionalRulesRegistry: a rule with paths is sent after the read_file result that touches a match, in a system-reminder',
    tree: {
      ...GIT,
      'QWEN.md': 'q\n',
      '.qwen/rules/ts.md': '---\npaths:\n  - "src/**/*.ts"\n---\nTypeScript rule.\n',
      '.qwen/rules/py.md': '---\npaths: ["**/*.py"]\n---\nPython rule.\n',
      '.qwen/rules/always.md': 'Always.\n',
      'src/app/main.ts': 'export {};\n',
    },
    read: 'src/app/main.ts',
  },
  {
    name: 'rule-paths-string-and-dotfiles',
    why: 'parseRuleFile: paths as one string; picomatch with dot: true matches a dotted folder',
    tree: { ...GIT, '.qwen/rules/cfg.md': '---\npaths: "**/*.json"\n---\nJSON rule.\n', '.config/app.json': '{}\n' },
    read: '.config/app.json',
  },
  {
    name: 'rule-paths-no-match',
    why: 'ConditionalRulesRegistry: a rule whose paths match no touched file is never sent',
    tree: { ...GIT, 'QWEN.md': 'q\n', '.qwen/rules/ts.md': '---\npaths: ["**/*.ts"]\n---\nTS.\n', 'README.md': '# readme\n' },
    read: 'README.md',
  },
  // ---- trust --------------------------------------------------------------------------------------------------
  {
    name: 'folder-trust-trusted-folder',
    why: 'trustedFolders.ts: folder trust on and TRUST_FOLDER on the repository: everything loads',
    tree: { ...GIT, 'QWEN.md': 'trusted project\n', '.qwen/rules/r.md': 'Trusted rule.\n' },
    home: {
      '.qwen/settings.json': settings({ security: { folderTrust: { enabled: true } } }),
      '.qwen/trustedFolders.json': JSON.stringify({ '{{root}}': 'TRUST_FOLDER' }),
      '.qwen/QWEN.md': 'global\n',
    },
  },
  {
    name: 'folder-trust-untrusted',
    why: 'trustedFolders.ts: folder trust on and no rule for the folder: only the global files load',
    tree: { ...GIT, 'QWEN.md': 'untrusted project\n', '.qwen/rules/r.md': 'Untrusted rule.\n', '.qwen/QWEN.local.md': 'local\n' },
    home: {
      '.qwen/settings.json': settings({ security: { folderTrust: { enabled: true } } }),
      '.qwen/QWEN.md': 'global\n',
      '.qwen/rules/g.md': 'Global rule.\n',
    },
  },
];
