/**
 * What Continue CLI 1.5.47 sends for one session (`constructSystemMessage` and
 * `loadMarkdownRulesWithMetadata` of its systemMessage.ts; checked by test/oracle/cases/continue.ts).
 *
 * - The agent file: the first of `AGENTS.md`, `AGENT.md`, `CLAUDE.md`, `CODEX.md` that exists in
 *   the working directory (links followed; a dangling link does not exist), read whole. Continue
 *   stops at the first name that exists even when it is empty or cannot be read (a folder): then
 *   none is sent. Nothing above or below the working directory is looked at.
 * - The rules: every file whose path ends in `.md` below `<cwd>/.continue/rules`, then below
 *   `<CONTINUE_GLOBAL_DIR or ~/.continue>/rules`, as Node's `readdirSync(dir, { recursive: true })`
 *   lists them: breadth first (the folder's entries sorted by name, then each subfolder's in that
 *   order), through links. A rule is sent when rule.ts says so. Rules of equal text are each sent:
 *   ConfigService.ts adds them to the configuration's rules filtered only against the
 *   configuration's own, and systemMessage.ts then drops its own copies of them as repeats.
 */
import type { SourceScope } from '../../evidence';
import type { DiscoverContext, Discovery, NamedCandidate } from '../../profile';
import { walkRuleFolder } from '../agent/folders';
import { peekText } from '../agent/peek';
import { continueRule } from './rule';
import { continueDir } from './settings';
import { continueSkills } from './skills';

/** The agent file's names, in the order Continue looks for them. */
export const AGENT_FILES = ['AGENTS.md', 'AGENT.md', 'CLAUDE.md', 'CODEX.md'] as const;

/** The start of the reason a rule that is not always applied is not sent (pitfalls.ts finds it by this). */
export const NOT_ALWAYS = 'not always applied';

/** The candidate tag of a rule file (its text is the rule as rule.ts reads it). */
export const RULE_TAG = 'rule';

/** Files larger than this are not read here to decide (the pipeline refuses them as too large anyway). */
const MAX_RULE_BYTES = 1024 * 1024;

/** How deep the rules folders are walked (Continue has no bound). */
const MAX_RULE_DEPTH = 32;

/** The rules folders in Continue's order: the working directory's, then the user folder's. */
export function rulesFolders(
  ctx: Pick<DiscoverContext, 'env' | 'homedir' | 'fs' | 'root'>,
): { abs: string; display?: string; scope: SourceScope; own: boolean }[] {
  const P = ctx.fs.path;
  const user = continueDir({ env: ctx.env, homedir: ctx.homedir, path: P }, ctx.root);
  return [
    { abs: P.join(ctx.root, '.continue', 'rules'), scope: 'workspace', own: false },
    { abs: P.join(user.path, 'rules'), display: `${user.display}/rules`, scope: 'global', own: true },
  ];
}

/**
 * The order Node's recursive readdirSync gives the files of a tree: by depth, then component by
 * component in byte order of the names (the queue of folders is itself in that order).
 */
