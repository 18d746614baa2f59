/**
 * Gemini CLI 0.61.0 oracle cases (src/resolver/profiles/gemini/README.md). Each `why` names the rule it checks
 * and where it comes from: Gemini's source (`memoryDiscovery.ts`, `memoryImportProcessor.ts`,
 * `memoryContextManager.ts`, `utils/trust.ts`, `config.ts`, `environmentContext.ts`), its settings
 * schema, or a behaviour first seen in a run. Most cases trust the folder with
 * `GEMINI_CLI_TRUST_WORKSPACE=true` (`TRUST`); the trust cases decide it otherwise. A run with
 * folder trust on in an untrusted folder is not a case: `gemini -p` refuses to start there and
 * sends nothing (see the lint pitfall's test).
 */
import type { OracleCase } from '../case';

const TRUST = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
const GIT = { '.git': { dir: true } } as const;
const settings = (value: unknown) => JSON.stringify(value, null, 2);

// Three trees of the recorded runs are not here: a context.fileName of '../up.md' and
// context.includeDirectories outside the repository make Gemini CLI send files outside the
// workspace, which the containment rule (src/resolver/boundary.ts) discloses and never prints, so
// their text cannot agree by design (src/resolver/profiles/gemini/README.md).
export const cases: OracleCase[] = [
  // ---- names (context.fileName) ----------------------------------------------------------------
  {
    name: 'default-name-only',
    why: 'memoryTool.ts: without context.fileName only GEMINI.md is a candidate; AGENTS.md is not read',
    tree: { ...GIT, 'GEMINI.md': 'Use tabs.\n', 'AGENTS.md': 'Not read by default.\n' },
    env: TRUST,
  },
  {
    name: 'filename-string',
    why: 'settingsSchema context.fileName (a string) comes in front of GEMINI.md; both load, sorted by absolute path',
    tree: { ...GIT, 'GEMINI.md': 'gemini\n', 'AGENTS.md': 'agents\n' },
    home: { '.gemini/settings.json': settings({ context: { fileName: 'AGENTS.md' } }) },
    env: TRUST,
  },
  {
    name: 'filename-agents-md-home-file',
    why: 'getGlobalMemoryPaths: a settings context.fileName of AGENTS.md reads ~/.gemini/AGENTS.md as a global file, before the project files (what capture copies from the user’s home)',
    tree: { ...GIT, 'AGENTS.md': 'project agents\n' },
    home: {
      '.gemini/settings.json': settings({ context: { fileName: 'AGENTS.md' } }),
      '.gemini/AGENTS.md': 'global agents\n',
      '.gemini/GEMINI.md': 'global gemini\n',
    },
    env: TRUST,
  },
  {
    name: 'filename-list-global-name-order',
    why: 'getGlobalMemoryPaths: global files keep the name order (B, A, then GEMINI.md); only project files are sorted',
    tree: { ...GIT, 'B.md': 'project b\n', 'A.md': 'project a\n', 'GEMINI.md': 'project gemini\n' },
    home: {
      '.gemini/settings.json': settings({ context: { fileName: ['B.md', 'A.md'] } }),
      '.gemini/B.md': 'global b\n',
      '.gemini/A.md': 'global a\n',
      '.gemini/GEMINI.md': 'global gemini\n',
    },
    env: TRUST,
  },
  {
    name: 'filename-trim-repeat-empty',
    why: 'setGeminiMdFilename: names trimmed, empty ones and repeats dropped, GEMINI.md kept where the list puts it',
    tree: { ...GIT, 'B.md': 'b\n', 'GEMINI.md': 'g\n' },
    home: {
      '.gemini/settings.json': settings({ context: { fileName: ['GEMINI.md', ' B.md ', 'B.md', ''] } }),
      '.gemini/GEMINI.md': 'global first\n',
      '.gemini/B.md': 'global second\n',
    },
    env: TRUST,
  },
  {
    name: 'filename-with-folder',
    why: 'findUpwardGeminiFiles joins each name to every directory: docs/AI.md is found at the root and, on touch, under sub/',
    tree: { ...GIT, 'docs/AI.md': 'root docs\n', 'sub/docs/AI.md': 'sub docs\n', 'sub/f.txt': 'f\n' },
    home: { '.gemini/settings.json': settings({ context: { fileName: 'docs/AI.md' } }) },
    read: 'sub/f.txt',
    env: TRUST,
  },
  {
    name: 'filename-workspace-settings',
    why: 'settings.ts: a trusted workspace .gemini/settings.json is read and its context.fileName replaces the user one',
    tree: {
      ...GIT,
      'GEMINI.md': 'g\n',
      'USER.md': 'named by the user settings\n',
      'WORK.md': 'named by the workspace settings\n',
      '.gemini/settings.json': settings({ context: { fileName: 'WORK.md' } }),
    },
    home: { '.gemini/settings.json': settings({ context: { fileName: 'USER.md' } }) },
    env: TRUST,
  },
  {
    name: 'same-file-two-names',
    why: 'deduplicatePathsByFileIdentity: AGENTS.md linking to GEMINI.md is one file (device and inode), kept under the first name found',
    tree: { ...GIT, 'GEMINI.md': 'one file\n', 'AGENTS.md': { link: 'GEMINI.md' } },
    home: { '.gemini/settings.json': settings({ context: { fileName: 'AGENTS.md' } }) },
    env: TRUST,
  },

  // ---- global files ----------------------------------------------------------------------------
  {
    name: 'global-in-system-instruction',
    why: 'config.getSystemInstructionMemory: ~/.gemini/GEMINI.md goes in the system instruction, the project file in the first user message',
    tree: { ...GIT, 'GEMINI.md': 'project\n' },
    home: { '.gemini/GEMINI.md': 'global\n' },
    env: TRUST,
  },
  {
    name: 'global-newlines-collapsed',
    why: 'promptProvider: the whole system instruction has runs of 3+ line feeds collapsed to two, the global file included; project text is untouched',
    tree: { ...GIT, 'GEMINI.md': 'p1\n\n\n\np2\n' },
    home: { '.gemini/GEMINI.md': 'g1\n\n\n\ng2\n' },
    env: TRUST,
  },
  {
    name: 'global-same-as-project',
    why: 'loadMemoryContents dedupes every tier together: a project GEMINI.md linking to the global one loads once, as the global file',
    tree: { ...GIT, 'GEMINI.md': { link: '{{home}}/.gemini/GEMINI.md' } },
    home: { '.gemini/GEMINI.md': 'shared\n' },
    env: TRUST,
  },
  {
    name: 'global-imports-root-is-dot-gemini',
    why: 'processImports finds no marker above ~/.gemini, so the import root is the file directory: inc.md loads, ../outside.md is traversal',
    tree: { ...GIT },
    home: { '.gemini/GEMINI.md': 'g @inc.md @../outside.md\n', '.gemini/inc.md': 'included\n', 'outside.md': 'outside\n' },
    env: TRUST,
  },

  {
    name: 'gemini-cli-home-moves-global',
    why: 'homedir(): GEMINI_CLI_HOME replaces the home, so the global file is $GEMINI_CLI_HOME/.gemini/GEMINI.md, not ~/.gemini/GEMINI.md',
    tree: { ...GIT, 'GEMINI.md': 'project\n' },
    home: { '.gemini/GEMINI.md': 'home global, not read\n', 'alt/.gemini/GEMINI.md': 'moved global\n' },
    env: { ...TRUST, GEMINI_CLI_HOME: '{{home}}/alt' },
  },

  // ---- the upward walk -------------------------------------------------------------------------
  {
    name: 'ancestors-to-git-root',
    why: 'getEnvironmentMemoryPaths: from the working directory up to the .git root, sorted by absolute path',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'a/GEMINI.md': 'a\n', 'a/b/GEMINI.md': 'b\n' },
    cwd: 'a/b',
    env: TRUST,
  },
  {
    name: 'sort-by-path-not-depth',
    why: 'unique.sort(): code-unit order of the absolute path puts A/GEMINI.md before GEMINI.md (A < G)',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'A/GEMINI.md': 'A\n' },
    cwd: 'A',
    env: TRUST,
  },
  {
    name: 'above-git-root-not-read',
    why: 'findProjectRoot: the walk stops at the directory holding .git; a GEMINI.md above it is never read',
    tree: { 'GEMINI.md': 'above\n', 'repo/.git': { dir: true }, 'repo/GEMINI.md': 'repo\n', 'repo/src/GEMINI.md': 'src\n' },
    cwd: 'repo/src',
    env: TRUST,
  },
  {
    name: 'no-git-cwd-only',
    why: 'findProjectRoot returns null without a marker: the ceiling is the working directory itself',
    tree: { 'GEMINI.md': 'parent\n', 'sub/GEMINI.md': 'sub\n' },
    cwd: 'sub',
    env: TRUST,
  },
  {
    name: 'git-file-marker',
    why: 'the marker check is fs.access: a .git file (a worktree) counts like a folder',
    tree: { 'GEMINI.md': 'above\n', 'wt/.git': 'gitdir: /elsewhere\n', 'wt/GEMINI.md': 'worktree\n', 'wt/src/GEMINI.md': 'src\n' },
    cwd: 'wt/src',
    env: TRUST,
  },
  {
    name: 'markers-empty',
    why: 'context.memoryBoundaryMarkers [] disables parent traversal: the working directory alone',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'sub/GEMINI.md': 'sub\n' },
    cwd: 'sub',
    home: { '.gemini/settings.json': settings({ context: { memoryBoundaryMarkers: [] } }) },
    env: TRUST,
  },
  {
    name: 'markers-custom',
    why: 'context.memoryBoundaryMarkers replaces .git: the walk stops at the package.json directory',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'p/package.json': '{}\n', 'p/GEMINI.md': 'package\n', 'p/s/GEMINI.md': 's\n' },
    cwd: 'p/s',
    home: { '.gemini/settings.json': settings({ context: { memoryBoundaryMarkers: ['package.json'] } }) },
    env: TRUST,
  },
  {
    name: 'markers-absolute-and-dotdot-ignored',
    why: 'findProjectRoot skips absolute markers and markers with ..: only .git is left, the walk reaches the root',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'p/x': 'x\n', 'p/GEMINI.md': 'p\n' },
    cwd: 'p',
    home: { '.gemini/settings.json': settings({ context: { memoryBoundaryMarkers: ['/p', '../x', '.git'] } }) },
    env: TRUST,
  },

  // ---- include directories -----------------------------------------------------------------
  {
    name: 'include-directory-inside-cwd',
    why: 'loadJitSubdirectoryMemory takes the longest workspace directory holding the target: without .git, an included sub/ is its own ceiling',
    tree: { 'GEMINI.md': 'top\n', 'sub/GEMINI.md': 'sub\n', 'sub/deep/GEMINI.md': 'deep\n', 'sub/deep/f.txt': 'f\n' },
    home: { '.gemini/settings.json': settings({ context: { includeDirectories: ['sub'] } }) },
    read: 'sub/deep/f.txt',
    env: TRUST,
  },

  // ---- trust -----------------------------------------------------------------------------------
  {
    name: 'trusted-by-rule',
    why: 'trustedFolders.json: TRUST_FOLDER for the working directory trusts it (no environment variable)',
    tree: { ...GIT, 'GEMINI.md': 'project\n' },
    home: { '.gemini/trustedFolders.json': settings({ '{{root}}': 'TRUST_FOLDER' }) },
  },
  {
    name: 'trusted-by-parent-rule',
    why: "isPathTrusted: TRUST_PARENT on a sibling trusts its parent's whole subtree",
    tree: { 'org/other/.keep': '', 'org/proj/.git': { dir: true }, 'org/proj/GEMINI.md': 'project\n' },
    cwd: 'org/proj',
    home: { '.gemini/trustedFolders.json': settings({ '{{root}}/org/other': 'TRUST_PARENT' }) },
  },
  {
    name: 'trusted-longest-rule-wins',
    why: 'isPathTrusted: the longest matching key decides, TRUST_FOLDER below a DO_NOT_TRUST parent',
    tree: { 'p/.keep': '', 'p/q/.git': { dir: true }, 'p/q/GEMINI.md': 'project\n' },
    cwd: 'p/q',
    home: { '.gemini/trustedFolders.json': settings({ '{{root}}/p': 'DO_NOT_TRUST', '{{root}}/p/q': 'TRUST_FOLDER' }) },
  },
  {
    name: 'env-true-outweighs-rule',
    why: 'checkPathTrust reads GEMINI_CLI_TRUST_WORKSPACE=true before the trusted folders file',
    tree: { ...GIT, 'GEMINI.md': 'project\n' },
    home: { '.gemini/trustedFolders.json': settings({ '{{root}}': 'DO_NOT_TRUST' }) },
    env: TRUST,
  },
  {
    name: 'folder-trust-disabled',
    why: 'security.folderTrust.enabled false: every folder is trusted',
    tree: { ...GIT, 'GEMINI.md': 'project\n' },
    home: { '.gemini/settings.json': settings({ security: { folderTrust: { enabled: false } } }), '.gemini/GEMINI.md': 'global\n' },
  },
  {
    name: 'untrusted-global-only',
    why: 'GEMINI_CLI_TRUST_WORKSPACE=false distrusts even with folder trust off: global files only, nothing on touch',
    tree: { ...GIT, 'GEMINI.md': 'project\n', 'a/GEMINI.md': 'a\n', 'a/f.txt': 'f\n' },
    home: { '.gemini/settings.json': settings({ security: { folderTrust: { enabled: false } } }), '.gemini/GEMINI.md': 'global\n' },
    read: 'a/f.txt',
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' },
  },
  {
    name: 'restricted-mode',
    why: 'checkPathTrust: GEMINI_RESTRICTED_MODE=true distrusts the folder like GEMINI_CLI_TRUST_WORKSPACE=false',
    tree: { ...GIT, 'GEMINI.md': 'project\n' },
    home: { '.gemini/settings.json': settings({ security: { folderTrust: { enabled: false } } }), '.gemini/GEMINI.md': 'global\n' },
    env: { GEMINI_RESTRICTED_MODE: 'true' },
  },
  {
    name: 'untrusted-workspace-settings-ignored',
    why: 'mergeSettings drops the workspace file in an untrusted folder: its context.fileName does not name the global AGENTS.md',
    tree: { ...GIT, 'GEMINI.md': 'project\n', '.gemini/settings.json': settings({ context: { fileName: 'AGENTS.md' } }) },
    home: {
      '.gemini/settings.json': settings({ security: { folderTrust: { enabled: false } } }),
      '.gemini/GEMINI.md': 'global gemini\n',
      '.gemini/AGENTS.md': 'global agents\n',
    },
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' },
  },

  // ---- on touch (read_file) --------------------------------------------------------------------
  {
    name: 'touch-nested-root-to-leaf',
    why: "loadJitSubdirectoryMemory: from the read file's folder up to the ceiling, new files root to leaf, in the function response",
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'a/GEMINI.md': 'a\n', 'a/b/GEMINI.md': 'b\n', 'a/b/f.txt': 'f\n' },
    read: 'a/b/f.txt',
    env: TRUST,
  },
  {
    name: 'touch-already-loaded',
    why: 'memoryContextManager.discoverContext: files loaded at start are not sent again on touch',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'a/GEMINI.md': 'a\n', 'a/f.txt': 'f\n' },
    cwd: 'a',
    read: 'a/f.txt',
    env: TRUST,
  },
  {
    name: 'touch-nested-git-does-not-stop',
    why: "the on-touch ceiling is the working directory's root: a nested .git below it does not stop the walk",
    tree: {
      ...GIT,
      'GEMINI.md': 'root\n',
      'sub/.git': { dir: true },
      'sub/GEMINI.md': 'sub\n',
      'sub/in/GEMINI.md': 'in\n',
      'sub/in/f.txt': 'f\n',
    },
    read: 'sub/in/f.txt',
    env: TRUST,
  },
  {
    name: 'touch-blank-file-dropped',
    why: 'concatenateInstructions drops a file blank after trimming; the deeper file still comes',
    tree: { ...GIT, 'x/GEMINI.md': '  \n\n', 'x/y/GEMINI.md': 'y\n', 'x/y/f.txt': 'f\n' },
    read: 'x/y/f.txt',
    env: TRUST,
  },
  {
    name: 'touch-link-to-loaded-file',
    why: 'loadJitSubdirectoryMemory compares identities: s/GEMINI.md linking to the loaded root file is not sent again',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 's/GEMINI.md': { link: '../GEMINI.md' }, 's/f.txt': 'f\n' },
    read: 's/f.txt',
    env: TRUST,
  },
  {
    name: 'touch-through-linked-folder',
    why: 'read_file resolves the path it reads: through a linked folder the walk starts at the real folder and the header names it',
    tree: { ...GIT, 'real/GEMINI.md': 'real\n', 'real/f.txt': 'f\n', linked: { link: 'real' } },
    read: 'linked/f.txt',
    env: TRUST,
  },
  {
    name: 'touch-import-up-to-repository',
    why: "processImports: an on-touch file's import root is the .git root above it, so ../top.md is inside",
    tree: { ...GIT, 'top.md': 'top\n', 'sub/GEMINI.md': 'sub @../top.md\n', 'sub/f.txt': 'f\n' },
    read: 'sub/f.txt',
    env: TRUST,
  },
  {
    name: 'touch-other-name',
    why: 'every configured name is probed on touch too, in name order within a folder',
    tree: { ...GIT, 'GEMINI.md': 'root\n', 'pkg/AGENTS.md': 'pkg agents\n', 'pkg/GEMINI.md': 'pkg gemini\n', 'pkg/f.txt': 'f\n' },
    home: { '.gemini/settings.json': settings({ context: { fileName: 'AGENTS.md' } }) },
    read: 'pkg/f.txt',
    env: TRUST,
  },

  // ---- imports ---------------------------------------------------------------------------------
  {
    name: 'import-nested',
    why: 'processImports tree format: the imported text between Imported from / End of import comments, untrimmed, relative to the importing file',
    tree: { ...GIT, 'GEMINI.md': 'top\n@./docs/a.md\nend\n', 'docs/a.md': 'A text\n@b.md\n', 'docs/b.md': 'B\n' },
    env: TRUST,
  },
  {
    name: 'import-depth-five',
    why: 'maxDepth 5: five levels are inserted, the fifth level import stays as text',
    tree: {
      ...GIT,
      'GEMINI.md': '@l1.md\n',
      'l1.md': '1 @l2.md',
      'l2.md': '2 @l3.md',
      'l3.md': '3 @l4.md',
      'l4.md': '4 @l5.md',
      'l5.md': '5 @l6.md',
      'l6.md': '6 @l7.md',
      'l7.md': '7',
    },
    env: TRUST,
  },
  {
    name: 'import-cycle-and-self',
    why: 'processedFiles holds the import chain only: a cycle is named, the top file is not on the chain and expands once',
    tree: { ...GIT, 'GEMINI.md': 'g @a.md\n', 'a.md': 'a @b.md', 'b.md': 'b @a.md @GEMINI.md' },
    env: TRUST,
  },
  {
    name: 'import-diamond',
    why: 'each branch has its own chain: a file imported by two others expands twice',
    tree: { ...GIT, 'GEMINI.md': '@l.md @r.md\n', 'l.md': 'L @d.md', 'r.md': 'R @d.md', 'd.md': 'D' },
    env: TRUST,
  },
  {
    name: 'import-code-spans',
    why: 'findCodeRegions protects backtick spans and fences only: ~~~ fences and indented code are expanded',
    tree: { ...GIT, 'GEMINI.md': 'span `@a.md` and\n```\n@a.md\n```\n~~~\n@a.md\n~~~\n    @a.md\n', 'a.md': 'A' },
    env: TRUST,
  },
  {
    name: 'import-failures',
    why: 'missing file: Node message; ../ and absolute paths leaving the root and URLs: traversal; @~/ and @1 are not imports; @Override is',
    tree: { ...GIT, 'GEMINI.md': '@missing.md @../outside.md @/etc/hostname @~/x.md @1.md @Override @https://example.com/a.md\n' },
    env: TRUST,
  },
  {
    name: 'import-punctuation',
    why: 'findImports: the path runs to the next space, tab or line feed, trailing punctuation included; an @ inside a word or after ( is not an import',
    tree: {
      ...GIT,
      'GEMINI.md': 'See @a.md. Also (@a.md) and x@a.md and\t@a.md,\n',
      'a.md': 'A',
      'a.md.': 'with the dot',
      'a.md,': 'with the comma',
    },
    env: TRUST,
  },
  {
    name: 'import-directory',
    why: 'readFile of a folder: EISDIR in the failure comment',
    tree: { ...GIT, 'GEMINI.md': '@docs\n', 'docs/a.md': 'a' },
    env: TRUST,
  },
  {
    name: 'import-percent-escapes',
    why: 'validateImportPath decodes percent-escapes for the check only; the file is read under the name as written',
    tree: { ...GIT, 'GEMINI.md': '@a%20b.md @a%2Fb.md\n', 'a b.md': 'decoded name', 'a%20b.md': 'literal name' },
    env: TRUST,
  },
  {
    name: 'import-crlf',
    why: 'CR ends an import path; the imported text keeps its CRLF, untrimmed',
    tree: { ...GIT, 'GEMINI.md': 'x\r\n@a.md\r\ny\r\n', 'a.md': 'A\r\n' },
    env: TRUST,
  },
  {
    name: 'import-no-git-root',
    why: 'without a marker the import root is the importing file folder: ../up.md is traversal',
    tree: { 'up.md': 'up', 'p/GEMINI.md': '@../up.md @in.md\n', 'p/in.md': 'in' },
    cwd: 'p',
    env: TRUST,
  },
  {
    name: 'import-link-escape',
    why: 'validateImportPath compares real paths: a link inside the repository leading outside it is traversal',
    tree: {
      'outside.md': 'outside',
      'repo/.git': { dir: true },
      'repo/GEMINI.md': '@esc.md @ok.md\n',
      'repo/esc.md': { link: '../outside.md' },
      'repo/ok.md': 'ok',
    },
    cwd: 'repo',
    env: TRUST,
  },
  {
    name: 'import-bom-in-imported-file',
    why: "readFile keeps a BOM: an imported file's BOM stays in the text (the top file's is trimmed away)",
    tree: { ...GIT, 'GEMINI.md': 'x @a.md\n', 'a.md': '\ufeffA' },
    env: TRUST,
  },

  // ---- file contents ---------------------------------------------------------------------------
  {
    name: 'bom-trimmed',
    why: "String.prototype.trim removes U+FEFF: a file's leading BOM does not reach the model",
    tree: { ...GIT, 'GEMINI.md': { bytes: [0xef, 0xbb, 0xbf, 0x68, 0x69, 0x0a] } },
    env: TRUST,
  },
  {
    name: 'blank-file-dropped',
    why: 'concatenateInstructions: a file with only whitespace gets no block',
    tree: { ...GIT, 'GEMINI.md': '  \n\n', 'AGENTS.md': 'agents\n' },
    home: { '.gemini/settings.json': settings({ context: { fileName: 'AGENTS.md' } }) },
    env: TRUST,
  },
  {
    name: 'text-kept-inside',
    why: 'only the ends are trimmed: blank lines and CRLF inside a project file reach the model as written',
    tree: { ...GIT, 'GEMINI.md': '\n\n  a\n\n\n\nb\r\nc  \n\n' },
    env: TRUST,
  },
  {
    name: 'invalid-utf8',
    why: 'readFile(utf-8): bytes that are not UTF-8 become U+FFFD',
    tree: { ...GIT, 'GEMINI.md': { bytes: [0x61, 0xff, 0xfe, 0x62, 0x0a] } },
    env: TRUST,
  },
  {
    name: 'directory-named-gemini-md',
    why: 'readGeminiMdFiles skips a folder named like a context file (EISDIR)',
    tree: { ...GIT, 'GEMINI.md/x': 'x', 'AGENTS.md': 'agents\n' },
    home: { '.gemini/settings.json': settings({ context: { fileName: 'AGENTS.md' } }) },
    env: TRUST,
  },
  {
    name: 'link-inside-repository',
    why: "a GEMINI.md that links to another file of the repository is read through the link and named by the link's path",
    tree: { ...GIT, 'GEMINI.md': { link: 'docs/rules.md' }, 'docs/rules.md': 'the rules\n' },
    env: TRUST,
  },
  {
    name: 'nothing-to-load',
    why: 'no context file anywhere: no loaded_context block at all',
    tree: { ...GIT, 'README.md': 'readme\n' },
    env: TRUST,
  },
];
