/**
 * Reach of instruction files for the editor (the live preview and the CodeLens): runs
 * `computeReach` on the unsaved buffers (and, for a dirty file, on its saved version too), one run
 * per file at a time, over the folder's file index, with glob results kept per folder across
 * runs. A request with newer inputs cancels the stale run; requests with the same inputs share
 * one run. The work runs in slices (yielding every few milliseconds), so the extension host
 * stays responsive while a new glob is matched over a large workspace.
 */
import * as vscode from 'vscode';
import { FileCache } from '../../resolver';
import { GlobMatches, REACH_BATCH, Reach, computeReach, diffReachAsync, formatCount } from '../../editing/reach';
import { isCandidate } from '../candidates';
import { withSlowProgress } from '../progress';
import { slicedPause } from '../../lint/pause';
import type { InstructionFileWatcher } from '../instruction-watcher';
import type { UnsavedBuffers } from './buffers';
import { placeOf } from './selector';
import type { WorkspaceFiles } from './workspace-files';

export interface ReachReport {
  folder: vscode.WorkspaceFolder;
  /** Root-relative path of the instruction file. */
  file: string;
  /** The file is open with unsaved changes: `reach` is from its buffer. */
  unsaved: boolean;
  reach: Reach;
  /** With unsaved changes: against the saved version. */
  changes?: { gained: string[]; lost: string[] };
  /** The workspace listing stopped at its cap. */
  truncatedListing: boolean;
}

/** What a run that newer inputs replaced resolves to. */
export const CANCELLED = Symbol('cancelled');

interface Run {
  key: string;
  cancelled: boolean;
  /** Stopped from the progress notification: no result until the inputs change. */
  stopped: boolean;
  promise: Promise<ReachReport | undefined>;
}

/** Files whose latest run is remembered. */
const KEPT_RUNS = 32;

export class ReachService implements vscode.Disposable {
  private readonly cache = new FileCache();
  /** Per folder (URI string): glob results kept across runs. */
  private readonly matches = new Map<string, GlobMatches>();
  private readonly runs = new Map<string, Run>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a reach may have changed (buffers, files, instruction files on disk). */
  readonly onDidChange = this.changed.event;
  private diskGeneration = 0;

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly buffers: UnsavedBuffers,
    watcher: InstructionFileWatcher,
  ) {
    const onDisk = () => {
      this.diskGeneration++;
      this.changed.fire();
    };
    this.disposables.push(
      this.changed,
      buffers.onDidChange(() => this.changed.fire()),
      files.onDidChange(() => this.changed.fire()),
      watcher.onDidChange(onDisk),
    );
  }

  /** The reach of the instruction file at `uri` (file scheme, inside a workspace folder), or undefined. */
  async reach(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<ReachReport | undefined> {
    const report = await this.latest(uri, token);
    return report === CANCELLED ? undefined : report;
  }

  /**
   * The same, but says CANCELLED when newer inputs replaced this run (ask again for the new
   * result) rather than undefined (no reach for this file).
   */
  async latest(uri: vscode.Uri, token?: vscode.CancellationToken): Promise<ReachReport | undefined | typeof CANCELLED> {
    if (uri.scheme !== 'file' || !isCandidate(uri)) return undefined;
    const { folder, rel } = placeOf(uri);
    if (!folder) return undefined;
    const listing = await this.files.get(folder);
    const id = uri.toString();
    const unsaved = this.buffers.isDirty(uri);
    const key = [listing.version, this.buffers.version, this.diskGeneration, unsaved].join(':');
    const previous = this.runs.get(id);
    if (previous && previous.key === key && !previous.cancelled) return this.await(previous, token);
    if (previous) previous.cancelled = true;
    const run: Run = { key, cancelled: false, stopped: false, promise: Promise.resolve(undefined) };
    const root = folder.uri.fsPath;
    let matches = this.matches.get(folder.uri.toString());
    if (!matches) this.matches.set(folder.uri.toString(), (matches = new GlobMatches()));
    const fs = this.buffers.fs;
    const savedFs = unsaved ? this.buffers.fsWithout(uri) : undefined;
    // On a large workspace a count takes a while: past a second a notification shows how far it
    // got, and its Cancel stops the count (the preview then says so).
    run.promise = withSlowProgress(
      { location: vscode.ProgressLocation.Notification, title: `Holaryn: counting where ${rel} applies` },
      async (token, report) => {
        const isCancelled = () => {
          if (token.isCancellationRequested) run.stopped = true;
          return run.cancelled || run.stopped;
        };
        let batches = 0;
        const slice = slicedPause();
        const pause = () => {
          report(`${formatCount(++batches * REACH_BATCH)} files counted`);
          return slice();
        };
        const options = { fs, cache: this.cache, matches, isCancelled, pause };
        try {
          const reach = await computeReach(root, rel, listing.listing, options);
          if (!reach) return undefined;
          let changes: ReachReport['changes'];
          if (savedFs) {
            const saved = await computeReach(root, rel, listing.listing, { ...options, fs: savedFs });
            if (!saved || isCancelled()) return undefined;
            changes = await diffReachAsync(saved, reach, slice);
            if (isCancelled()) return undefined;
          }
          return { folder, file: rel, unsaved, reach, changes, truncatedListing: listing.truncated };
        } catch {
          // The folder vanished or could not be read: no reach.
          return undefined;
        }
      },
    );
    this.runs.delete(id);
    this.runs.set(id, run);
    if (this.runs.size > KEPT_RUNS) {
      const [oldest, old] = this.runs.entries().next().value!;
      old.cancelled = true;
      this.runs.delete(oldest);
    }
    return this.await(run, token);
  }

  /** Whether the latest count for `uri` was stopped from its progress notification. */
  wasStopped(uri: vscode.Uri): boolean {
    return this.runs.get(uri.toString())?.stopped === true;
  }

  private async await(run: Run, token: vscode.CancellationToken | undefined): Promise<ReachReport | undefined | typeof CANCELLED> {
    const report = await run.promise;
    if (run.cancelled || token?.isCancellationRequested) return CANCELLED;
    return report;
  }

  dispose(): void {
    for (const run of this.runs.values()) run.cancelled = true;
    for (const d of this.disposables) d.dispose();
  }
}
