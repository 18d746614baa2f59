/**
 * The tree model: a pure function from evidence to tree nodes. No editor API here, so every row
 * the panel shows is unit-tested under plain mocha. `provider.ts` turns nodes into TreeItems.
 *
 * All text comes from untrusted files: it only ever becomes plain labels, descriptions and
 * plain-string tooltips, never markdown, HTML or command links.
 */
import { measure, placeWords, sizeAgainstBudget, unitByName } from '../resolver';
import type { Diagnostic, Evidence, ListingEvidence, SourceEvidence, TargetEvidence } from '../resolver';
import { type Reach, formatCount } from '../editing/reach';

/** What clicking a node does; `provider.ts` maps these to editor commands. */
export type NodeAction =
  | { kind: 'open-source'; path: string; global: boolean }
  | { kind: 'open-content'; snapshot: string; order: number }
  /** The whole model context, or one of its parts (its index in `contextParts`). */
  | { kind: 'open-context'; snapshot: string; part?: number }
  /** A listing entry's exact text as the agent sends it (its index in `listings`). */
  | { kind: 'open-listing'; snapshot: string; index: number }
  | { kind: 'open-diagnostic'; source: string; line: number | null; column: number | null }
  | { kind: 'open-target'; path: string }
  /** Any workspace file (root-relative), e.g. one of a preview's sample. */
  | { kind: 'open-file'; path: string }
  /** Pick the profile the view shows (profiles/view-model.ts). */
  | { kind: 'view-as' }
  /** Choose the view's agents (profiles/view-model.ts, the Agents row). */
  | { kind: 'pick-agents' }
  /** Ask a repository's trust question again (profiles/trust-model.ts). */
  | { kind: 'ask-trust'; repository: string };

export interface TreeNode {
  /** Stable id (kept across refreshes so expansion state survives). */
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  /** A codicon id, optionally with a theme colour id after a `|`. */
  icon?: string;
  /** kebab-case, for menus. */
  contextValue?: string;
  expanded?: boolean;
  action?: NodeAction;
  children?: TreeNode[];
}

export interface ModelOptions {
  /** Shown on the snapshot row when the evidence comes from unsaved editor text. */
  unsaved?: boolean;
  /** The "Preview of <file>" section, when the target is an instruction file. */
  preview?: PreviewSection;
}

/** What an instruction file does as a source, over the whole workspace (see authoring/reach.ts). */
export interface PreviewSection {
  /** Root-relative path of the instruction file. */
  file: string;
  /** The reach comes from the editor's unsaved text. */
  unsaved: boolean;
  /** A count is running (the reach shown, if any, is the previous one). */
  computing?: boolean;
  reach?: Reach;
  /** Against the saved version (only with unsaved text): files that gain or lose the file. */
  changes?: { gained: string[]; lost: string[] };
  /** Why there is no reach. */
  message?: string;
}

/** Files listed per sample; the rest is counted in a final row. */
export const PREVIEW_SAMPLE = 50;

export const STATUS_ICON: Record<SourceEvidence['status'], string> = {
  included: 'pass|testing.iconPassed',
  truncated: 'warning|list.warningForeground',
  omitted: 'circle-slash|list.warningForeground',
  superseded: 'arrow-swap|disabledForeground',
  'not-applicable': 'circle-large-outline|disabledForeground',
  duplicate: 'files|disabledForeground',
  shadowed: 'files|disabledForeground',
  'not-loaded': 'circle-large-outline|disabledForeground',
  untrusted: 'shield|list.warningForeground',
};

export const STATUS_TEXT: Record<SourceEvidence['status'], string> = {
  included: 'included in the model context',
  truncated: 'cut by the budget',
  omitted: 'omitted by the budget',
  superseded: 'superseded by a replace in its directory',
  'not-applicable': 'does not apply',
  shadowed: 'loses to another file in its directory',
  'not-loaded': 'never loaded by this profile',
  untrusted: 'kept out: the repository is not trusted',
  duplicate: 'the same file as an earlier source',
};

