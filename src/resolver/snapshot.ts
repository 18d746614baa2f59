/**
 * The snapshot id (spec section 7): sha256 over a canonical encoding of everything that decides
 * a resolution's result. Same state, same id; any edit, rename, addition, removal, moved target
 * or changed target set gives a new one.
 */
import { createHash } from 'node:crypto';
import type { Metadata, SkippedCandidate, SourceStatus, TargetEvidence } from './evidence';

export interface SnapshotInput {
  policy: string;
  root: string;
  targets: TargetEvidence[];
  sources: { path: string; sha256: string; status: SourceStatus; metadata: Metadata | null }[];
  skipped: SkippedCandidate[];
  budget: number | null;
}

export function snapshotId(input: SnapshotInput): string {
  // Arrays, not objects, so the encoding never depends on key order. What each source applies
  // to is not encoded: the targets, the sources' paths, statuses and metadata decide it, and
  // those lists are most of a large batch's encoding (version 1 encoded them).
  const canonical = JSON.stringify([
    'holaryn-snapshot/2',
    input.policy,
    input.root,
    input.targets.map((t) => [t.path, t.kind]),
    input.sources.map((s) => [
      s.path,
      s.sha256,
      s.status,
      s.metadata && [s.metadata.applies_to, s.metadata.excludes, s.metadata.priority, s.metadata.mode, s.metadata.required_validation],
    ]),
    input.skipped.map((s) => [s.path, s.reason]),
    input.budget,
  ]);
  return `sha256:${createHash('sha256').update(canonical).digest('hex')}`;
}
