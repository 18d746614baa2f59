import type { OracleCase, OracleEntry } from '../case';

/**
 * Claude Code 2.1.328, case by case. Each `why` names what the case shows and where the rule was
 * first seen: a run of the release (the run decides), the strings of its binary (the memory
 * loader, the AGENTS.md plugin, the attachment renderer), or the memory documentation.
 */

const git = { '.git': { dir: true } } as const;

/** `files` under `dir/`. */
function under(dir: string, files: Record<string, OracleEntry>): Record<string, OracleEntry> {
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [`${dir}/${k}`, v]));
}

/** `lines` lines of 32 characters and a line break each. */
const longFile = (lines: number): string =>
  Array.from({ length: lines }, (_, i) => `line ${String(i).padStart(5, '0')} of a long nested file`).join('\n') + '\n';

/** A launch AGENTS.md, one the plugin adds on a read, and two files the engine loads on that read. */
const LAYOUT_TREE: Record<string, OracleEntry> = {
  'AGENTS.md': 'root agents\n',
  'sub/AGENTS.md': 'sub agents\n',
  'sub/x/CLAUDE.md': 'x claude\n',
  'sub/x/.claude/rules/r.md': 'x rule\n',
  'sub/x/f.txt': 'f\n',
};

const settings = (s: unknown): Record<string, OracleEntry> => ({ '.claude/settings.json': JSON.stringify(s) });
const plugin = (options: Record<string, unknown>) => settings({ pluginConfigs: { 'cc-plugin-agents-md@builtin': { options } } });

/** Each of these in its own rules file (rules load in the order the file system lists them). */
const COMMENTS: Record<string, string> = {
  c01: 'b\n\n<!-- c2 -->\n\nc\n',
  c02: '<!-- top -->\n\nbody\n',
  c03: '<!-- top -->\nbody\n',
  c04: 'x\n<!-- end -->\n',
  c05: 'x\n\n<!-- end -->\n\n\n',
  c06: '- item\n<!-- after list -->\n- item2\n',
  c07: '> quote\n<!-- c -->\nafter\n',
  c08: '# Head\n<!-- c -->\ntext\n',
  c09: '  <!-- indented two -->\ntext\n',
  c10: '<!-- a --> <!-- b -->\ntext\n',
  c11: '<!-- unclosed\ntext\n\nmore\n',
  c12: 'para <!-- inline --> end\n',
  c13: '<div>\n<!-- in div -->\n</div>\n\ntext\n',
  c14: '<!-- c -->   \n   \nnext\n',
  c15: '- a\n\n  <!-- in item -->\n\n- b\n',
  c16: 'text\n<!--\nmulti\n-->\n\n\nafter\n',
  c17: '<!-- one -->\n<!-- two -->\nthree\n',
  c18: '```\ncode\n```\n<!-- after fence -->\nz\n',
  c19: 'Title\n===\n<!-- c -->\nq\n',
  c20: 'x <!-- c --> tail\n\n<!-- c --> tail\n\nnext\n',
};

const RULES_WITH_PATHS: Record<string, OracleEntry> = {
  '.claude/rules/str.md': '---\npaths: "src/**/*.ts"\n---\nstring paths\n',
  '.claude/rules/list.md': '---\npaths:\n  - "lib/**"\n  - "src/a.ts"\n---\nlist paths\n',
  '.claude/rules/brace.md': '---\npaths: "src/*.{ts, js}"\n---\nbraces, alternatives trimmed\n',
  '.claude/rules/comma.md': '---\npaths: "docs/**, src/*.ts"\n---\ncomma-separated string\n',
  '.claude/rules/bare.md': '---\npaths: "*.ts"\n---\nno slash: any depth, as in .gitignore\n',
  '.claude/rules/invalid.md': '---\npaths: ["[z-a].ts", "src/a.ts"]\n---\nan invalid range is dropped, the other pattern still matches\n',
  '.claude/rules/other.md': '---\npaths: "lib/**"\n---\nmatches nothing read\n',
  '.claude/rules/allstar.md': '---\npaths: "**"\n---\nonly ** : at launch\n',
  '.claude/rules/empty.md': '---\npaths: []\n---\nan empty list: at launch\n',
  '.claude/rules/num.md': '---\npaths: 5\n---\na number: at launch\n',
  '.claude/rules/dirslash.md': '---\npaths: "src/"\n---\na folder pattern matches what is in it\n',
  '.claude/rules/neg.md': '---\npaths: ["src/**", "!src/a.ts"]\n---\nsrc/** is read as src: a file under it cannot be let out again\n',
  '.claude/rules/sub/deep.md': '---\npaths: "src/a.ts"\n---\nin a sub-folder of rules\n',
  '.claude/rules/notes.txt': 'not a .md file\n',
  '.claude/rules/UPPER.MD': 'not .md either\n',
  'src/a.ts': 'export const a = 1;\n',
};