const SEVERITY_ICON: Record<Diagnostic['severity'], string> = {
  error: 'error|list.errorForeground',
  warning: 'warning|list.warningForeground',
  info: 'info',
};

export function targetLabel(path: string): string {
  return path === '' ? '. (workspace root)' : path;
}

/** A target as asked for and as resolved, when they differ (`README.md → pkg/README.md`, through a link). */
export function targetText(t: TargetEvidence): string {
  return t.requested !== undefined && t.requested !== t.path ? `${t.requested} → ${targetLabel(t.path)}` : targetLabel(t.path);
}

function targetTooltip(t: TargetEvidence): string {
  const resolved = `${targetLabel(t.path)} (${t.kind})`;
  return t.requested !== undefined && t.requested !== t.path ? `Asked for ${t.requested}, which resolves to ${resolved}` : resolved;
}

/**
 * Longest label, description and tooltip shown, in UTF-16 units (the provider cuts there): a row
 * naming 10,000 targets would otherwise be a megabyte of text in one line. Children, the evidence
 * JSON and the content documents hold the whole lists.
 */
export const MAX_LABEL = 500;
export const MAX_DESCRIPTION = 2000;
export const MAX_TOOLTIP = 20000;

/** Targets named one after another until a description is full, then how many more there are. */
function targetList(paths: readonly string[]): string {
  let text = '';
  let shown = 0;
  for (; shown < paths.length && text.length < MAX_DESCRIPTION; shown++) text += `${shown > 0 ? ', ' : ''}${targetLabel(paths[shown])}`;
  return shown < paths.length ? `${text} and ${formatCount(paths.length - shown)} more` : text;
}

function leaf(id: string, label: string, description?: string, tooltip?: string, icon?: string): TreeNode {
  return { id, label, description, tooltip: tooltip ?? (description ? `${label}: ${description}` : label), icon };
}

function list(values: string[] | null): string {
  return values === null ? 'absent' : values.length === 0 ? '[]' : values.map((v) => JSON.stringify(v)).join(', ');
}

/** Why a source sits where it does: the precedence key, spelled out. */
export function orderExplanation(s: SourceEvidence, all: SourceEvidence[]): string {
  const parts = [
    s.scope === 'global' ? 'operator-global (before every workspace file)' : `workspace, depth ${s.depth}`,
    `priority ${s.metadata?.priority ?? 0}`,
    s.scope === 'global' ? null : `filename ${s.filename}`,
  ].filter(Boolean);
  const before = all[s.order - 2];
  const after = all[s.order];
  const neighbours = [before ? `after ${before.path}` : 'first', after ? `before ${after.path}` : 'last (highest precedence)'];
  return `#${s.order} of ${all.length}: ${parts.join(', ')}; ${neighbours.join(', ')}`;
}

