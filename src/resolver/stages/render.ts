/**
 * Stages 5 and 6, fit and render (docs/contract.md §8): the sources in effect that enter the
 * context, fitted to the budget by the profile's fit rule in its unit, and rendered by its
 * context format.
 */
import { posix } from 'node:path';
import { NO_BUDGET } from '../fit';
import { CONTEXT_PART_SEPARATOR } from '../profile';
import type { ConsideredSource, ContextPart, ContextSource, FitDecision, FitStatus, FormatFrame, Profile } from '../profile';
import type { Settled } from './supersede';
import type { Entry, Inputs } from './types';

export interface Rendered {
  text: string;
  /** The text by place; `text` is their texts joined by CONTEXT_PART_SEPARATOR. */
  parts: readonly ContextPart[];
  /** The sources in effect, precedence order. */
  inEffect: Entry[];
  /** Target paths each source in effect is in effect for. */
  effectPaths: Map<Entry, string[]>;
  /** Per source in the context: its fit status and the units kept. */
  budgetStatus: Map<Entry, { status: FitStatus; included: number; room: number; reason?: string }>;
  needed: number;
}

/** The delivery a source is reported with: NamedCandidate.otherwise when it applies to no target. */
export function reportedDelivery(e: Entry, settled: Settled): Entry['delivery'] {
  if (e.otherwise === undefined || e.report || settled.duplicateOf.has(e)) return e.delivery;
  return (settled.applies.get(e) ?? []).length === 0 ? e.otherwise : e.delivery;
}

/**
 * A root-relative path (`../` above the root) as seen from the project root, `/`-separated: the
 * heading of systems that name files relative to their project root (DSH).
 */
function projectRelative(inputs: Inputs): (path: string) => string {
  if (inputs.projectRel === '') return (p) => p;
  const levels = inputs.projectRel.split('/').length;
  const names = inputs.root.split(inputs.root.startsWith('/') ? '/' : /[\\/]/).filter((n) => n !== '');
  const base = names.slice(names.length - levels).join('/');
  return (p) => posix.normalize(`${base}/${p}`);
}

/**
 * The frame a format renders in, its considered sources built on first use. A class, not an
 * object literal with a getter: such a literal gets a map of its own per call in the old
 * generation, and its accessor keeps the call's closures (and all they reach) alive past the next
 * scavenges.
 */
class RenderFrame implements FormatFrame {
  readonly cwd: string;
  readonly root: string;
  readonly path: FormatFrame['path'];
  readonly session: unknown;
  private built: readonly ConsideredSource[] | undefined;

  constructor(
    frame: FormatFrame,
    private readonly build: () => readonly ConsideredSource[],
  ) {
    this.cwd = frame.cwd;
    this.root = frame.root;
    this.path = frame.path;
    this.session = frame.session;
  }

  get considered(): readonly ConsideredSource[] {
    return (this.built ??= this.build());
  }
}

export function fitAndRender(settled: Settled, inputs: Inputs, profile: Profile, frame: FormatFrame): Rendered {
  const { entries, effect } = settled;
  const resolved = inputs.targets;
  const paths = resolved.map((t) => t.path);
  const toPaths = (indices: number[]) => indices.map((i) => paths[i]);
  const inEffect = entries.filter((e) => effect.get(e)!.length > 0);
  const effectPaths = new Map<Entry, string[]>(inEffect.map((e) => [e, toPaths(effect.get(e)!)]));
  const delivered = profile.hooks?.delivery?.inContext;
  const inContext = delivered ? inEffect.filter((e) => delivered(e.delivery)) : inEffect;
  const fromProject = projectRelative(inputs);
  const toSource = (e: Entry): ContextSource => {
    const appliesTo = effectPaths.get(e) ?? [];
    const source: ContextSource = {
      path: e.path,
      content: e.content,
      appliesTo: appliesTo.length === resolved.length ? null : appliesTo,
      commands: e.metadata?.required_validation ?? [],
      scope: e.scope,
      depth: e.depth,
      delivery: e.delivery,
      absolute: e.canonical,
      heading: e.directory === null ? undefined : fromProject(e.path),
    };
    if (e.tag !== undefined) source.tag = e.tag;
    if (e.facts !== undefined) source.facts = e.facts;
    if (e.raw !== undefined) source.raw = e.raw;
    return source;
  };
  const contextSources: ContextSource[] = inContext.map(toSource);
  const shown = new Set(inContext);
  // Every considered file as a source: only a format that lists them asks (copilot's index), once.
  frame = new RenderFrame(frame, () =>
    entries
      .filter((e) => !settled.duplicateOf.has(e))
      // Added to the new source, not spread into a literal: on Node 20 that builds a hidden class per object.
      .map((e) =>
        Object.assign(toSource(e), { inContext: shown.has(e), delivery: reportedDelivery(e, settled), reported: e.report !== undefined }),
      ),
  );
  const { unit, fit } = profile.budget;
  const budget = inputs.budget;
  const layout = profile.format.layout(contextSources, budget ?? Number.MAX_SAFE_INTEGER, unit, frame);
  const rule = budget === null && !profile.budget.cutsWithoutBudget ? NO_BUDGET : fit;
  const decision: FitDecision = rule({
    sources: contextSources,
    budget: budget ?? Number.MAX_SAFE_INTEGER,
    unit,
    layout,
    session: frame.session,
  });
  const { text, parts } = renderPlaces(profile, contextSources, decision, budget, frame);
  const budgetStatus = new Map<Entry, { status: FitStatus; included: number; room: number; reason?: string }>();
  const room = decision.room;
  inContext.forEach((e, i) =>
    budgetStatus.set(e, {
      status: decision.status[i],
      included: decision.kept[i],
      room: room ? room[i] : (budget ?? 0),
      reason: decision.reasons?.[i],
    }),
  );
  // Without a budget nothing is left out: including everything needs exactly the text there is.
  return { text, parts, inEffect, effectPaths, budgetStatus, needed: budget === null ? unit.measure(text) : decision.needed };
}

/** Where the model gets a context no format places: with the system's instructions. */
export const DEFAULT_CONTEXT_PLACE = 'system-prompt';

/** The context by place: the format's own parts, or its one text in the profile's place. */
function renderPlaces(
  profile: Profile,
  sources: readonly ContextSource[],
  decision: FitDecision,
  budget: number | null,
  frame: FormatFrame,
): { text: string; parts: readonly ContextPart[] } {
  const { format, budget: rule } = profile;
  if (format.renderParts) {
    const parts = format.renderParts(sources, decision, budget, rule.unit, frame).filter((p) => p.text !== '');
    return { text: parts.map((p) => p.text).join(CONTEXT_PART_SEPARATOR), parts };
  }
  const text = format.render(sources, decision, budget, rule.unit, frame);
  if (text === '') return { text, parts: [] };
  const shown = sources.filter((_, i) => decision.status[i] !== 'omitted').map((s) => s.path);
  return { text, parts: [{ place: profile.contextPlace ?? DEFAULT_CONTEXT_PLACE, text, sources: shown }] };
}