export const cases: OracleCase[] = [
  // ------------------------------------------------------------------------------------------
  // At launch: where, in what order, with what label

  {
    name: 'launch-order-from-the-top',
    why: 'run: every directory from the top of the file system down to the cwd gives CLAUDE.md, .claude/CLAUDE.md, .claude/rules (ancestors too) and CLAUDE.local.md, in that order; the user files come first',
    tree: {
      'CLAUDE.md': 'above the repository\n',
      'CLAUDE.local.md': 'above, local\n',
      '.claude/CLAUDE.md': 'above, .claude\n',
      '.claude/rules/above.md': 'a rule above the repository\n',
      ...under('repo', {
        ...git,
        'CLAUDE.md': 'repository root\n',
        '.claude/CLAUDE.md': 'repository .claude/CLAUDE.md\n',
        '.claude/rules/team.md': 'team rule\n',
        'CLAUDE.local.md': 'private to this checkout\n',
      }),
    },
    home: { '.claude/CLAUDE.md': 'my global rules\n', '.claude/rules/mine.md': 'my global rule\n' },
    cwd: 'repo',
  },
  {
    name: 'rules-in-file-system-order',
    why: 'run: the .md files of .claude/rules load in the order the file system lists them (not sorted), a sub-folder where it is listed; other names are not read',
    tree: {
      ...git,
      'CLAUDE.md': 'root\n',
      '.claude/rules/zeta.md': 'zeta\n',
      '.claude/rules/alpha.md': 'alpha\n',
      '.claude/rules/mid.md': 'mid\n',
      '.claude/rules/nested/beta.md': 'beta, in a sub-folder\n',
      '.claude/rules/gamma.md': 'gamma\n',
      '.claude/rules/readme.txt': 'not markdown\n',
    },
    home: { '.claude/rules/b.md': 'user b\n', '.claude/rules/a.md': 'user a\n', '.claude/rules/c.md': 'user c\n' },
  },
  {
    name: 'cwd-in-a-subdirectory',
    why: 'run: started in a subdirectory, the ancestors up to the top load (the repository root is not a limit); a sibling folder never does',
    tree: {
      ...git,
      'CLAUDE.md': 'root\n',
      'packages/CLAUDE.md': 'packages\n',
      'packages/api/CLAUDE.md': 'api\n',
      'packages/web/CLAUDE.md': 'web, a sibling\n',
    },
    cwd: 'packages/api',
  },
  {
    name: 'no-repository',
    why: 'run: without .git the walk is the same, from the top down to the cwd',
    tree: { 'CLAUDE.md': 'top\n', 'a/CLAUDE.md': 'a\n', 'a/b/CLAUDE.local.md': 'b, local\n' },
    cwd: 'a/b',
  },
  {
    name: 'user-rules-and-labels',
    why: 'strings (Zm): each kind has its label: the user\'s files "user\'s private global instructions for all projects", CLAUDE.local.md "user\'s private project instructions, not checked in", the rest "project instructions, checked into the codebase"',
    tree: { ...git, 'CLAUDE.md': 'project\n', 'CLAUDE.local.md': 'local\n' },
    home: { '.claude/CLAUDE.md': 'user\n', '.claude/rules/style.md': 'user rule\n', '.claude/rules/deep/more.md': 'deeper user rule\n' },
  },
  {
    name: 'claude-config-dir',
    why: 'docs + run: CLAUDE_CONFIG_DIR replaces ~/.claude for the user files',
    tree: { ...git, 'CLAUDE.md': 'project\n' },
    home: {
      '.claude/CLAUDE.md': 'not read: the config folder moved\n',
      'alt/CLAUDE.md': 'from CLAUDE_CONFIG_DIR\n',
      'alt/rules/r.md': 'a rule there\n',
    },
    env: { CLAUDE_CONFIG_DIR: '{{home}}/alt' },
  },

  // ------------------------------------------------------------------------------------------
  // AGENTS.md: the built-in plugin

  {
    name: 'agents-md-only',
    why: 'run + strings (cc-plugin-agents-md, instructionFiles "claude-md-or-agents-md"): with no CLAUDE file the plugin adds AGENTS.md and .claude/AGENTS.md where CLAUDE.md would be, imports after them',
    tree: {
      ...git,
      'AGENTS.md': 'Use pnpm.\n@docs/style.md\n',
      'docs/style.md': 'Two spaces.\n',
      '.claude/AGENTS.md': 'From .claude/AGENTS.md.\n',
    },
  },
  {
    name: 'agents-md-up-the-chain',
    why: 'run: the plugin walks from the cwd up to (not including) /, top first: an AGENTS.md above the repository loads too',
    tree: {
      'AGENTS.md': 'above the repository\n',
      ...under('repo', { ...git, 'AGENTS.md': 'repository root\n', 'app/AGENTS.md': 'app\n' }),
    },
    cwd: 'repo/app',
  },
  {
    name: 'agents-md-among-rules',
    why: "strings (insertionIndex): a directory's AGENTS.md goes before the project files of deeper directories, else after the last project file: an ancestor's before the cwd's rules, the cwd's after them",
    tree: {
      ...git,
      'AGENTS.md': 'root agents\n',
      '.claude/rules/root-rule.md': 'root rule\n',
      'app/AGENTS.md': 'app agents\n',
      'app/.claude/rules/app-rule.md': 'app rule\n',
    },
    home: { '.claude/CLAUDE.md': 'user\n' },
    cwd: 'app',
  },
  {
    name: 'pitfall-agents-md-beside-claude-md',
    why: 'pitfall agent-claude-agents-md: a project with a CLAUDE.md gets no AGENTS.md at all (run)',
    tree: {
      ...git,
      'CLAUDE.md': 'Claude rules.\n',
      'AGENTS.md': 'Never sent: CLAUDE.md exists.\n',
      'sub/AGENTS.md': 'nor this\n',
      'sub/f.txt': 'f\n',
    },
    read: 'sub/f.txt',
  },
  {
    name: 'pitfall-agents-md-and-a-private-claude-local',
    why: 'pitfall agent-claude-agents-md: a CLAUDE.local.md alone (an ignored, private file) makes the project one with CLAUDE files (run)',
    tree: { ...git, 'AGENTS.md': 'Not sent.\n', 'CLAUDE.local.md': 'my notes\n' },
  },
  {
    name: 'pitfall-agents-md-under-a-claude-md-above',
    why: 'pitfall agent-claude-agents-md: a CLAUDE.md in any folder above the cwd, even above the repository, turns AGENTS.md off (run)',
    tree: { 'CLAUDE.md': 'a CLAUDE.md above the repository\n', ...under('repo', { ...git, 'AGENTS.md': 'Not sent.\n' }) },
    cwd: 'repo',
  },
  {
    name: 'agents-md-when-claude-md-is-a-folder-or-empty',
    why: 'run: only a CLAUDE file that loads counts: a folder named CLAUDE.md or an empty CLAUDE.local.md does not',
    tree: { ...git, 'CLAUDE.md/readme.txt': 'a folder\n', 'CLAUDE.local.md': '  \n', 'AGENTS.md': 'Sent.\n' },
  },
  {
    name: 'agents-md-on-read',
    why: 'run: reading a file below the cwd, the plugin adds the AGENTS.md files of the directories below the cwd on the way, top first, in one reminder at the start of the tool result',
    tree: {
      ...git,
      'AGENTS.md': 'root\n',
      'sub/AGENTS.md': 'sub\n',
      'sub/.claude/AGENTS.md': 'sub/.claude\n',
      'sub/x/AGENTS.md': 'x\n',
      'sub/x/f.txt': 'f\n',
    },
    read: 'sub/x/f.txt',
  },
  {
    name: 'agents-md-on-read-beside-claude-md',
    why: 'run: on a read, a directory whose own CLAUDE file loads gives that file (engine) and not its AGENTS.md; deeper ones still come',
    tree: {
      ...git,
      'AGENTS.md': 'root\n',
      'sub/CLAUDE.md': 'sub claude\n',
      'sub/AGENTS.md': 'sub agents: left out\n',
      'sub/deeper/AGENTS.md': 'deeper agents\n',
      'sub/deeper/CLAUDE.local.md': 'deeper local\n',
      'sub/deeper/deepest/AGENTS.md': 'deepest\n',
      'sub/deeper/deepest/f.txt': 'f\n',
    },
    read: 'sub/deeper/deepest/f.txt',
  },
  {
    name: 'agents-md-read-itself',
    why: 'strings (isFileAt): the AGENTS.md being read is not added again; those above it are',
    tree: { ...git, 'AGENTS.md': 'root\n', 'sub/AGENTS.md': 'sub\n', 'sub/x/AGENTS.md': 'x: the file read\n' },
    read: 'sub/x/AGENTS.md',
  },
  {
    name: 'agents-md-same-text-as-a-rule',
    why: "strings (unseenFiles): an AGENTS.md whose trimmed text equals a project file's already sent is left out, at launch and on a read",
    tree: {
      ...git,
      'AGENTS.md': '  Same text.\n',
      '.claude/rules/r.md': 'Same text.\n',
      'sub/AGENTS.md': 'Same text.',
      'sub/f.txt': 'f\n',
    },
    read: 'sub/f.txt',
  },
  {
    name: 'agents-md-imports-on-read',
    why: 'run: a nested AGENTS.md brings its imports, depth first after it, inside the cwd only',
    tree: {
      ...git,
      'sub/AGENTS.md': 'sub\n@imp.md\n@../top.md\n@../../outside.md\n',
      'sub/imp.md': 'imported\n@imp2.md\n',
      'sub/imp2.md': 'imported twice removed\n',
      'top.md': 'from the cwd root\n',
      'sub/f.txt': 'f\n',
    },
    read: 'sub/f.txt',
  },
  {
    name: 'claude-md-linked-to-agents-md',
    why: 'docs + run: CLAUDE.md as a link to AGENTS.md loads as CLAUDE.md (named by the link), and the project then has a CLAUDE.md',
    tree: { ...git, 'AGENTS.md': 'Shared rules.\n', 'CLAUDE.md': { link: 'AGENTS.md' }, 'sub/AGENTS.md': 'not sent\n', 'sub/f.txt': 'f\n' },
    read: 'sub/f.txt',
  },
  {
    name: 'instruction-files-claude-md',
    why: 'strings: instructionFiles "claude-md" (user settings pluginConfigs) turns the plugin off',
    tree: { ...git, 'AGENTS.md': 'not sent\n', 'sub/AGENTS.md': 'not sent\n', 'sub/f.txt': 'f\n' },
    home: plugin({ instructionFiles: 'claude-md' }),
    read: 'sub/f.txt',
  },
  {
    name: 'instruction-files-both',
    why: 'strings + run: "claude-md-and-agents-md" loads AGENTS.md beside CLAUDE.md, after it, and on a read',
    tree: { ...git, 'CLAUDE.md': 'claude\n', 'AGENTS.md': 'agents\n', 'sub/AGENTS.md': 'sub agents\n', 'sub/f.txt': 'f\n' },
    home: plugin({ instructionFiles: 'claude-md-and-agents-md' }),
    read: 'sub/f.txt',
  },
  {
    name: 'instruction-files-managed-only',
    why: 'strings + run: "managed-only" drops the user\'s and the project\'s launch files; files loaded on touch still come',
    tree: {
      ...git,
      'CLAUDE.md': 'dropped\n',
      'sub/CLAUDE.md': 'still on touch\n',
      '.claude/rules/p.md': '---\npaths: "sub/**"\n---\nstill on touch\n',
      'sub/f.txt': 'f\n',
    },
    home: { '.claude/CLAUDE.md': 'dropped\n', ...plugin({ instructionFiles: 'managed-only' }) },
    read: 'sub/f.txt',
  },
  {
    name: 'agents-plugin-disabled',
    why: 'strings: enabledPlugins["cc-plugin-agents-md@builtin"]: false turns the plugin off',
    tree: { ...git, 'AGENTS.md': 'not sent\n' },
    home: settings({ enabledPlugins: { 'cc-plugin-agents-md@builtin': false } }),
  },
  {
    name: 'instruction-files-legacy-option',
    why: 'strings: the older option projectInstructions ("both") is still read while instructionFiles is unset',
    tree: { ...git, 'CLAUDE.md': 'claude\n', 'AGENTS.md': 'agents\n' },
    home: plugin({ projectInstructions: 'both' }),
  },
  {
    name: 'instruction-files-not-from-the-project',
    why: 'strings: the plugin reads its options from the user and managed settings only, never from the project',
    tree: { ...git, 'CLAUDE.md': 'claude\n', 'AGENTS.md': 'not sent\n', ...plugin({ instructionFiles: 'claude-md-and-agents-md' }) },
  },

  // ------------------------------------------------------------------------------------------
  // Imports

  {
    name: 'imports-after-their-importer',
    why: 'run: an imported file comes after the file importing it, depth first, each once (a cycle or a repeat is skipped)',
    tree: {
      ...git,
      'CLAUDE.md': 'root\n@a.md\n@d.md\n',
      'a.md': 'A\n@b.md\n',
      'b.md': 'B\n@c.md\n',
      'c.md': 'C\n@a.md\n',
      'd.md': 'D\n@b.md\n',
    },
  },
  {
    name: 'imports-four-deep',
    why: 'strings (xGo = 5) + run: the file reached by the fourth import loads, the fifth does not',
    tree: {
      ...git,
      'CLAUDE.md': '@i1.md\n',
      'i1.md': '1\n@i2.md',
      'i2.md': '2\n@i3.md',
      'i3.md': '3\n@i4.md',
      'i4.md': '4\n@i5.md',
      'i5.md': '5\n@i6.md',
      'i6.md': '6\n',
    },
  },
  {
    name: 'imports-what-counts',
    why: 'run: @ after whitespace, outside code (spans, fences, indented), comments and HTML; `\\ ` continues a path, `#` ends it; text file names only; `~/` and `/` paths; a folder or a missing file is no import',
    tree: {
      ...git,
      'CLAUDE.md':
        'x @sp\\ ace.md y\nmail a@b.md\n`@code.md`\n```\n@fence.md\n```\n\n    @indented.md\n\n@frag.md#sec\n@./dot.md\n@nonexist.md\n@bin.png\n@noext\n(@paren.md)\n@@double.md\n<!-- @incomment.md -->\n<div>@inhtml.md</div>\n@dir\n* @list.md\n> @quote.md\n# @head.md\n*@emph.md*\n@~/homef.md\n@{{root}}/abs.md\n',
      'sp ace.md': 'space\n',
      'b.md': 'b\n',
      'code.md': 'code\n',
      'fence.md': 'fence\n',
      'indented.md': 'indented\n',
      'frag.md': 'frag\n',
      'dot.md': 'dot\n',
      'bin.png': 'png\n',
      noext: 'no extension\n',
      'paren.md': 'paren\n',
      '@double.md': 'double\n',
      'double.md': 'double2\n',
      'incomment.md': 'incomment\n',
      'inhtml.md': 'inhtml\n',
      'dir/x.md': 'x\n',
      'list.md': 'list\n',
      'quote.md': 'quote\n',
      'head.md': 'head\n',
      'emph.md': 'emphasis\n',
      'abs.md': 'absolute\n',
    },
    home: { 'homef.md': 'in the home: outside the cwd\n' },
  },
  {
    name: 'imports-leaving-the-cwd',
    why: 'run (issue: Holaryn gave the wrong reason here): started in a subdirectory, an import that leaves the cwd waits for approval and is not loaded, from a file above the cwd as from one in it; imports into the cwd load',
    tree: {
      ...git,
      'CLAUDE.md': 'root\n@../outside.md\n@sub/in.md\n@other/o.md\n',
      'other/o.md': 'a sibling folder\n',
      'sub/CLAUDE.md': 'sub\n@../other/o.md\n@in.md\n',
      'sub/in.md': 'inside the cwd\n',
    },
    cwd: 'sub',
  },
  {
    name: 'imports-approved',
    why: "strings (hasClaudeMdExternalIncludesApproved): once the user approved a project's external imports (.claude.json, under the repository root), they load",
    // The imported file is the repository's, outside the working directory: a file outside the
    // repository would be disclosed, never shown (the containment rule), whatever Claude Code sends.
    tree: {
      ...under('repo', {
        ...git,
        'common.md': 'outside the cwd, approved\n',
        'CLAUDE.md': 'p\n@common.md\n',
        'app/CLAUDE.md': 'app\n@../common.md\n',
      }),
    },
    home: { '.claude.json': JSON.stringify({ projects: { '{{root}}/repo': { hasClaudeMdExternalIncludesApproved: true } } }) },
    cwd: 'repo/app',
  },
  {
    name: 'imports-of-user-files',
    why: "run: the user's files import from anywhere without approval, named by their own paths",
    tree: { ...git, 'CLAUDE.md': 'project\n' },
    home: {
      '.claude/CLAUDE.md': 'user\n@../notes/claude.md\n',
      'notes/claude.md': 'user notes\n@more.md\n',
      'notes/more.md': 'more notes\n',
    },
  },
  {
    name: 'conditional-rule-import',
    why: 'run: a rule with paths waits for a matching read, but the files it imports (without paths) load at launch',
    tree: {
      ...git,
      'CLAUDE.md': 'c\n',
      '.claude/rules/p.md': '---\npaths: "sub/**"\n---\nprule\n@../../imp.md\n',
      'imp.md': 'imported by a path rule\n',
      'sub/f.txt': 'f\n',
    },
    read: 'sub/f.txt',
  },

  // ------------------------------------------------------------------------------------------
  // Text: comments, headers, whitespace, sizes

  {
    name: 'html-comments',
    why: 'run: a block of HTML starting with a comment loses its comments (and goes whole with the line ends after it when nothing else is left); comments in paragraphs, code and other HTML stay',
    tree: { ...git, ...Object.fromEntries(Object.entries(COMMENTS).map(([k, v]) => [`.claude/rules/${k}.md`, v])) },
  },
  {
    name: 'frontmatter',
    why: 'run: the header from a first line of --- to the next --- (even mid-line) is not sent, BOM or CRLF or not; paths in it make a rule wait for a read; CLAUDE.md keeps loading whatever its header says',
    tree: {
      ...git,
      'CLAUDE.md': '---\npaths: "x/**"\n---\nclaude with paths still loads\n',
      '.claude/rules/a_bom.md': '\ufeff---\npaths: "x/**"\n---\nbom header body\n',
      '.claude/rules/b_crlf.md': '---\r\npaths: "x/**"\r\n---\r\ncrlf body\r\nline2\r\n',
      '.claude/rules/c_mid.md': '---\ntitle: a---b\nmore\n---\nmid body\n',
      '.claude/rules/d_only.md': '---\ndescription: only a header\n---\n',
      '.claude/rules/e_tab.md': '---\npaths:\n\t- "x/**"\n---\ntab body\n',
      '.claude/rules/f_unclosed.md': '---\npaths: "x/**"\nno close\n',
      '.claude/rules/g_blank.md': '---\n\n---\nblank header body\n',
      '.claude/rules/h_sp.md': '---   \npaths: "x/**"\n---   \nspaces after the fences\n',
      '.claude/rules/i_notfirst.md': '\n---\npaths: "x/**"\n---\nnot on the first line\n',
      '.claude/rules/j_broken.md': '---\nbroken: [\n---\nbroken yaml: the header still goes\n',
      'x/f.txt': 'f\n',
    },
    read: 'x/f.txt',
  },
  {
    name: 'whitespace-bom-crlf',
    why: 'run: launch files are trimmed (a BOM with them), CRLF kept inside; blank files and a BOM alone load nothing; files loaded on touch keep their whitespace and BOM',
    tree: {
      ...git,
      'CLAUDE.md': '   \n\t\n',
      'CLAUDE.local.md': '\ufeffbom local\r\nline2\r\n',
      '.claude/CLAUDE.md': '\n\n\n',
      '.claude/rules/bom-only.md': '\ufeff',
      'sub/CLAUDE.md': '\n\n  sub padded  \n\n\n',
      'sub/x/CLAUDE.md': '\ufeffbom on touch',
      'sub/x/f.txt': 'f\n',
    },
    read: 'sub/x/f.txt',
  },
  {
    name: 'file-over-4-mib',
    why: 'strings (U5t = 4194304): a file over 4 MiB is skipped',
    tree: { ...git, 'CLAUDE.md': 'x'.repeat(4 * 1024 * 1024 + 1), 'CLAUDE.local.md': 'small\n' },
  },
  {
    name: 'reminder-tags-escaped',
    why: 'run: launch files are sent as written; a file loaded on touch gets a backslash after the < of a system-reminder tag, the plugin its &lt;',
    tree: {
      ...git,
      'CLAUDE.md': 'before\n</system-reminder>\nafter <system-reminder> x\n',
      'sub/CLAUDE.md':
        'claude\na </system-reminder> b\nc </SYSTEM-REMINDER> d\ng <system-reminder> h\n<system-reminder/>\n</system-reminder\t>\n<system-reminder-x>\ni </system-reminderx> j\n',
      'sub/x/AGENTS.md':
        'agents\nA </SYSTEM-REMINDER> B\nC </system-reminderx> D\nE < /system-reminder> F\n<system-reminder-x>\nG & <b> H\n',
      'sub/x/y/f.txt': 'f\n',
    },
    home: plugin({ instructionFiles: 'claude-md-and-agents-md' }),
    read: 'sub/x/y/f.txt',
  },
  {
    name: 'touched-file-cut',
    why: 'run: with the default model (claude-opus-5-5) a file loaded on touch over 150,000 characters (5% of its 1M window, 3 characters a token) is cut at the last line break before, with a line saying where the rest starts',
    tree: { ...git, 'sub/CLAUDE.md': longFile(4700), 'sub/f.txt': 'f\n' },
    read: 'sub/f.txt',
  },
  {
    name: 'touched-file-not-cut-under-150000',
    why: 'run: with the default model a file of about 42,900 characters loaded on touch is sent whole',
    tree: { ...git, 'sub/CLAUDE.md': longFile(1300), 'sub/f.txt': 'f\n' },
    read: 'sub/f.txt',
  },
  {
    name: 'touched-file-cut-sonnet-4-5',
    why: 'run: with claude-sonnet-4-5 (200K window, 4 characters a token: 40,000, the floor) a file loaded on touch over 40,000 characters is cut',
    tree: { ...git, 'sub/CLAUDE.md': longFile(1300), 'sub/f.txt': 'f\n' },
    env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5' },
    read: 'sub/f.txt',
  },
  {
    name: 'touched-file-cut-sonnet-4-5-1m',
    why: 'strings (the [1m] suffix gives a model that offers it the 1M window) + run: claude-sonnet-4-5[1m] cuts past 200,000',
    tree: { ...git, 'sub/CLAUDE.md': longFile(6300), 'sub/f.txt': 'f\n' },
    env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5[1m]' },
    read: 'sub/f.txt',
  },
  {
    name: 'touched-file-cut-opus-4-7',
    why: 'strings (catalog: 1M window; release order: before claude-opus-4-8) + run: claude-opus-4-7 cuts past 150,000 yet lays the files out in the tool result',
    tree: { ...git, ...LAYOUT_TREE, 'sub/x/.claude/rules/long.md': longFile(4700) },
    env: { ANTHROPIC_MODEL: 'claude-opus-4-7' },
    read: 'sub/x/f.txt',
  },

  // ------------------------------------------------------------------------------------------
  // The model: what Claude Code runs decides where files loaded on touch go

  {
    name: 'model-default-layout',
    why: "run: the default model (claude-opus-5-5) gets each engine file as a text block after the tool result (a line break after each but the last) and the plugin's text as a system message without a reminder around it",
    tree: { ...git, ...LAYOUT_TREE },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-default-layout-without-git',
    why: 'run: with the default model and no repository (no git status reminder), the launch reminder ends with a line break',
    tree: { ...LAYOUT_TREE },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-from-env',
    why: "strings (ANTHROPIC_MODEL before the settings' model) + run: ANTHROPIC_MODEL=claude-sonnet-4-5 puts the plugin's and the engine's files in reminders inside the tool result",
    tree: { ...git, ...LAYOUT_TREE },
    env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5' },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-from-user-settings',
    why: 'run: the model of ~/.claude/settings.json chooses the layout',
    tree: { ...git, ...LAYOUT_TREE },
    home: settings({ model: 'claude-sonnet-4-5' }),
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-from-project-settings',
    why: 'strings (the model "from project settings") + run: the model of .claude/settings.json chooses the layout',
    tree: { ...git, ...LAYOUT_TREE, ...settings({ model: 'claude-sonnet-4-5' }) },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-from-local-settings',
    why: "run: .claude/settings.local.json is over .claude/settings.json and the user's settings",
    tree: {
      ...git,
      ...LAYOUT_TREE,
      ...settings({ model: 'claude-opus-5-5' }),
      '.claude/settings.local.json': JSON.stringify({ model: 'claude-sonnet-4-5' }),
    },
    home: settings({ model: 'claude-opus-5-5' }),
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-env-over-settings',
    why: "run: ANTHROPIC_MODEL wins over the settings files' model",
    tree: { ...git, ...LAYOUT_TREE, ...settings({ model: 'claude-sonnet-4-5' }) },
    env: { ANTHROPIC_MODEL: 'claude-opus-5-5' },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-alias-sonnet',
    why: "strings (aliases: sonnet is claude-sonnet-5-5 on Anthropic's API, after claude-opus-4-8) + run: the alias gets the system-message layout",
    tree: { ...git, ...LAYOUT_TREE },
    home: settings({ model: 'sonnet' }),
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-dated-id',
    why: 'run: a dated id (claude-sonnet-4-5-20250929) is that model',
    tree: { ...git, ...LAYOUT_TREE },
    env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5-20250929' },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-opus-4-8',
    why: 'strings (release order: claude-opus-4-8 is the first model with mid-conversation system messages) + run',
    tree: { ...git, ...LAYOUT_TREE },
    env: { ANTHROPIC_MODEL: 'claude-opus-4-8' },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-haiku-4-5',
    why: 'strings (release order: before claude-opus-4-8) + run: claude-haiku-4-5 gets the files in the tool result',
    tree: { ...git, ...LAYOUT_TREE },
    env: { ANTHROPIC_MODEL: 'claude-haiku-4-5' },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-opus-4-6',
    why: 'strings (release order before claude-opus-4-8; 200K window; 4 characters a token) + run: claude-opus-4-6 gets the files in the tool result and cuts past 40,000',
    tree: { ...git, ...LAYOUT_TREE, 'sub/x/.claude/rules/long.md': longFile(1300) },
    env: { ANTHROPIC_MODEL: 'claude-opus-4-6' },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-sonnet-5',
    why: 'strings (after claude-opus-4-8; 1M window; 3 characters a token) + run: claude-sonnet-5 gets system messages and cuts past 150,000',
    tree: { ...git, ...LAYOUT_TREE, 'sub/x/.claude/rules/long.md': longFile(4700) },
    env: { ANTHROPIC_MODEL: 'claude-sonnet-5' },
    read: 'sub/x/f.txt',
  },
  {
    name: 'model-unknown',
    why: 'strings (a model outside the release order gets mid-conversation system messages and the 1M window) + run: an id Claude Code does not know is laid out as the default model and cut past 150,000',
    tree: { ...git, ...LAYOUT_TREE, 'sub/x/.claude/rules/long.md': longFile(4700) },
    env: { ANTHROPIC_MODEL: 'claude-nonesuch-9' },
    read: 'sub/x/f.txt',
  },

  // ------------------------------------------------------------------------------------------
  // On touch: subdirectories and path rules

  {
    name: 'nested-files-on-read',
    why: 'run: reading below the cwd loads, for each directory on the way (shallow first), CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md, its imports, its rules without paths, its matching path rules; untrimmed, a reminder each',
    tree: {
      ...git,
      'CLAUDE.md': 'root\n',
      'sub/CLAUDE.md': 'sub\n@imp.md\n@../up.md\n',
      'sub/imp.md': 'sub import\n',
      'up.md': 'up, inside the cwd\n',
      'sub/.claude/CLAUDE.md': 'sub .claude\n',
      'sub/CLAUDE.local.md': 'sub local\n',
      'sub/.claude/rules/u.md': 'sub rule without paths\n',
      'sub/.claude/rules/p.md': '---\npaths: "*.txt"\n---\nsub path rule, relative to sub\n',
      'sub/.claude/rules/q.md': '---\npaths: "sub/*.txt"\n---\nnot relative to the cwd\n',
      'sub/deeper/CLAUDE.md': 'deeper\n',
      'sub/deeper/f.txt': 'f\n',
    },
    read: 'sub/deeper/f.txt',
  },
  {
    name: 'path-rules',
    why: 'run: paths are matched as .gitignore patterns against the path below the rule folder; a string, a list, braces, commas; an invalid pattern is dropped; only ** or none loads at launch',
    tree: { ...git, ...RULES_WITH_PATHS },
    home: {
      '.claude/rules/upath.md': '---\npaths: "src/*.ts"\n---\nuser path rule, relative to the cwd\n',
      '.claude/rules/uall.md': 'user rule\n',
    },
    read: 'src/a.ts',
  },
  {
    name: 'path-rules-of-ancestors',
    why: 'run: the rules of the cwd and its ancestors match the touched path relative to their own folder',
    tree: {
      ...git,
      '.claude/rules/any-ts.md': '---\npaths: "*.ts"\n---\nroot: any .ts\n',
      '.claude/rules/root-src.md': '---\npaths: "src/**"\n---\nroot: src only\n',
      'app/.claude/rules/app.md': '---\npaths: "x.ts"\n---\napp: x.ts\n',
      'app/x.ts': 'x\n',
    },
    cwd: 'app',
    read: 'app/x.ts',
  },
  {
    name: 'pitfall-rule-waits-for-a-read',
    why: 'pitfall agent-claude-rule-on-read: a rule with paths is not in the launch text; reading a matching file brings it',
    tree: {
      ...git,
      'CLAUDE.md': 'root\n',
      '.claude/rules/api.md': '---\npaths: "src/api/**"\n---\nAPI rules\n',
      'src/api/handler.ts': 'h\n',
      'src/other.ts': 'o\n',
    },
    read: 'src/api/handler.ts',
  },
  {
    name: 'read-at-the-cwd',
    why: 'run: reading a file in the cwd itself loads no directory files, only the path rules it matches; AGENTS.md of the cwd is already there',
    tree: { ...git, 'AGENTS.md': 'agents\n', 'f.txt': 'f\n', '.claude/rules/r.md': '---\npaths: "*.txt"\n---\ntxt rule\n' },
    read: 'f.txt',
  },
  {
    name: 'read-a-missing-file',
    why: 'run: a read of a file that does not exist (as a write of a new one) still loads the directory files and path rules on its way, but the plugin adds no AGENTS.md (the read failed)',
    tree: {
      ...git,
      'AGENTS.md': 'agents\n',
      'sub/CLAUDE.md': 'sub\n',
      'sub/x/AGENTS.md': 'x agents\n',
      'sub/x/CLAUDE.local.md': 'x local\n',
      '.claude/rules/w.md': '---\npaths: "sub/**"\n---\nw rule\n',
    },
    read: 'sub/x/new.txt',
  },
  {
    name: 'read-a-directory',
    why: "run: reading a directory fails, yet the files of the directories above it load (the directory's own do not), and no AGENTS.md",
    tree: {
      ...git,
      'AGENTS.md': 'agents\n',
      'sub/CLAUDE.md': 'sub\n',
      'sub/x/CLAUDE.md': 'x: not loaded\n',
      'sub/x/AGENTS.md': 'x agents\n',
      'sub/x/y.txt': 'y\n',
    },
    read: 'sub/x',
  },
  {
    name: 'read-a-claude-md',
    why: 'run: reading a CLAUDE.md does not send it again as a reminder; the other files of its folder come',
    tree: { ...git, 'CLAUDE.md': 'root\n', 'sub/CLAUDE.md': 'sub\n', 'sub/CLAUDE.local.md': 'sub local\n' },
    read: 'sub/CLAUDE.md',
  },
  {
    name: 'nested-already-imported',
    why: 'run: a file sent at launch (here imported by the root CLAUDE.md) is not sent again on touch',
    tree: { ...git, 'CLAUDE.md': 'root\n@sub/CLAUDE.md\n', 'sub/CLAUDE.md': 'sub\n', 'sub/f.txt': 'f\n' },
    read: 'sub/f.txt',
  },

  // ------------------------------------------------------------------------------------------
  // Links

  {
    name: 'links-inside',
    why: 'run: links are followed and a file is named by its link; an import through a link must end inside the cwd; a dangling link is nothing; a rule that is a link (or in a linked folder) is named by where it leads',
    tree: {
      ...git,
      'docs/claude.md': 'linked CLAUDE.md\n@../inner.md\n',
      'inner.md': 'inner\n@inlink.md\n',
      'inlink.md': { link: 'docs/target.md' },
      'docs/target.md': 'through a link\n',
      'CLAUDE.md': { link: 'docs/claude.md' },
      'CLAUDE.local.md': { link: 'missing.md' },
      'common/r1.md': 'linked rule\n',
      'common/rdir/r2.md': 'rule in a linked folder\n',
      '.claude/rules/l1.md': { link: '../../common/r1.md' },
      '.claude/rules/ldir': { link: '../../common/rdir' },
    },
  },
  {
    name: 'rules-linking-outside-the-cwd',
    why: 'run: a rule that is a link, or a folder of rules that is one, leading outside the working directory is not read (the links stay inside the sandbox root)',
    tree: {
      'common/out.md': 'outside the cwd\n',
      'common/rules/o.md': 'a rule outside the cwd\n',
      ...under('repo', {
        ...git,
        'CLAUDE.md': 'repo\n',
        '.claude/rules/a.md': { link: '../../../common/out.md' },
        '.claude/rules/far': { link: '../../../common/rules' },
        '.claude/rules/own.md': 'its own rule\n',
      }),
    },
    cwd: 'repo',
  },
  {
    name: 'linked-rules-folder',
    why: 'run: .claude/rules itself a link to a folder inside the cwd: its files load, named where they are',
    tree: {
      ...git,
      'CLAUDE.md': 'c\n',
      'common/rules/r.md': 'rule via a linked rules folder\n',
      '.claude/rules': { link: '../common/rules' },
    },
  },

  // ------------------------------------------------------------------------------------------
  // Settings and the environment

  {
    name: 'claude-md-excludes',
    why: 'docs + run: claudeMdExcludes (user settings) drops files by absolute-path globs, on touch too; an excluded CLAUDE.local.md no longer makes AGENTS.md wait',
    tree: {
      ...git,
      'AGENTS.md': 'agents\n',
      'CLAUDE.local.md': 'excluded\n',
      'sub/CLAUDE.md': 'excluded\n',
      'sub/CLAUDE.local.md': 'sub local\n',
      'sub/f.txt': 'f\n',
    },
    home: settings({ claudeMdExcludes: ['**/CLAUDE.local.md', '{{root}}/sub/CLAUDE.md'] }),
    read: 'sub/f.txt',
  },
  {
    name: 'claude-md-excludes-from-the-project',
    why: "docs + run: the project's .claude/settings.json and settings.local.json add to claudeMdExcludes; they match rules and AGENTS.md too",
    tree: {
      ...git,
      'CLAUDE.md': 'kept\n',
      '.claude/rules/keep.md': 'kept rule\n',
      '.claude/rules/drop.md': 'dropped rule\n',
      '.claude/settings.json': JSON.stringify({ claudeMdExcludes: ['**/.claude/rules/drop.md'] }),
      '.claude/settings.local.json': JSON.stringify({ claudeMdExcludes: ['**/AGENTS.md'] }),
      'AGENTS.md': 'dropped\n',
    },
    home: plugin({ instructionFiles: 'claude-md-and-agents-md' }),
  },
  {
    name: 'disable-claude-mds',
    why: 'docs + run: CLAUDE_CODE_DISABLE_CLAUDE_MDS=1 loads no memory file, AGENTS.md included',
    tree: { ...git, 'AGENTS.md': 'agents\n', 'sub/CLAUDE.md': 'sub\n', 'sub/f.txt': 'f\n' },
    home: { '.claude/CLAUDE.md': 'user\n' },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1' },
    read: 'sub/f.txt',
  },
  {
    name: 'disable-claude-mds-false',
    why: 'run: CLAUDE_CODE_DISABLE_CLAUDE_MDS=false (or 0) is off',
    tree: { ...git, 'CLAUDE.md': 'loads\n' },
    env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: 'false' },
  },
  {
    name: 'simple-mode',
    why: 'run: CLAUDE_CODE_SIMPLE=1 (--bare) loads no memory file',
    tree: { ...git, 'AGENTS.md': 'agents\n', 'sub/AGENTS.md': 'sub\n', 'sub/f.txt': 'f\n' },
    home: { '.claude/CLAUDE.md': 'user\n' },
    env: { CLAUDE_CODE_SIMPLE: '1' },
    read: 'sub/f.txt',
  },
  {
    name: 'disable-attachments',
    why: 'run: CLAUDE_CODE_DISABLE_ATTACHMENTS=1 keeps the launch files and loads nothing on touch',
    tree: { ...git, 'AGENTS.md': 'agents\n', 'sub/AGENTS.md': 's\n', 'sub/x/CLAUDE.md': 'x\n', 'sub/x/f.txt': 'f\n' },
    env: { CLAUDE_CODE_DISABLE_ATTACHMENTS: '1' },
    read: 'sub/x/f.txt',
  },
];
