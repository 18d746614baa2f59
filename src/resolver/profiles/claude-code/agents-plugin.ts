/**
 * Claude Code's built-in AGENTS.md plugin: which AGENTS.md files it adds at launch and when
 * Claude Code reads a file, by its `instructionFiles` mode (by default only where no CLAUDE file
 * loads from the working directory up, nor in the directory itself), where it puts them among the
 * engine's files, and the AGENTS.md files it keeps out, reported with the CLAUDE file that does.
 */
import { canonicalize, joinUnder } from '../../paths';
import { kindOf } from '../agent/peek';
import { AGENTS_KEPT_OUT } from './reasons';
import { Memory, MemoryReader, chainRoot } from './memory';

/** The CLAUDE files that make a project one with CLAUDE.md (no AGENTS.md then, by default). */
export const CLAUDE_NAMES = ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'];
const AGENTS_NAMES = ['AGENTS.md', '.claude/AGENTS.md'];

/** The folder a project file belongs to: the one holding its `.claude` folder, or its own. */
function projectDir(abs: string): string {
  const p = abs.replace(/\\/g, '/');
  const dot = p.lastIndexOf('/.claude/');
  const cut = dot >= 0 ? dot : p.lastIndexOf('/');
  return cut <= 0 ? '/' : p.slice(0, cut);
}

const below = (dir: string, abs: string) => abs.replace(/\\/g, '/').startsWith(`${dir.replace(/\\/g, '/').replace(/\/$/, '')}/`);

export class AgentsPlugin extends MemoryReader {
  /** The plugin's own set of paths taken: only the managed and the user CLAUDE.md. */
  protected hookSeen(): Set<string> {
    const { P, opts } = this;
    return new Set([joinUnder(P, opts.dirs.managed.path, 'CLAUDE.md'), joinUnder(P, opts.dirs.config.path, 'CLAUDE.md')]);
  }

  /** A CLAUDE file that Claude Code would load, in the working directory or above it (the plugin's test). */
  protected claudeFileAbove(): string | undefined {
    const { P } = this;
    this.reporting = false;
    try {
      for (const dir of [...this.chain].reverse()) {
        for (const name of CLAUDE_NAMES) {
          const abs = joinUnder(P, dir, name);
          const loaded = this.load(abs, 'project', this.hookSeen(), this.opts.approved, 'baseline');
          if (loaded.length > 0 && loaded[0].abs === abs && loaded[0].loads) return abs;
        }
      }
      return undefined;
    } finally {
      this.reporting = true;
    }
  }

  /**
   * The AGENTS.md files of the directories in `dirs` (top first), each followed by its imports,
   * without those already in `present` (same path, or a project file's trimmed text).
   */
  protected agentsFiles(dirs: readonly string[], present: readonly Memory[], delivery: 'baseline' | 'on-touch'): Memory[][] {
    const { P } = this;
    const paths = new Set(present.map((m) => m.abs));
    const texts = new Set(
      present.filter((m) => m.loads && (m.kind === 'project' || m.kind === 'local')).map((m) => m.content?.trim() ?? ''),
    );
    texts.delete('');
    const groups: Memory[][] = [];
    for (const dir of dirs) {
      const group: Memory[] = [];
      // Read once per directory however many targets pass it (repeats across directories are dropped below).
      const found = this.memo(`agents\0${dir}\0${delivery}`, () => {
        const seen = this.hookSeen();
        return AGENTS_NAMES.flatMap((name) => this.load(joinUnder(P, dir, name), 'project', seen, this.opts.approved, delivery));
      });
      for (const m of found) {
        const text = m.content?.trim() ?? '';
        if (paths.has(m.abs) || (text !== '' && texts.has(text))) continue;
        paths.add(m.abs);
        group.push(m);
      }
      if (group.length > 0) groups.push(group);
    }
    return groups;
  }

  protected withAgentsFiles(engine: Memory[]): Memory[] {
    const { opts } = this;
    if (opts.mode === 'claude-md' || opts.mode === 'managed-only') {
      this.reportAgents(
        this.chain,
        `Claude Code's AGENTS.md plugin is set to ${opts.mode}: it adds no AGENTS.md`,
        'baseline',
        undefined,
        engine,
      );
      return engine;
    }
    if (opts.mode === 'claude-md-or-agents-md') {
      const claude = this.claudeAbove();
      if (claude !== undefined) {
        this.reportAgents(this.chain, this.claudeProjectReason(claude), 'baseline', claude, engine);
        return engine;
      }
    }
    const out = [...engine];
    for (const group of this.agentsFiles(this.chain, engine, 'baseline'))
      out.splice(this.insertionIndex(out, projectDir(group[0].abs)), 0, ...group);
    return out;
  }