function sourceNode(s: SourceEvidence, ev: Evidence): TreeNode {
  const id = `source:${s.order}:${s.path}`;
  const md = s.metadata;
  const targetsAll = ev.targets.length;
  const appliesText =
    s.appliesTo.length === 0
      ? 'no target'
      : s.appliesTo.length === targetsAll && targetsAll > 1
        ? `all ${targetsAll} targets`
        : targetList(s.appliesTo);
  const children: TreeNode[] = [];
  children.push(
    leaf(
      `${id}:scope`,
      'Scope',
      s.scope === 'global'
        ? 'operator-global: every target'
        : `${s.directory === '' ? '. (root)' : s.directory}/ and below (depth ${s.depth})`,
      undefined,
      'folder',
    ),
  );
  children.push(leaf(`${id}:applies`, 'Applies to', appliesText, undefined, 'target'));
  if (s.supersededFor.length > 0) {
    children.push(
      leaf(`${id}:superseded`, 'Superseded', `by ${s.supersededBy} for ${targetList(s.supersededFor)}`, undefined, 'arrow-swap'),
    );
  }
  if (s.duplicateOf) children.push(leaf(`${id}:duplicate`, 'Duplicate of', s.duplicateOf, undefined, 'files'));
  if (s.reason) children.push(leaf(`${id}:reason`, 'Why', s.reason, s.reason, 'question'));
  children.push(leaf(`${id}:order`, 'Order', orderExplanation(s, ev.sources), undefined, 'list-ordered'));
  const fm: TreeNode = {
    id: `${id}:frontmatter`,
    label: 'Frontmatter',
    icon: 'symbol-property',
    description: md === null ? 'none (no valid block: the whole file is content)' : undefined,
    tooltip: md === null ? 'No valid frontmatter: defaults apply and the whole file is content.' : 'Effective values, defaults filled in',
  };
  if (md) {
    fm.children = [
      leaf(`${id}:fm:applies_to`, 'applies_to', list(md.applies_to)),
      leaf(`${id}:fm:excludes`, 'excludes', list(md.excludes)),
      leaf(`${id}:fm:priority`, 'priority', String(md.priority)),
      leaf(`${id}:fm:mode`, 'mode', md.mode),
      leaf(`${id}:fm:required_validation`, 'required_validation', list(md.required_validation)),
    ];
  }
  children.push(fm);
  children.push(leaf(`${id}:sha256`, 'sha256', s.sha256, `sha256 ${s.sha256}\n${s.bytes} bytes`, 'key'));
  children.push({
    ...leaf(
      `${id}:content`,
      'Exact content',
      `${s.chars} characters${s.status === 'truncated' ? `, ${s.includedChars} in the context` : ''}`,
      'Open the exact contributed text (read-only)',
      'file-text',
    ),
    action: { kind: 'open-content', snapshot: ev.snapshot, order: s.order },
  });
  return {
    id,
    label: `${s.order}. ${s.path}`,
    description: [s.status, s.scope, `depth ${s.depth}`, `priority ${md?.priority ?? 0}`, md?.mode ?? 'append'].join(' · '),
    tooltip:
      `${s.path}\n${STATUS_TEXT[s.status]}${s.reason ? `\n${s.reason}` : ''}\n` +
      (s.disclosed === undefined
        ? 'Click to open the file.'
        : `It leads to ${s.disclosed}, outside the workspace: Holaryn neither reads nor opens it.`),
    icon: STATUS_ICON[s.status],
    contextValue: s.scope === 'global' ? 'holaryn-source-global' : 'holaryn-source',
    // A file outside the workspace is never opened: the click shows its placeholder instead.
    action:
      s.disclosed === undefined
        ? { kind: 'open-source', path: s.path, global: s.scope === 'global' }
        : { kind: 'open-content', snapshot: ev.snapshot, order: s.order },
    children,
  };
}

export function diagnosticLabel(d: Diagnostic): string {
  return d.source === null ? d.code : `${d.source}${d.line === null ? '' : `:${d.line}`}`;
}