export function breadthFirst(a: readonly string[], b: readonly string[]): number {
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

function candidate(
  ctx: DiscoverContext,
  abs: string,
  scope: SourceScope,
  own: boolean,
  extra: Partial<NamedCandidate>,
  display = ctx.display(abs),
): NamedCandidate {
  const P = ctx.fs.path;
  return {
    abs,
    path: display,
    scope,
    directory: null,
    depth: 0,
    filename: P.basename(abs),
    delivery: 'baseline',
    own,
    trim: false,
    ...extra,
  };
}

/** The agent file Continue reads, the names it leaves for it, or the name it stops at and cannot read. */
function agentFile(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const out: NamedCandidate[] = [];
  let first: string | undefined;
  for (const name of AGENT_FILES) {
    const abs = P.join(ctx.root, name);
    let kind: string | undefined;
    try {
      kind = ctx.fs.stat(abs)?.kind;
    } catch {
      kind = undefined;
    }
    if (kind === undefined) continue;
    if (first === undefined) {
      first = name;
      if (kind !== 'file') {
        out.push(
          candidate(ctx, abs, 'workspace', false, {
            report: {
              status: 'not-loaded',
              reason: `not a file: Continue stops at the first of ${AGENT_FILES.join(', ')} that exists and sends none`,
            },
          }),
        );
        continue;
      }
      out.push(candidate(ctx, abs, 'workspace', false, { group: 'agent-file', rank: 0 }));
    } else if (out[0].group === undefined) {
      if (kind === 'file')
        out.push(
          candidate(ctx, abs, 'workspace', false, {
            report: { status: 'not-loaded', reason: `Continue stops at ${first}, which it cannot read` },
          }),
        );
    } else if (kind === 'file') out.push(candidate(ctx, abs, 'workspace', false, { group: 'agent-file', rank: out.length }));
  }
  return out;
}

/** The rule files of one folder tree, in Node's recursive listing order. */
function ruleFiles(ctx: DiscoverContext, top: string): string[] {
  const P = ctx.fs.path;
  const found = walkRuleFolder(ctx, {
    top,
    maxDepth: MAX_RULE_DEPTH,
    wanted: (name) => name.endsWith('.md'),
    order: (entries) => entries.map((e) => e.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    link: () => ({ follow: true }),
    keepLinkPaths: true,
    agent: 'Continue',
  });
  const parts = (abs: string) => P.relative(top, abs).split(P.sep);
  return found.map((f) => f.via ?? f.abs).sort((a, b) => breadthFirst(parts(a), parts(b)));
}

/** The rules Continue sends, in its order, and the rule files it leaves out with the reason. */
function rules(ctx: DiscoverContext): NamedCandidate[] {
  const out: NamedCandidate[] = [];
  for (const folder of rulesFolders(ctx)) {
    for (const abs of ruleFiles(ctx, folder.abs)) {
      const shows = folder.own ? null : (real: string) => ctx.boundary.shows(real);
      const peeked = peekText(ctx.fs, abs, shows, MAX_RULE_BYTES, MAX_RULE_BYTES, ctx.options.cache);
      const display =
        folder.display === undefined
          ? ctx.display(abs)
          : `${folder.display}/${ctx.fs.path.relative(folder.abs, abs).split(ctx.fs.path.sep).join('/')}`;
      const at = (extra: Partial<NamedCandidate>) => candidate(ctx, abs, folder.scope, folder.own, { tag: RULE_TAG, ...extra }, display);
      if (!peeked.ok) {
        // Outside the workspace: the pipeline reports it (disclosed, never read); unreadable: Continue skips it too.
        if (peeked.why === 'outside') out.push(at({ rank: out.length }));
        else
          out.push(
            at({
              report: {
                status: 'not-loaded',
                reason: peeked.why === 'too-large' ? 'larger than 1 MiB: not read here' : 'Continue cannot read it, and skips it',
              },
            }),
          );
        continue;
      }
      const rule = continueRule(peeked.text);
      if (!rule.sent) {
        const reason =
          rule.why === 'invokable'
            ? 'invokable: a prompt the user calls, not a rule Continue CLI sends'
            : rule.why === 'empty'
              ? 'no text after its frontmatter: Continue CLI sends nothing for it'
              : `${NOT_ALWAYS} (its ${rule.key}): Continue CLI sends only always-applied rules, whatever files are touched`;
        out.push(at({ report: { status: 'not-loaded', reason } }));
        continue;
      }
      out.push(at({ rank: out.length }));
    }
  }
  return out;
}

/** Continue CLI's candidates (the agent file and the names it shadows, then the rules) and its skills. */
export function continueDiscover(ctx: DiscoverContext): Discovery {
  return { candidates: [...agentFile(ctx), ...rules(ctx)], listings: continueSkills(ctx) };
}
