import type { OracleCase } from '../case';

const GIT = { '.git': { dir: true } } as const;
const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\nUse ${name}.\n`;

export const cases: OracleCase[] = [
  {
    name: 'p1',
    why: 'probe',
    tree: {
      'AGENTS.md': 'above git\n',
      'repo/.git': { dir: true },
      'repo/AGENTS.md': 'root agents\n',
      'repo/.augment-guidelines': 'root guidelines\n',
      'repo/sub/AGENTS.md': 'sub agents\n',
      'repo/sub/CLAUDE.md': 'sub claude\n',
      'repo/sub/.augment-guidelines': 'sub guidelines\n',
      'repo/sub/.augment/rules/s.md': 'sub rule\n',
      'repo/sub/deeper/AGENTS.md': 'deeper\n',
    },
    cwd: 'repo/sub',
  },
  {
    name: 'p2',
    why: 'probe',
    tree: {
      ...GIT,
      'AGENTS.md': '---\ndescription: fm agents\ntype: manual\n---\nagents body\n',
      'CLAUDE.md': 'claude body\n',
      '.augment/rules/settings.json': JSON.stringify({ sharedRules: [{ path: 'CLAUDE.md', type: 'agent_requested' }] }),
      '.augment/rules/a.md': 'plain a\n',
      '.augment/rules/b.md': '---\ntype: manual\n---\nmanual b\n',
      '.augment/rules/c.md': '---\ntype: agent_requested\ndescription: when c\n---\nrequested c\n',
      '.augment/rules/d.md': '---\nalwaysApply: true\ndescription: d desc\n---\nalways d\n',
      '.augment/rules/e.md': '---\ndescription: e only\n---\ne body\n',
      '.augment/rules/f.mdc': 'mdc f\n',
      '.augment/rules/g.txt': 'txt g\n',
      '.augment/rules/sub/h.md': 'nested h\n',
      '.augment/rules/.hidden.md': 'hidden\n',
      '.augment/rules/.dir/x.md': 'dot dir\n',
      '.augment/rules/Z.md': 'upper Z\n',
      '.augment/rules/i.md': '---\ntype: bogus\n---\nbogus i\n',
    },
  },
  {
    name: 'p3',
    why: 'probe',
    tree: { ...GIT, 'AGENTS.md': 'ws agents\n' },
    home: {
      '.augment/rules/u.md': 'user rule\n',
      '.augment/rules/deep/v.md': '---\ntype: manual\n---\nuser manual v\n',
      '.augment/user-guidelines.md': 'user guidelines\n',
      '.augment/AGENTS.md': 'home augment agents\n',
      'AGENTS.md': 'home agents\n',
      '.claude/CLAUDE.md': 'home claude\n',
      '.augment/skills/hs/SKILL.md': skill('hs', 'home augment skill'),
      '.claude/skills/hc/SKILL.md': skill('hc', 'home claude skill'),
      '.agents/skills/ha/SKILL.md': skill('ha', 'home agents skill'),
    },
  },
  {
    name: 'p4',
    why: 'probe',
    tree: {
      ...GIT,
      '.augment/skills/a/SKILL.md': skill('a', 'augment a'),
      '.claude/skills/a/SKILL.md': skill('a', 'claude a'),
      '.agents/skills/b/SKILL.md': skill('b', 'agents b'),
      '.agents/skills/Bad/SKILL.md': skill('Bad', 'bad name'),
      '.agents/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nx\n',
      '.agents/skills/hid/SKILL.md': skill('hid', 'hidden one', 'hidden: true\n'),
      '.claude/skills/group/c/SKILL.md': skill('c', 'grouped c'),
      '.claude/skills/mism/SKILL.md': skill('other-name', 'mismatch'),
      '.claude/skills/long/SKILL.md': skill('long', 'x'.repeat(1100)),
      '.claude/skills/multi/SKILL.md': '---\nname: multi\ndescription: >\n  folded\n  text\n---\nbody\n',
      '.claude/skills/noskill/README.md': 'not a skill\n',
      '.claude/skills/lower/skill.md': skill('lower', 'lowercase file'),
    },
  },
  {
    name: 'p5',
    why: 'probe',
    tree: { 'AGENTS.md': 'no git root\n', 'sub/AGENTS.md': 'no git sub\n', 'sub/CLAUDE.md': 'no git sub claude\n' },
    cwd: 'sub',
  },
];
const long = (n: number, tag: string) => {
  let s = '';
  for (let i = 0; s.length < n; i++) s += `${tag} line ${String(i).padStart(6, '0')} ${'x'.repeat(30)}\n`;
  return s.slice(0, n);
};
cases.push(
  {
    name: 'q1',
    why: 'probe',
    tree: {
      ...GIT,
      '.augment-guidelines': long(3000, 'guide'),
      '.gitignore': '.augment/rules/gi.md\n',
      '.augmentignore': '.augment/rules/ai.md\n',
      '.augment/rules/gi.md': 'git ignored\n',
      '.augment/rules/ai.md': 'augment ignored\n',
      '.augment/rules/empty.md': '',
      '.augment/rules/link.md': { symlink: 'a.md' },
      '.augment/rules/a.md': 'rule a\n',
      'AGENTS.md': { bytes: [0xef, 0xbb, 0xbf, ...Buffer.from('bom agents\n')] },
      'CLAUDE.md': '',
    },
    home: { '.augment/user-guidelines.md': 'user guidelines\n' },
  },
  {
    name: 'q2',
    why: 'probe',
    tree: { ...GIT, 'AGENTS.md': 'root\n', 'sub/AGENTS.md': 'sub agents\n', 'sub/CLAUDE.md': 'sub claude\n', 'sub/x.ts': 'x\n' },
    read: 'sub/x.ts',
  },
  {
    name: 'q3',
    why: 'probe',
    tree: { ...GIT, 'AGENTS.md': long(120000, 'big'), '.augment/rules/big.md': long(60000, 'rb') },
  },
  {
    name: 'q4',
    why: 'probe',
    tree: {
      ...GIT,
      '.augment/skills/x/y/SKILL.md': skill('deep', 'nested deeper'),
      '.augment/skills/q/SKILL.md': skill('quoted', '"has: colon and quotes"'),
      '.agents/skills/dis/SKILL.md': skill('dis', 'disabled by feature config'),
      '.agents/skills/hid2/SKILL.md': skill('hid2', 'hidden but enabled', 'hidden: true\n'),
      '.agents/skills/exact/SKILL.md': skill('exact', 'x'.repeat(1024)),
      'AGENTS.md': { dir: true },
      'CLAUDE.md': 'claude only\n',
      '.augment/rules/settings.json': JSON.stringify({ sharedRules: [{ path: 'CLAUDE.md', type: 'manual' }] }),
    },
    home: { '.augment/feature-config.json': JSON.stringify({ skillModes: { dis: 'disabled', hid2: 'enabled' } }) },
  },
);