function dirLabel(dir: string): string {
  return dir === '' ? 'the workspace root' : `${dir}/`;
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** A browsable sample of files: the first PREVIEW_SAMPLE, each opening the file, then "and N more". */
function sample(id: string, files: readonly string[]): TreeNode[] {
  const nodes: TreeNode[] = files
    .slice(0, PREVIEW_SAMPLE)
    .map((f) => ({ ...leaf(`${id}:${f}`, f, undefined, f, 'file'), action: { kind: 'open-file', path: f } }));
  // NUL, which no path holds: a file named `more` keeps its own id.
  if (files.length > PREVIEW_SAMPLE)
    nodes.push(leaf(`${id}:\0more`, `… and ${formatCount(files.length - PREVIEW_SAMPLE)} more`, undefined, undefined, 'ellipsis'));
  return nodes;
}

/** The "Gains"/"Loses" rows of an unsaved edit against the saved file. */
function changeNodes(changes: NonNullable<PreviewSection['changes']>): TreeNode[] {
  const { gained, lost } = changes;
  if (gained.length === 0 && lost.length === 0)
    return [leaf('preview:unchanged', 'Compared with the saved version', 'no file gains or loses it', undefined, 'diff')];
  const change = (id: string, label: string, files: string[], verb: string, tooltip: string, icon: string): TreeNode => ({
    id,
    label,
    description: files.length === 0 ? 'none' : `${plural(files.length, 'file')} would ${verb} it`,
    tooltip,
    icon,
    expanded: files.length > 0 && files.length <= 10,
    children: sample(id, files),
  });
  return [
    change(
      'preview:gains',
      'Gains (unsaved)',
      gained,
      'get',
      'Files where the edited text is in effect and the saved file is not.',
      'diff-added',
    ),
    change(
      'preview:loses',
      'Loses (unsaved)',
      lost,
      'lose',
      'Files where the saved file is in effect and the edited text is not.',
      'diff-removed',
    ),
  ];
}

type SourceReach = Extract<NonNullable<PreviewSection['reach']>, { appliesTo: readonly string[] }>;

/** The rows of a source's reach: the files it applies to, how many were counted, where it is superseded, and an edit's changes. */
function reachNodes(r: SourceReach, p: PreviewSection): TreeNode[] {
  const children: TreeNode[] = [
    {
      id: 'preview:applies',
      label: 'Applies to',
      description: `${formatCount(r.appliesTo.length)} of ${plural(r.total, 'workspace file')} · ${formatCount(r.inScope)} below ${dirLabel(r.directory)}`,
      tooltip: 'Files for which this instruction file is in effect: in its scope, matched by applies_to, not excluded, not superseded.',
      icon: 'target',
      expanded: false,
      children: sample('preview:applies', r.appliesTo),
    },
  ];
  if (r.counted < r.inScope) {
    const counted = `the first ${formatCount(r.counted)} of ${plural(r.inScope, 'file')} below ${dirLabel(r.directory)}`;
    children.push(leaf('preview:counted', 'Counted', counted, undefined, 'info'));
  }
  if (r.superseded.length > 0) {
    children.push({
      id: 'preview:superseded',
      label: 'Superseded',
      description: `for ${plural(r.superseded.length, 'file')} by a replace in ${dirLabel(r.directory)}`,
      icon: 'arrow-swap',
      expanded: false,
      children: r.supersededBy.map((w) => ({
        ...leaf(`preview:superseded:${w.path}`, w.path, `for ${plural(w.files, 'file')}`, undefined, 'arrow-swap'),
        children: sample(
          `preview:superseded:${w.path}`,
          r.superseded.filter((s) => s.by === w.path).map((s) => s.file),
        ),
      })),
    });
  }
  if (p.changes) children.push(...changeNodes(p.changes));
  return children;
}

/** The preview's one-line description and rows, by what the file is to the resolver. */
function previewBody(p: PreviewSection): { description: string; children: TreeNode[] } {
  const r = p.reach;
  const from = p.unsaved ? ' · from unsaved text' : '';
  if (!r) return { description: p.computing ? 'counting…' : (p.message ?? 'not available'), children: [] };
  if (r.kind === 'duplicate') {
    const tooltip = 'The same file (a link) as an earlier path: it contributes nothing of its own.';
    return {
      description: `same file as ${r.duplicateOf}${from}`,
      children: [leaf('preview:duplicate', 'Duplicate of', r.duplicateOf ?? '', tooltip, 'files')],
    };
  }
  if (r.kind === 'skipped')
    return {
      description: `skipped by the resolver${from}`,
      children: [leaf('preview:skipped', 'Skipped', r.reason ?? '', undefined, 'error')],
    };
  if (r.kind === 'missing') return { description: `not a source here${from}`, children: [] };
  return {
    description: `applies to ${formatCount(r.appliesTo.length)} of ${plural(r.total, 'file')}${p.computing ? ' · counting…' : ''}${from}`,
    children: reachNodes(r, p),
  };
}

/** The "Preview of <file>" section: the file's reach as a source over the workspace. */
export function previewNode(p: PreviewSection): TreeNode {
  const { description, children } = previewBody(p);
  return {
    id: 'preview',
    label: `Preview of ${p.file}`,
    description,
    tooltip: `What ${p.file} does as a source, over the workspace's files${p.unsaved ? ', from the unsaved text in the editor' : ''}.`,
    icon: p.unsaved ? 'edit' : 'eye',
    expanded: true,
    children,
  };
}

/** The context's size against its budget, in the profile's unit ("1,234 of 24,000 characters"). */
function truncationSize(t: Evidence['truncation']): string {
  return sizeAgainstBudget(t.size ?? t.chars, t.budget, t.unit);
}

/** The target row, or the Targets section when there are several. */
function targetsNode(ev: Evidence): TreeNode {
  if (ev.targets.length === 1) {
    const t = ev.targets[0];
    return {
      ...leaf('target', 'Target', `${targetText(t)} (${t.kind})`, targetTooltip(t), 'target'),
      action: { kind: 'open-target', path: t.path },
    };
  }
  return {
    id: 'targets',
    label: 'Targets',
    description: `${ev.targets.length}`,
    icon: 'target',
    expanded: ev.targets.length <= 5,
    children: ev.targets.map((t) => ({
      ...leaf(`target:${t.path}`, targetText(t), t.kind, targetTooltip(t)),
      action: { kind: 'open-target', path: t.path },
    })),
  };
}

function snapshotNode(ev: Evidence, options: ModelOptions): TreeNode {
  return leaf(
    'snapshot',
    'Snapshot',
    `${ev.snapshot.slice(7, 19)}${options.unsaved ? ' · from unsaved text' : ''}`,
    `${ev.snapshot}${options.unsaved ? '\nResolved from unsaved editor text.' : ''}\nroot ${ev.root}`,
    options.unsaved ? 'edit' : 'history',
  );
}

function sourcesNode(ev: Evidence): TreeNode {
  const inEffect = ev.sources.filter((s) => s.appliesTo.length > 0).length;
  return {
    id: 'sources',
    label: 'Sources',
    description:
      ev.sources.length === 0
        ? 'no instruction file on the chain'
        : `${inEffect} in effect of ${ev.sources.length} · precedence order, later wins`,
    icon: 'list-ordered',
    expanded: true,
    children: ev.sources.map((s) => sourceNode(s, ev)),
  };
}

/** A listing entry's icon: as a source of the same standing (sent whole, cut, left out, shadowed, untrusted). */
const LISTING_ICON: Record<ListingEvidence['status'], string> = {
  included: STATUS_ICON.included,
  cut: STATUS_ICON.truncated,
  dropped: STATUS_ICON.omitted,
  'not-loaded': STATUS_ICON['not-loaded'],
  shadowed: STATUS_ICON.shadowed,
  untrusted: STATUS_ICON.untrusted,
};

/** The groups of the Listings section, in order. */
const LISTING_GROUPS: readonly { kind: ListingEvidence['kind']; label: string }[] = [
  { kind: 'skill', label: 'Skills' },
  { kind: 'agent', label: 'Agents' },
  { kind: 'command', label: 'Commands' },
];

/** One listed skill, subagent or command: its status and place, opening its file; its exact text one click below. */
function listingNode(l: ListingEvidence, index: number, ev: Evidence, prefix: string): TreeNode {
  const id = `${prefix}listing:${index}:${l.kind}:${l.source}`;
  const global = l.source.startsWith('~/');
  const node: TreeNode = {
    id,
    label: l.name,
    description: `${l.status} · ${placeWords(l.place)} · ${l.source}`,
    tooltip: `${l.kind} ${l.name}\n${l.source}\n${l.status}${l.reason ? `: ${l.reason}` : ''}\n${
      l.text === '' ? 'Not sent to the model.' : `Sent in the ${placeWords(l.place)}:\n${l.text}`
    }`,
    icon: LISTING_ICON[l.status],
    action: { kind: 'open-source', path: l.source, global },
  };
  if (l.text !== '') {
    node.children = [
      {
        ...leaf(
          `${id}:text`,
          'Exact text',
          `${measure(l.text).toLocaleString('en-US')} characters · open`,
          'Open the entry exactly as the agent sends it (read-only)',
          'file-text',
        ),
        action: { kind: 'open-listing', snapshot: ev.snapshot, index },
      },
    ];
  }
  if (l.reason) (node.children ??= []).unshift(leaf(`${id}:reason`, 'Why', l.reason, l.reason, 'question'));
  return node;
}

/**
 * Skills · Agents · Commands: what the agent lists to its model beside the instruction files
 * (evidence `listings`), a group per kind; undefined when nothing is listed. `prefix` keeps the
 * ids of another agent's rows apart from the first agent's.
 */
export function listingsNode(ev: Evidence, prefix = '', expanded = true): TreeNode | undefined {
  const listings = ev.listings ?? [];
  if (listings.length === 0) return undefined;
  const sent = listings.filter((l) => l.text !== '').length;
  const entries = listings.map((l, i) => ({ l, i }));
  const groups = LISTING_GROUPS.map((g) => ({ g, of: entries.filter(({ l }) => l.kind === g.kind) })).filter(({ of }) => of.length > 0);
  return {
    id: `${prefix}listings`,
    label: 'Skills · Agents · Commands',
    description: `${sent} of ${listings.length} sent`,
    tooltip: 'The skills, subagents and commands the agent lists to its model, in its order: each entry exactly as it sends it.',
    icon: 'symbol-event',
    expanded,
    children: groups.map(({ g, of }) => ({
      id: `${prefix}listings:${g.kind}`,
      label: g.label,
      description: String(of.length),
      icon: 'list-flat',
      expanded: true,
      children: of.map(({ l, i }) => listingNode(l, i, ev, prefix)),
    })),
  };
}

function validationNode(ev: Evidence): TreeNode {
  return {
    id: 'validation',
    label: 'Validation',
    description: ev.validation.length === 0 ? 'none' : `${ev.validation.length} · shown, never run`,
    icon: 'beaker',
    expanded: ev.validation.length > 0,
    children: ev.validation.map((v, i) =>
      leaf(
        `validation:${i}`,
        v.command,
        `from ${v.source}`,
        `${v.command}\nfrom ${v.source}\nShown to the model; Holaryn never runs it.`,
        'terminal',
      ),
    ),
  };
}

function truncationNode(t: Evidence['truncation']): TreeNode {
  return {
    id: 'truncation',
    label: 'Truncation',
    description: `${truncationSize(t)}${t.truncated ? ` · ${t.omitted.length} omitted, ${t.cut.length} cut` : ' · nothing left out'}${
      t.budget !== null && t.needed > t.budget ? ` · needs ${t.needed.toLocaleString('en-US')} to include everything` : ''
    }`,
    icon: t.truncated ? 'fold|list.warningForeground' : 'fold',
    expanded: t.truncated,
    children: [
      // By position too: the global file's display name may equal a workspace path (a folder named `~`).
      ...t.omitted.map((o, i) =>
        leaf(`truncation:omitted:${i}:${o.path}`, o.path, `omitted: ${o.chars} ${unitName(t)}, 0 kept`, undefined, 'circle-slash'),
      ),
      ...t.cut.map((c, i) =>
        leaf(`truncation:cut:${i}:${c.path}`, c.path, `cut: ${c.included} of ${c.chars} ${unitName(t)} kept`, undefined, 'warning'),
      ),
    ],
  };
}

function conflictsNode(ev: Evidence): TreeNode {
  return {
    id: 'conflicts',
    label: 'Conflicts',
    description: ev.conflicts.length === 0 ? 'none' : String(ev.conflicts.length),
    icon: ev.conflicts.length > 0 ? 'git-merge|list.warningForeground' : 'git-merge',
    expanded: ev.conflicts.length > 0,
    children: ev.conflicts.map((c, i) => ({
      ...leaf(
        `conflict:${i}`,
        `replace in ${c.directory === null ? 'global' : c.directory === '' ? '. (root)' : c.directory}`,
        `${c.winner} wins`,
        undefined,
        'git-merge',
      ),
      expanded: true,
      children: c.sources.map((p) =>
        leaf(`conflict:${i}:${p}`, p, p === c.winner ? 'winner' : 'superseded', undefined, p === c.winner ? 'star-full' : 'arrow-swap'),
      ),
    })),
  };
}

function diagnosticsNode(ev: Evidence): TreeNode {
  const disclosed = new Set(ev.sources.filter((s) => s.disclosed !== undefined).map((s) => s.path));
  return {
    id: 'diagnostics',
    label: 'Diagnostics',
    description: ev.diagnostics.length === 0 ? 'none' : countBySeverity(ev.diagnostics),
    icon: ev.diagnostics.some((d) => d.severity === 'error') ? 'error|list.errorForeground' : 'warning',
    expanded: ev.diagnostics.some((d) => d.severity !== 'info'),
    children: ev.diagnostics.map((d, i) => ({
      ...leaf(
        `diagnostic:${i}`,
        d.message,
        `${d.code} · ${diagnosticLabel(d)}`,
        `${d.severity} ${d.code}\n${diagnosticLabel(d)}\n${d.message}`,
        SEVERITY_ICON[d.severity],
      ),
      // A diagnostic about a file outside the workspace opens nothing (the file would show its text).
      action:
        d.source === null || disclosed.has(d.source)
          ? undefined
          : { kind: 'open-diagnostic', source: d.source, line: d.line, column: d.column ?? null },
    })),
  };
}

function contextNode(ev: Evidence): TreeNode {
  // Evidence of an older Holaryn has no parts: its context is one text.
  const parts = ev.contextParts ?? [];
  return {
    ...leaf(
      'context',
      'Model context',
      ev.context === ''
        ? 'empty'
        : `${ev.truncation.chars.toLocaleString('en-US')} characters${parts.length > 1 ? ` in ${parts.length} places` : ''} · open`,
      'Open the exact text the model receives (read-only)',
      'file-code',
    ),
    action: { kind: 'open-context', snapshot: ev.snapshot },
    // One child per place when the agent puts its instruction text in several.
    ...(parts.length > 1
      ? {
          expanded: true,
          children: parts.map((p, i) => ({
            ...leaf(
              `context:${i}`,
              `In the ${placeWords(p.place)}`,
              `${measure(p.text).toLocaleString('en-US')} characters · open`,
              `The text the agent puts in its ${placeWords(p.place)}${p.sources.length > 0 ? `, from ${p.sources.join(', ')}` : ''} (read-only)`,
              'file-code',
            ),
            action: { kind: 'open-context', snapshot: ev.snapshot, part: i } as NodeAction,
          })),
        }
      : {}),
  };
}

/** The whole tree for one evidence object, one section each. */
export function buildTree(ev: Evidence, options: ModelOptions = {}): TreeNode[] {
  return [
    targetsNode(ev),
    snapshotNode(ev, options),
    ...(options.preview ? [previewNode(options.preview)] : []),
    sourcesNode(ev),
    ...[listingsNode(ev)].filter((n): n is TreeNode => n !== undefined),
    validationNode(ev),
    truncationNode(ev.truncation),
    conflictsNode(ev),
    diagnosticsNode(ev),
    contextNode(ev),
  ];
}

/** The plural word of the budget's unit (`truncation.omitted`/`cut` counts are in it). */
function unitName(t: Evidence['truncation']): string {
  return unitByName(t.unit).words;
}

function countBySeverity(ds: Diagnostic[]): string {
  const n = (s: Diagnostic['severity']) => ds.filter((d) => d.severity === s).length;
  return [
    n('error') && `${n('error')} error${n('error') > 1 ? 's' : ''}`,
    n('warning') && `${n('warning')} warning${n('warning') > 1 ? 's' : ''}`,
    n('info') && `${n('info')} info`,
  ]
    .filter(Boolean)
    .join(', ');
}