  /** Where the plugin puts a directory's AGENTS.md files among the engine's: before a deeper directory's project files. */
  protected insertionIndex(list: readonly Memory[], dir: string): number {
    const project = (m: Memory) => m.loads && (m.kind === 'project' || m.kind === 'local');
    const deeper = list.findIndex((m) => project(m) && below(dir, projectDir(chainRoot(m).abs)));
    if (deeper >= 0) return deeper;
    let last = -1;
    list.forEach((m, i) => {
      if (project(m)) last = i;
    });
    return last >= 0 ? last + 1 : list.length;
  }

  protected claudeProjectReason(claude: string): string {
    return `${AGENTS_KEPT_OUT[0]}, .claude/CLAUDE.md or CLAUDE.local.md loads from the working directory up, and ${this.shown(claude)} does`;
  }

  /**
   * AGENTS.md files in `dirs` reported as not loaded, with `reason`; `claude`: the CLAUDE file
   * that keeps them out, for a pitfall warning on each in the working directory's tree.
   */
  protected reportAgents(
    dirs: readonly string[],
    reason: string,
    delivery: 'baseline' | 'on-touch',
    claude?: string,
    loaded: readonly Memory[] = [],
  ): void {
    // An AGENTS.md that reaches the model anyway (imported, or the file a CLAUDE.md links to) is not reported.
    let real: Set<string> | undefined;
    for (const dir of dirs)
      for (const name of AGENTS_NAMES) {
        const abs = joinUnder(this.P, dir, name);
        if (this.pending.has(abs) || kindOf(this.ctx.fs, abs) !== 'file') continue;
        real ??= new Set(loaded.filter((m) => m.loads).map((m) => canonicalize(this.ctx.fs, m.abs).path));
        if (real.has(canonicalize(this.ctx.fs, abs).path)) continue;
        this.pend({ abs, kind: 'project', loads: false }, reason, delivery);
        const where = this.where(abs);
        if (claude !== undefined && where.scope === 'workspace')
          this.ctx.diagnostic(
            'agent-pitfall',
            where.path,
            null,
            `Claude Code skips ${where.path} because ${this.shown(claude)} loads: it reads AGENTS.md only where no CLAUDE file does. Import it with a line "@${name}" in a CLAUDE.md beside it, or make that CLAUDE.md a link to it.`,
          );
      }
  }

  /** Whether a CLAUDE file of the directory's own loads (the plugin then leaves its AGENTS.md out, by default). */
  protected ownClaudeFiles(dir: string): Memory[] {
    return this.memo(`claude\0${dir}`, () => CLAUDE_NAMES.flatMap((n) => this.dryLoad(joinUnder(this.P, dir, n))).filter((m) => m.loads));
  }

  /** The AGENTS.md files the plugin adds when Claude Code reads the existing file `t`. */
  protected hook(t: { path: string; abs: string }, announced: readonly Memory[], touched: readonly Memory[] = []): Memory[] {
    // The same for every file of a folder but the file itself (taken out below).
    const all = this.memo(`hook\0${this.P.dirname(t.abs)}`, () => this.hookFor(t, announced, touched));
    return all.some((m) => m.abs === t.abs) ? all.filter((m) => m.abs !== t.abs) : all;
  }

  /** The plugin's AGENTS.md files for a read of a file in `t`'s folder, that file itself included. */
  protected hookFor(t: { abs: string }, announced: readonly Memory[], touched: readonly Memory[]): Memory[] {
    const { opts } = this;
    if (opts.mode === 'claude-md' || opts.mode === 'managed-only') return [];
    const dirs = this.dirsBelow(t.abs);
    if (opts.mode === 'claude-md-or-agents-md') {
      const claude = this.claudeAbove();
      if (claude !== undefined) {
        this.reportAgents(dirs, this.claudeProjectReason(claude), 'on-touch', claude, [...announced, ...touched]);
        return [];
      }
    }
    const claudeDirs = dirs.filter((d) => this.ownClaudeFiles(d).length > 0);
    const open = opts.mode === 'claude-md-or-agents-md' ? dirs.filter((d) => !claudeDirs.includes(d)) : dirs;
    if (opts.mode === 'claude-md-or-agents-md')
      for (const dir of claudeDirs)
        this.reportAgents(
          [dir],
          `${AGENTS_KEPT_OUT[1]} (${this.shown(this.ownClaudeFiles(dir)[0].abs)})`,
          'on-touch',
          this.ownClaudeFiles(dir)[0].abs,
          [...announced, ...touched, ...this.ownClaudeFiles(dir)],
        );
    const present = [...announced, ...claudeDirs.flatMap((d) => this.ownClaudeFiles(d))];
    return this.agentsFiles(open, present, 'on-touch').flat();
  }

  /** The CLAUDE file above that turns the plugin off (once per call). */
  protected claudeAbove(): string | undefined {
    return this.memo('claude-above', () => this.claudeFileAbove());
  }

  /** A file and its imports as the plugin would load them, without reporting anything. */
  protected dryLoad(abs: string): Memory[] {
    this.reporting = false;
    try {
      return this.load(abs, 'project', this.hookSeen(), this.opts.approved, 'on-touch');
    } finally {
      this.reporting = true;
    }
  }
}
