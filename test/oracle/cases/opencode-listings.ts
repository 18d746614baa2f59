/**
 * opencode 1.18.33 listing cases (issue 37): the skills it lists in the system prompt
 * (`<available_skills>`, after the `Instructions from:` blocks) and the subagents it lists in the
 * `task` tool's description. Sources: the release's bundled code (its `Skill` service and
 * `Skill.fmt`, the configuration's agent loader, `ToolRegistry.describeTask`, the markdown header
 * reader with its repair), then runs. Every case carries an instruction file too, so that the
 * two-run proof always has files to take out.
 */
import type { OracleCase } from '../case';
import { GIT, dotOpencode, oc } from './opencode';

function skill(name: string, description: string, body = 'Skill body.\n'): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
}

function agentFile(header: string, body = 'You help.\n'): string {
  return `---\n${header}\n---\n${body}`;
}

const BASE = { ...GIT, ...dotOpencode(''), 'AGENTS.md': 'Root rules.\n' };
const LONG = `Use this for long work. ${'The description goes on and on. '.repeat(90)}End.`;

export const cases: OracleCase[] = [
  // ---- skills: folders ----------------------------------------------------------------------------
  {
    name: 'skills-project-folders',
    why: 'Skill discovery: .opencode/skill and skills, .claude/skills and .agents/skills of the working directory; listed by name',
    tree: {
      ...BASE,
      '.opencode/skills/alpha/SKILL.md': skill('alpha', 'Alpha skill.'),
      '.opencode/skill/beta/SKILL.md': skill('beta', 'Beta skill.'),
      '.claude/skills/gamma/SKILL.md': skill('gamma', 'Gamma skill.'),
      '.agents/skills/delta/SKILL.md': skill('delta', 'Delta skill.'),
    },
  },
  {
    name: 'skills-walk-up-to-worktree',
    why: 'FileSystem.up: .claude and .agents folders from the working directory up to the worktree, not above it, not below the cwd',
    tree: {
      '.claude/skills/above/SKILL.md': skill('above', 'Above the repository.'),
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/.git/objects': { dir: true },
      'repo/.git/refs': { dir: true },
      'repo/AGENTS.md': 'Repo rules.\n',
      'repo/.claude/skills/top/SKILL.md': skill('top', 'At the worktree.'),
      'repo/app/.agents/skills/mid/SKILL.md': skill('mid', 'At the working directory.'),
      'repo/app/lib/.claude/skills/low/SKILL.md': skill('low', 'Below the working directory.'),
    },
    cwd: 'repo/app',
  },
  {
    name: 'skills-nested-folders',
    why: 'skills/**/SKILL.md: a SKILL.md at any depth below the skills folder, the header names it',
    tree: {
      ...BASE,
      '.opencode/skills/group/inner/SKILL.md': skill('inner', 'Nested one level.'),
      '.claude/skills/a/b/c/SKILL.md': skill('deep-one', 'Nested three levels.'),
      '.agents/skills/SKILL.md': skill('flat', 'Right in the skills folder.'),
    },
  },
  {
    name: 'skills-hidden-folders',
    why: 'the .claude/.agents scan takes hidden folders (dot: true), the configuration folders scan does not',
    tree: {
      ...BASE,
      '.opencode/skills/.hidden/SKILL.md': skill('hidden-oc', 'In a hidden folder of .opencode.'),
      '.claude/skills/.hid/SKILL.md': skill('hidden-claude', 'In a hidden folder of .claude.'),
    },
  },
  {
    name: 'skills-home-folders',
    why: 'the home: ~/.claude/skills, ~/.agents/skills and the global configuration folder ~/.config/opencode/skills',
    tree: { ...BASE },
    home: {
      '.claude/skills/home-claude/SKILL.md': skill('home-claude', 'From the home .claude.'),
      '.agents/skills/home-agents/SKILL.md': skill('home-agents', 'From the home .agents.'),
      '.config/opencode/skills/home-global/SKILL.md': skill('home-global', 'From the global folder.'),
    },
  },
  {
    name: 'skills-config-paths',
    why: 'skills.paths of opencode.json: **/SKILL.md below each folder (hidden folders left out), relative to the working directory',
    tree: {
      ...BASE,
      'opencode.json': oc({ skills: { paths: ['extra-skills', 'missing-folder'] } }),
      'extra-skills/ex/SKILL.md': skill('ex', 'From a configured path.'),
      'extra-skills/.dotted/SKILL.md': skill('dotted-extra', 'In a hidden folder of the path.'),
    },
  },
  {
    name: 'skills-linked-folder',
    why: 'the scan follows links (symlink: true); the location is the path through the link',
    tree: {
      ...BASE,
      'common/linked/SKILL.md': skill('linked', 'Reached through a link.'),
      '.claude/skills/linked': { link: '../../common/linked' },
    },
  },
  {
    name: 'skills-other-agents-folders-not-read',
    why: 'the skill scan names no .cursor, .github, .codex, .gemini or .clinerules folder: only .agents is listed here',
    tree: {
      ...BASE,
      '.cursor/skills/cursor-one/SKILL.md': skill('cursor-one', 'Cursor folder.'),
      '.github/skills/github-one/SKILL.md': skill('github-one', 'Copilot folder.'),
      '.codex/skills/codex-one/SKILL.md': skill('codex-one', 'Codex folder.'),
      '.gemini/skills/gemini-one/SKILL.md': skill('gemini-one', 'Gemini folder.'),
      '.clinerules/skills/cline-one/SKILL.md': skill('cline-one', 'Cline folder.'),
      '.agents/skills/shared/SKILL.md': skill('shared', 'The one opencode reads.'),
    },
  },
  {
    name: 'skills-disable-external',
    why: 'OPENCODE_DISABLE_EXTERNAL_SKILLS: no .claude or .agents folder; .opencode still',
    tree: {
      ...BASE,
      '.opencode/skills/kept/SKILL.md': skill('kept', 'In .opencode.'),
      '.claude/skills/gone/SKILL.md': skill('gone', 'In .claude.'),
      '.agents/skills/gone-too/SKILL.md': skill('gone-too', 'In .agents.'),
    },
    env: { OPENCODE_DISABLE_EXTERNAL_SKILLS: '1' },
  },
  {
    name: 'skills-disable-claude',
    why: 'OPENCODE_DISABLE_CLAUDE_CODE_SKILLS: no .claude folder; .agents still',
    tree: {
      ...BASE,
      '.claude/skills/gone/SKILL.md': skill('gone', 'In .claude.'),
      '.agents/skills/kept/SKILL.md': skill('kept', 'In .agents.'),
    },
    env: { OPENCODE_DISABLE_CLAUDE_CODE_SKILLS: 'true' },
  },
  // ---- skills: headers and text ------------------------------------------------------------------
  {
    name: 'skills-sorted-by-name',
    why: 'Skill.available sorts with localeCompare: case aside, the folder name does not count',
    tree: {
      ...BASE,
      '.opencode/skills/z/SKILL.md': skill('Zeta', 'Capital Z.'),
      '.opencode/skills/y/SKILL.md': skill('alpha', 'Small a.'),
      '.claude/skills/x/SKILL.md': skill('a_b', 'Underscore.'),
      '.agents/skills/w/SKILL.md': skill('Beta', 'Capital B.'),
    },
  },
  {
    name: 'skills-text-as-is',
    why: 'Skill.fmt: name and description are not escaped (only the location); a folded description keeps its last line break',
    tree: {
      ...BASE,
      '.opencode/skills/esc/SKILL.md': skill('esc', '"Tags <b> & amps"'),
      '.opencode/skills/multi/SKILL.md': '---\nname: multi\ndescription: >\n  line one\n  line two\n---\nBody.\n',
      '.opencode/skills/uni/SKILL.md': skill('uni', 'Ünïcode — “quotes” ✓'),
    },
  },
  {
    name: 'skills-crlf-and-bom',
    why: 'the header reader takes CRLF lines and a leading byte-order mark',
    tree: {
      ...BASE,
      '.opencode/skills/crlf/SKILL.md': '---\r\nname: crlf\r\ndescription: CRLF file.\r\n---\r\nBody.\r\n',
      '.opencode/skills/bom/SKILL.md': '\ufeff---\nname: bom\ndescription: With a BOM.\n---\nBody.\n',
    },
  },
  {
    name: 'skills-long-description',
    why: 'no cap: a 3,000-character description is sent whole',
    tree: { ...BASE, '.opencode/skills/long/SKILL.md': skill('long', LONG) },
  },
  {
    name: 'skills-colon-repaired',
    why: 'ConfigMarkdown.parse: a header that does not parse is repaired (a value holding a colon becomes a block scalar) and parsed again',
    tree: {
      ...BASE,
      '.opencode/skills/colon/SKILL.md': skill('colon', 'Use it: for colons'),
      '.opencode/skills/fine/SKILL.md': skill('fine', 'Plain.'),
    },
  },
  {
    name: 'pitfall-skill-dropped',
    why: 'a skill without a text name, with a description that is not text, with a header that does not parse, or with no description is not listed',
    tree: {
      ...BASE,
      '.opencode/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nBody.\n',
      '.opencode/skills/noname/SKILL.md': '---\ndescription: No name.\n---\nBody.\n',
      '.opencode/skills/num/SKILL.md': '---\nname: num\ndescription: 42\n---\nBody.\n',
      '.opencode/skills/badyaml/SKILL.md': '---\nname: badyaml\ndescription: [oops\n---\nBody.\n',
      '.opencode/skills/nofm/SKILL.md': 'No header at all.\n',
      '.opencode/skills/ok/SKILL.md': skill('ok', 'The one that is listed.'),
    },
  },
  {
    name: 'pitfall-skill-replaces-builtin',
    why: "a repository skill named customize-opencode replaces opencode's built-in skill of that name",
    tree: { ...BASE, '.opencode/skills/mine/SKILL.md': skill('customize-opencode', 'The repository took this name.') },
  },
  {
    name: 'skills-with-a-read',
    why: 'a read tool call changes nothing in the listing; the nested AGENTS.md comes with the read',
    tree: {
      ...BASE,
      '.claude/skills/s/SKILL.md': skill('s', 'Listed once.'),
      'src/AGENTS.md': 'Src rules.\n',
      'src/main.ts': 'export {};\n',
    },
    read: 'src/main.ts',
  },
  // ---- subagents --------------------------------------------------------------------------------
  {
    name: 'agents-folders',
    why: 'the agent loader: {agent,agents}/**/*.md of .opencode, named by the path below the folder; listed in the task tool by name with the built-ins',
    tree: {
      ...BASE,
      '.opencode/agents/helper.md': agentFile('description: Helper agent.\nmode: subagent'),
      '.opencode/agent/reviewer.md': agentFile('description: Reviews code.'),
      '.opencode/agents/nested/deep.md': agentFile('description: Deep agent.'),
    },
  },
  {
    name: 'agents-default-description',
    why: "describeTask: an agent without a description gets opencode's own words; a file without a header is an agent too",
    tree: {
      ...BASE,
      '.opencode/agents/nodesc.md': agentFile('mode: subagent'),
      '.opencode/agents/nofm.md': 'No header at all.\n',
    },
  },
  {
    name: 'agents-primary-not-listed',
    why: 'describeTask lists no primary agent: mode: primary, and the {mode,modes} folders',
    tree: {
      ...BASE,
      '.opencode/agents/prim.md': agentFile('description: A primary agent.\nmode: primary'),
      '.opencode/modes/m.md': agentFile('description: A mode file.'),
      '.opencode/agents/all.md': agentFile('description: Mode all.\nmode: all'),
    },
  },
  {
    name: 'agents-name-from-header',
    why: 'the agent loader: a name in the header replaces the file name',
    tree: { ...BASE, '.opencode/agents/file-name.md': agentFile('name: header-name\ndescription: Named in its header.') },
  },
  {
    name: 'agents-config-file',
    why: 'agents of the agent object of opencode.json are listed; disable: true removes one',
    tree: {
      ...BASE,
      'opencode.json': oc({
        agent: {
          cfgagent: { description: 'From the configuration.', mode: 'subagent' },
          offagent: { description: 'Switched off.', disable: true },
        },
      }),
    },
  },
  {
    name: 'agents-bad-header-listed',
    why: "a header that does not parse (and that the repair leaves as it is) reads as empty (gray-matter's cache): the agent is listed with opencode's words; a header the repair fixes keeps its description",
    tree: {
      ...BASE,
      '.opencode/agents/bad.md': agentFile('description: [unclosed'),
      '.opencode/agents/colon.md': agentFile('description: Use this: for things'),
    },
  },
  {
    name: 'pitfall-agent-replaces-builtin',
    why: "a repository agent named general with a description replaces the built-in general agent's description",
    tree: { ...BASE, '.opencode/agents/general.md': agentFile('description: The repository took this name.') },
  },
  {
    name: 'agents-home-global',
    why: 'agents of the global configuration folder ~/.config/opencode/agents',
    tree: { ...BASE, '.opencode/agents/local.md': agentFile('description: Local agent.') },
    home: { '.config/opencode/agents/global-one.md': agentFile('description: Global agent.') },
  },
  {
    name: 'agents-and-skills-together',
    why: 'skills in the system prompt and subagents in the task tool in one request, with a nested working directory',
    tree: {
      ...BASE,
      'pkg/AGENTS.md': 'Pkg rules.\n',
      'pkg/.agents/skills/pkg-skill/SKILL.md': skill('pkg-skill', 'In the package.'),
      '.opencode/agents/both.md': agentFile('description: Listed with the skills.'),
    },
    cwd: 'pkg',
  },
];
