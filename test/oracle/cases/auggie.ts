/**
 * Auggie 0.36.0 oracle cases (src/resolver/profiles/auggie/README.md). Auggie's CLI sends the
 * files as fields of its own `chat-stream` request (Augment's servers write the prompt), so these
 * cases compare the files and the text of that request, and the skills it lists. Each `why` names
 * the rule it checks and where it comes from in the bundled `augment.mjs` (names as minified in
 * 0.36.0: `RulesService.loadRules`, its `processRuleDirectory` walk, the rules settings service
 * `getSharedRuleType`, the user rules' walk `p6`, `parseRuleFile`, the skills' folders `jy`,
 * `parseSkillFile` and the skill modes filter `wX`), or a run.
 */
import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const BOM = [0xef, 0xbb, 0xbf];
const skill = (name: string, description: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${description}\n${extra}---\nUse ${name}.\n`;
/** A file of `n` characters: numbered lines, so a cut would show where it fell. */
const long = (n: number, tag: string) => {
  let s = '';
  for (let i = 0; s.length < n; i++) s += `${tag} line ${String(i).padStart(6, '0')} ${'x'.repeat(30)}\n`;
  return s.slice(0, n);
};

export const cases: OracleCase[] = [
  // ---- the shared rules: AGENTS.md and CLAUDE.md of the workspace root -------------------------
  {
    name: 'agents-then-claude',
    why: 'loadRules: AGENTS.md, then CLAUDE.md of the workspace root, each an entry of rules[] (first probe run)',
    tree: { ...GIT, 'CLAUDE.md': 'Claude rule.\n', 'AGENTS.md': 'Agents rule.\n', 'src/a.ts': 'x\n' },
  },
  {
    name: 'claude-only',
    why: 'loadRules: CLAUDE.md alone is sent; each name is tried on its own',
    tree: { ...GIT, 'CLAUDE.md': 'Only claude.\n' },
  },
  {
    name: 'no-files',
    why: 'a repository without instruction files: rules[] holds only Auggie’s own rule',
    tree: { ...GIT, 'README.md': 'Just a readme.\n' },
  },
  {
    name: 'other-names-ignored',
    why: 'the shared names are AGENTS.md and CLAUDE.md exactly: agents.md, AGENT.md, GEMINI.md and other agents’ files are not read',
    tree: {
      ...GIT,
      'agents.md': 'lower case\n',
      'AGENT.md': 'singular\n',
      'GEMINI.md': 'gemini\n',
      '.github/copilot-instructions.md': 'copilot\n',
      '.cursorrules': 'cursor\n',
      '.clinerules': 'cline\n',
    },
  },
  {
    name: 'cwd-below-git-root',
    why: 'the workspace root is the nearest folder holding .git: the working directory’s own files are not read, the root’s are',
    tree: {
      ...GIT,
      'AGENTS.md': 'root agents\n',
      '.augment-guidelines': 'root guidelines\n',
      '.augment/rules/r.md': 'root rule\n',
      'pkg/AGENTS.md': 'pkg agents\n',
      'pkg/CLAUDE.md': 'pkg claude\n',
      'pkg/.augment-guidelines': 'pkg guidelines\n',
      'pkg/.augment/rules/p.md': 'pkg rule\n',
    },
    cwd: 'pkg',
  },
  {
    name: 'no-git-working-directory',
    why: 'without a .git above, the working directory is the workspace root; its parent’s files are not read',
    tree: { 'AGENTS.md': 'parent\n', 'app/AGENTS.md': 'app agents\n', 'app/CLAUDE.md': 'app claude\n' },
    cwd: 'app',
  },
  {
    name: 'git-file-marks-root',
    why: 'a .git file (a worktree or submodule) marks the workspace root as a folder does; files above it are not read',
    tree: { 'AGENTS.md': 'outer\n', 'wt/.git': 'gitdir: /elsewhere\n', 'wt/AGENTS.md': 'worktree agents\n' },
    cwd: 'wt',
  },
  {
    name: 'nested-not-read',
    why: 'no walk below the root: AGENTS.md and CLAUDE.md of sub folders are never sent at the start',
    tree: {
      ...GIT,
      'AGENTS.md': 'The root agents file.\n',
      'a/AGENTS.md': 'a agents\n',
      'a/b/CLAUDE.md': 'b claude\n',
      'a/.augment/rules/x.md': 'nested rules folder\n',
    },
  },
  {
    name: 'shared-rule-header',
    why: 'parseRuleFile: a shared rule’s header is taken out and its description sent, but its type is not its header’s (manual here, sent all the same)',
    tree: { ...GIT, 'AGENTS.md': '---\ndescription: Agents notes\ntype: manual\n---\nAgents body.\n', 'CLAUDE.md': 'Claude.\n' },
  },
  {
    name: 'shared-rule-types',
    why: 'getSharedRuleType: .augment/rules/settings.json types the shared rules; a manual one is not sent, an agent-requested one is',
    tree: {
      ...GIT,
      'AGENTS.md': 'Manual agents.\n',
      'CLAUDE.md': 'Requested claude.\n',
      '.augment/rules/settings.json': JSON.stringify({
        sharedRules: [
          { path: 'AGENTS.md', type: 'manual' },
          { path: 'CLAUDE.md', type: 'agent_requested' },
        ],
      }),
    },
  },
  {
    name: 'links-not-read',
    why: 'the workspace file API lists a link as neither file nor folder: linked AGENTS.md, CLAUDE.md, rule files and rule folders are never read (run)',
    tree: {
      'outside/o.md': 'outside file\n',
      'outside/rules/or.md': 'outside rules\n',
      'repo/.git': { dir: true },
      'repo/real.md': 'real target\n',
      'repo/AGENTS.md': { link: 'real.md' },
      'repo/CLAUDE.md': { link: '../outside/o.md' },
      'repo/.augment/rules/a.md': 'plain rule\n',
      'repo/.augment/rules/l.md': { link: 'a.md' },
      'repo/.augment/rules/dirlink': { link: '../../../outside/rules' },
    },
    cwd: 'repo',
  },
  {
    name: 'empty-files',
    why: 'an empty AGENTS.md or rule is sent with empty content (no text); an empty .augment-guidelines sends nothing',
    tree: {
      ...GIT,
      'AGENTS.md': '',
      'CLAUDE.md': 'claude\n',
      '.augment-guidelines': '',
      '.augment/rules/e.md': '',
      '.augment/rules/f.md': 'f\n',
    },
  },
  {
    name: 'bom-kept',
    why: 'files are read as UTF-8 with the byte-order mark kept; a header after a BOM is no header',
    tree: {
      ...GIT,
      'AGENTS.md': { bytes: [...BOM, ...Buffer.from('bom agents\n')] },
      '.augment/rules/b.md': { bytes: [...BOM, ...Buffer.from('---\ndescription: not a header\n---\nbody\n')] },
    },
  },
  {
    name: 'large-files-whole',
    why: 'no limit: a 120,000-character AGENTS.md and a 60,000-character rule are sent whole (run)',
    tree: { ...GIT, 'AGENTS.md': long(120000, 'big'), '.augment/rules/big.md': long(60000, 'rb') },
  },
  {
    name: 'ignore-files-dont-matter',
    why: 'the rule folder walk applies no .gitignore or .augmentignore (run)',
    tree: {
      ...GIT,
      '.gitignore': '.augment/rules/gi.md\nAGENTS.md\n',
      '.augmentignore': '.augment/rules/ai.md\n',
      'AGENTS.md': 'ignored by git\n',
      '.augment/rules/gi.md': 'git ignored\n',
      '.augment/rules/ai.md': 'augment ignored\n',
    },
  },
  // ---- the workspace guidelines ---------------------------------------------------------------
  {
    name: 'guidelines-whole',
    why: 'workspace_guidelines: the root’s .augment-guidelines, whole (3,000 characters; no limit seen)',
    tree: { ...GIT, '.augment-guidelines': long(3000, 'guide'), 'AGENTS.md': 'agents\n' },
  },
  {
    name: 'guidelines-with-header',
    why: 'workspace_guidelines: the file read as a rule is (parseRuleFile): its --- header taken out, its description not sent (run)',
    tree: { ...GIT, '.augment-guidelines': '---\ndescription: not sent\n---\nGuidelines body.\n', 'AGENTS.md': 'agents\n' },
  },
  // ---- .augment/rules -------------------------------------------------------------------------
  {
    name: 'rules-sorted-recursive',
    why: 'processRuleDirectory: .md and .mdc files at any depth, each folder sorted by code units (Z before a), dot names and other extensions left out',
    tree: {
      ...GIT,
      '.augment/rules/a.md': 'plain a\n',
      '.augment/rules/Z.md': 'upper Z\n',
      '.augment/rules/f.mdc': 'mdc f\n',
      '.augment/rules/g.txt': 'txt g\n',
      '.augment/rules/sub/h.md': 'nested h\n',
      '.augment/rules/sub/deeper/i.md': 'deeper i\n',
      '.augment/rules/.hidden.md': 'hidden\n',
      '.augment/rules/.dir/x.md': 'dot dir\n',
      '.augment/rules/settings.json': JSON.stringify({ sharedRules: [] }),
    },
  },
  {
    name: 'rule-types',
    why: 'getRuleTypeFromContent: type (any case), then alwaysApply: true, then a description (agent-requested); a manual rule is not sent, an unknown type is always',
    tree: {
      ...GIT,
      '.augment/rules/a.md': '---\ntype: manual\n---\nmanual a\n',
      '.augment/rules/b.md': '---\ntype: Agent_Requested\ndescription: when b\n---\nrequested b\n',
      '.augment/rules/c.md': '---\nalwaysApply: true\ndescription: c desc\n---\nalways c\n',
      '.augment/rules/d.md': '---\ndescription: d only\n---\nd body\n',
      '.augment/rules/e.md': '---\ntype: bogus\n---\nbogus e\n',
      '.augment/rules/f.md': '---\ntype: always_apply\ndescription: f desc\n---\nalways f\n',
      '.augment/rules/g.md': '---\nalwaysApply: "true"\n---\nstring true g\n',
    },
  },
  {
    name: 'rule-header-edges',
    why: 'the header regex /^---\\s*\\n([\\s\\S]*?)\\n---\\s*\\n/: CRLF lines, trailing blanks, no line break after the closing line (no header), a block that is no YAML (taken out, no keys)',
    tree: {
      ...GIT,
      '.augment/rules/crlf.md': '---\r\ndescription: crlf desc\r\n---\r\ncrlf body\r\n',
      '.augment/rules/nofinal.md': '---\ndescription: x\n---',
      '.augment/rules/ws.md': '---  \ntype: agent_requested\n---   \nws body\n',
      '.augment/rules/bad.md': '---\n: : bad\n---\nbad yaml body\n',
      '.augment/rules/num.md': '---\ndescription: 42\n---\nnumber description\n',
      '.augment/rules/empty-header.md': '---\n\n---\nafter empty header\n',
    },
  },
  // ---- the user's home ------------------------------------------------------------------------
  {
    name: 'home-rules',
    why: 'getUserRules: ~/.augment/rules after the workspace’s, sorted, at any depth, dot names left out, every one sent as always, its path absolute',
    tree: { ...GIT, 'AGENTS.md': 'ws agents\n', '.augment/rules/w.md': 'ws rule\n' },
    home: {
      '.augment/rules/u.md': 'user rule\n',
      '.augment/rules/deep/v.md': '---\ntype: manual\n---\nuser manual v\n',
      '.augment/rules/x.mdc': '---\ndescription: home desc\n---\nhome mdc\n',
      '.augment/rules/.hid.md': 'home hidden\n',
      '.augment/rules/notes.txt': 'not a rule\n',
    },
  },
  {
    name: 'home-rules-same-stem',
    why: 'p6: one file per name without its extension in a folder, the first in name order (a.md before a.mdc)',
    tree: { ...GIT },
    home: { '.augment/rules/a.md': 'a md\n', '.augment/rules/a.mdc': 'a mdc\n', '.augment/rules/b.mdc': 'b mdc\n' },
  },
  {
    name: 'home-rules-link',
    why: 'p6 follows links in the user’s rules folder (a linked file and a linked folder)',
    tree: { ...GIT },
    home: {
      'notes/shared.md': 'linked home rule\n',
      'notes/more/m.md': 'linked folder rule\n',
      '.augment/rules/s.md': { link: '../../notes/shared.md' },
      '.augment/rules/more': { link: '../../notes/more' },
    },
  },
  {
    name: 'home-others-not-read',
    why: 'no home AGENTS.md or CLAUDE.md is read, and the editor’s ~/.augment/user-guidelines.md is not sent by the CLI (user_guidelines empty)',
    tree: { ...GIT, 'AGENTS.md': 'ws agents\n' },
    home: {
      'AGENTS.md': 'home agents\n',
      '.augment/AGENTS.md': 'home augment agents\n',
      '.claude/CLAUDE.md': 'home claude\n',
      '.augment/user-guidelines.md': 'user guidelines\n',
      '.augment-guidelines': 'home guidelines\n',
    },
  },
  // ---- nothing on touch -----------------------------------------------------------------------
  {
    name: 'read-loads-nothing',
    why: 'a read (the view tool) returns the file alone: no AGENTS.md, CLAUDE.md or rules of the folders on its way are added (run)',
    tree: {
      ...GIT,
      'AGENTS.md': 'The root agents file.\n',
      'sub/AGENTS.md': 'sub agents\n',
      'sub/CLAUDE.md': 'sub claude\n',
      'sub/.augment/rules/s.md': 'sub rule\n',
      'sub/x.ts': 'x\n',
    },
    read: 'sub/x.ts',
  },
  {
    name: 'read-below-cwd',
    why: 'a read below a working directory under the git root adds nothing either; the root’s files are the session’s',
    tree: { ...GIT, 'CLAUDE.md': 'The root Claude file.\n', 'pkg/AGENTS.md': 'pkg\n', 'pkg/lib/AGENTS.md': 'lib\n', 'pkg/lib/y.ts': 'y\n' },
    cwd: 'pkg',
    read: 'pkg/lib/y.ts',
  },
  // ---- skills ---------------------------------------------------------------------------------
  {
    name: 'skills-folder-order',
    why: 'jy: ~/.augment, the workspace’s .augment, ~/.claude, the workspace’s .claude, ~/.agents, the workspace’s .agents; source user, workspace, .claude, .agents',
    tree: {
      ...GIT,
      '.augment/skills/wa/SKILL.md': skill('wa', 'workspace augment'),
      '.claude/skills/wc/SKILL.md': skill('wc', 'workspace claude'),
      '.agents/skills/wg/SKILL.md': skill('wg', 'workspace agents'),
    },
    home: {
      '.augment/skills/ha/SKILL.md': skill('ha', 'home augment'),
      '.claude/skills/hc/SKILL.md': skill('hc', 'home claude'),
      '.agents/skills/hg/SKILL.md': skill('hg', 'home agents'),
    },
  },
  {
    name: 'skill-name-clash',
    why: 'fhn: of two skills with one name the first folder’s is kept (.augment before .claude)',
    tree: {
      ...GIT,
      '.augment/skills/one/SKILL.md': skill('same', 'augment wins'),
      '.claude/skills/two/SKILL.md': skill('same', 'claude loses'),
      '.agents/skills/three/SKILL.md': skill('other', 'agents other'),
    },
  },
  {
    name: 'skill-same-path',
    why: 'p6: a SKILL.md at the same path below an earlier skills folder passes this one over, whatever the names in the headers',
    tree: { ...GIT, '.claude/skills/foo/SKILL.md': skill('bar', 'second foo') },
    home: { '.augment/skills/foo/SKILL.md': skill('baz', 'first foo') },
  },
  {
    name: 'skill-invalid',
    why: 'parseSkillFile: a name of a-z, 0-9 and - (1 to 64), a description of 1 to 1,024 characters; others left out; the file is exactly SKILL.md',
    tree: {
      ...GIT,
      '.agents/skills/bad/SKILL.md': skill('Bad', 'upper case name'),
      '.agents/skills/dash/SKILL.md': skill('a--b', 'double dash'),
      '.agents/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nx\n',
      '.agents/skills/noname/SKILL.md': '---\ndescription: no name\n---\nx\n',
      '.agents/skills/long/SKILL.md': skill('long', 'y'.repeat(1025)),
      '.agents/skills/exact/SKILL.md': skill('exact', 'z'.repeat(1024)),
      '.agents/skills/lower/skill.md': skill('lower', 'lowercase file name'),
      '.agents/skills/ok/SKILL.md': skill('ok', 'fine'),
    },
  },
  {
    name: 'skill-nested-and-top',
    why: 'p6: SKILL.md at any depth (a group folder), and one directly in the skills folder; the name is the header’s, not the folder’s',
    tree: {
      ...GIT,
      '.claude/skills/group/c/SKILL.md': skill('c', 'grouped c'),
      '.claude/skills/group/c/inner/SKILL.md': skill('inner', 'inside a skill'),
      '.claude/skills/SKILL.md': skill('top', 'top level'),
      '.claude/skills/mism/SKILL.md': skill('other-name', 'folder and name differ'),
      '.claude/skills/.dot/SKILL.md': skill('dot', 'dot folder'),
    },
  },
  {
    name: 'skill-hidden-and-modes',
    why: 'wX: skillModes of ~/.augment/feature-config.json: disabled leaves a skill out, enabled keeps a hidden one; hidden: true alone leaves it out',
    tree: {
      ...GIT,
      '.agents/skills/dis/SKILL.md': skill('dis', 'disabled by mode'),
      '.agents/skills/hid/SKILL.md': skill('hid', 'hidden', 'hidden: true\n'),
      '.agents/skills/hid2/SKILL.md': skill('hid2', 'hidden but enabled', 'hidden: true\n'),
      '.agents/skills/plain/SKILL.md': skill('plain', 'plain'),
    },
    home: { '.augment/feature-config.json': JSON.stringify({ skillModes: { dis: 'disabled', hid2: 'enabled' } }) },
  },
  {
    name: 'skill-description-forms',
    why: 'parseString: YAML folded text and quotes, trimmed; a number written as text',
    tree: {
      ...GIT,
      '.claude/skills/multi/SKILL.md': '---\nname: multi\ndescription: >\n  folded\n  text\n---\nbody\n',
      '.claude/skills/quoted/SKILL.md': skill('quoted', '"has: colon and quotes  "'),
      '.claude/skills/num/SKILL.md': '---\nname: num\ndescription: 7\n---\nbody\n',
    },
  },
  {
    name: 'skills-from-git-root',
    why: 'Gnt: skills of the workspace root, not of the working directory below it',
    tree: {
      ...GIT,
      '.agents/skills/root-skill/SKILL.md': skill('root-skill', 'at the root'),
      'pkg/.agents/skills/pkg-skill/SKILL.md': skill('pkg-skill', 'in pkg'),
    },
    cwd: 'pkg',
  },
  {
    name: 'rules-many-sorted',
    why: 'processRuleDirectory sorts each folder’s entries by name (code units), whatever order the file system lists them in',
    tree: {
      ...GIT,
      ...Object.fromEntries(
        ['m', 'B', 'z', '_u', 'a-1', 'a', '0', 'Q', 'k.x', 'e', 'a_2', '9z'].map((n) => [`.augment/rules/${n}.md`, `rule ${n}\n`]),
      ),
    },
  },
  {
    name: 'augment-folder-linked',
    why: 'a .augment folder that is a link to a folder of the repository: its rules are read through it (the link is on the way, not the rule file)',
    tree: { ...GIT, 'config/augment/rules/r.md': 'linked folder rule\n', '.augment': { link: 'config/augment' }, 'AGENTS.md': 'agents\n' },
  },
  {
    name: 'agents-md-folder',
    why: 'an AGENTS.md that is a folder is no rule; CLAUDE.md beside it is sent',
    tree: { ...GIT, 'AGENTS.md/readme.txt': 'a folder\n', 'CLAUDE.md': 'claude\n' },
  },
  {
    name: 'invalid-utf8',
    why: 'a file is read as UTF-8: bytes that are not become U+FFFD',
    tree: { ...GIT, 'AGENTS.md': { bytes: [...Buffer.from('bad '), 0xff, 0xfe, ...Buffer.from(' bytes\n')] } },
  },
  {
    name: 'claude-skills-linked-to-agents',
    why: 'p6 follows a linked skills folder (.claude/skills → .agents/skills): each skill is met twice, the .claude path first, the .agents one passed over as the same path below an earlier folder',
    tree: {
      ...GIT,
      '.agents/skills/one/SKILL.md': skill('one', 'first skill'),
      '.agents/skills/two/SKILL.md': skill('two', 'second skill'),
      '.claude/skills': { link: '../.agents/skills' },
    },
  },
  {
    name: 'skill-file-linked',
    why: 'p6 follows a linked SKILL.md and a linked skill folder inside the repository',
    tree: {
      ...GIT,
      'docs/skill.md': skill('from-docs', 'a linked file'),
      'docs/folder/SKILL.md': skill('from-folder', 'a linked folder'),
      '.agents/skills/a/SKILL.md': { link: '../../../docs/skill.md' },
      '.agents/skills/b': { link: '../../docs/folder' },
    },
  },
  {
    name: 'skill-crlf-and-spaces',
    why: 'parseSkillFile: a CRLF header, and a name and description with spaces around them (trimmed)',
    tree: {
      ...GIT,
      '.augment/skills/w/SKILL.md': '---\r\nname:   spaced  \r\ndescription:   Trimmed text.   \r\n---\r\nBody.\r\n',
    },
  },
  {
    name: 'everything',
    why: 'the whole request at once: guidelines, shared rules, workspace and user rules, skills',
    tree: {
      ...GIT,
      '.augment-guidelines': 'Guidelines.\n',
      'AGENTS.md': 'Agents.\n',
      'CLAUDE.md': '---\ndescription: claude desc\n---\nClaude.\n',
      '.augment/rules/one.md': '---\ntype: agent_requested\ndescription: One when needed\n---\nOne.\n',
      '.augment/rules/two.mdc': 'Two.\n',
      '.augment/skills/s1/SKILL.md': skill('s1', 'Skill one.'),
      '.claude/skills/s2/SKILL.md': skill('s2', 'Skill two.'),
    },
    home: { '.augment/rules/mine.md': 'Mine.\n', '.agents/skills/s3/SKILL.md': skill('s3', 'Skill three.') },
  },
];
