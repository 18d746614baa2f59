/**
 * The workspace's files, per folder, from the walk `holaryn check` uses (one walker for the CLI,
 * the Problems panel and the live preview): without `.git` and `node_modules`, without what the
 * repository's `.gitignore` files and `.git/info/exclude` ignore (an ignored directory is not
 * entered), without what `files.exclude` hides, capped at MAX_WORKSPACE_FILES entries.
 *
 * A folder is walked once, when first asked for, in the background: in slices, so the extension
 * host stays responsive, and past a second with progress in the status bar. From then on its
 * index (editing/folder-index.ts) is kept up to date from the shared watcher's create and delete
 * events, path by path; it is walked again only when an ignore file or `files.exclude` changes,
 * or when its listing is partial (capped, or part of it unreadable).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Minimatch } from 'minimatch';
import * as vscode from 'vscode';
import { createNodeWalkFs } from '../../lint';
import type { FileListing } from '../../editing/file-index';
import { FolderIndex } from '../../editing/folder-index';
import type { InstructionFileWatcher } from '../instruction-watcher';
import { withSlowProgress } from '../progress';
import { slicedPause } from '../../lint/pause';
import { DebouncedBatch } from '../debounce';

/** Files listed per folder at most; past it the listing says it is truncated. */
export const MAX_WORKSPACE_FILES = 200_000;

/** File events are taken in after this quiet time (a branch switch or a build is many events). */
const EVENTS_MS = 100;

/** Changes are announced after this quiet time. */
const ANNOUNCE_MS = 300;

export interface FolderFiles {
  /** Root-relative `/`-separated file paths, sorted by code unit. */
  paths: readonly string[];
  /** True when the folder has more entries than MAX_WORKSPACE_FILES, or part of it could not be listed. */
  truncated: boolean;
  /** Directories that are there but not listed (ignored by git, hidden by `files.exclude`, `.git`, `node_modules`). */
  opaque: string[];
  /** Changes whenever the folder's listing changes. */
  version: number;
  /** The same listing as the index has it: which paths are links, and the changes since an older version. */
  listing: FileListing;
}

/** `files.exclude` of a folder as a predicate (patterns set to true; conditional ones are left out), compiled once. */
function filesExclude(folder: vscode.WorkspaceFolder): ((rel: string) => boolean) | undefined {
  const setting = vscode.workspace.getConfiguration('files', folder.uri).get<Record<string, unknown>>('exclude') ?? {};
  const patterns = Object.entries(setting)
    .filter(([, on]) => on === true)
    .map(([pattern]) => new Minimatch(pattern, { dot: true }));
  if (patterns.length === 0) return undefined;
  return (rel) => patterns.some((p) => p.match(rel));
}

/** One folder: its index, built once and then updated from events, one step at a time. */
class FolderState {
  private index: FolderIndex | undefined;
  /** The latest walk, or the first one still running. */
  private walked: Promise<FolderIndex> | undefined;
  /** Every walk and batch of events runs after the one before. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Created and deleted paths, applied to the index together once events pause. */
  private readonly events = new DebouncedBatch<string>(EVENTS_MS, (paths) => {
    void this.run(async () => {
      const index = this.index;
      if (!index || this.disposed) return;
      const result = await index.update(paths);
      if (result === 'changed') this.changed();
      else if (result === 'walk-again') this.walkAgain();
    });
  });
  private shown: FolderFiles | undefined;
  private disposed = false;

  constructor(
    readonly folder: vscode.WorkspaceFolder,
    private readonly changed: () => void,
  ) {}

  /** The folder's files (walked on first use). */
  async get(): Promise<FolderFiles> {
    this.walked ??= this.walk();
    const index = await this.walked;
    const listing = index.snapshot()!;
    if (this.shown?.listing !== listing) {
      this.shown = {
        paths: listing.paths,
        truncated: !index.isComplete,
        opaque: index.opaqueDirectories(),
        version: listing.version,
        listing,
      };
    }
    return this.shown;
  }

  /** Walks the folder again (ignore files or `files.exclude` changed); announces the result. */
  walkAgain(): void {
    if (!this.walked) return; // never asked for: the first walk will see the disk as it is then
    this.walked = this.walk();
    this.walked.then(this.changed, () => undefined);
  }

  /** A path in this folder (root-relative) was created or deleted. */
  touched(rel: string): void {
    if (!this.walked) return;
    this.events.add(rel);
  }

  private run<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step, step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private walk(): Promise<FolderIndex> {
    const walked = this.run(() =>
      withSlowProgress(
        { location: vscode.ProgressLocation.Window, title: `Holaryn: listing the files of ${this.folder.name}` },
        async (token, report) => {
          let root = this.folder.uri.fsPath;
          try {
            root = fs.realpathSync(root);
          } catch {
            // Listed as it is named; the walk reports what it cannot read.
          }
          const index = new FolderIndex(createNodeWalkFs(), root, {
            maxEntries: MAX_WORKSPACE_FILES,
            exclude: filesExclude(this.folder),
            // Versions go on from the listing this one replaces.
            firstVersion: (this.index?.snapshot()?.version ?? 0) + 1,
            pause: slicedPause(),
            isCancelled: () => token.isCancellationRequested || this.disposed,
            onProgress: (n) => report(`${n.toLocaleString('en-US')} folders`),
          });
          if (!(await index.walk())) {
            if (this.index) return this.index;
            throw new Error('the listing was cancelled');
          }
          this.index = index;
          return index;
        },
      ),
    );
    // A failed walk (the folder is gone) is tried again when next asked for.
    walked.catch(() => {
      if (this.walked === walked) this.walked = undefined;
    });
    return walked;
  }

  dispose(): void {
    this.disposed = true;
    this.events.dispose();
  }
}

export class WorkspaceFiles implements vscode.Disposable {
  private readonly folders = new Map<string, FolderState>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<vscode.WorkspaceFolder | undefined>();
  /** Fires (debounced) after a folder's listing changed; undefined means every folder. */
  readonly onDidChange = this.changed.event;
  /** Folders whose files changed (undefined: all of them), announced together once changes pause. */
  private readonly announcements = new DebouncedBatch<vscode.WorkspaceFolder | undefined>(ANNOUNCE_MS, (pending) => {
    if (pending.has(undefined)) this.changed.fire(undefined);
    else for (const f of pending) this.changed.fire(f);
  });

  constructor(watcher: InstructionFileWatcher) {
    // An edited ignore file changes what is listed.
    const ignoreFiles = vscode.workspace.createFileSystemWatcher('{**/.gitignore,.git/info/exclude}');
    const ignoresChanged = (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (folder) this.folders.get(folder.uri.toString())?.walkAgain();
    };
    this.disposables.push(
      ignoreFiles,
      ignoreFiles.onDidChange(ignoresChanged),
      ignoreFiles.onDidCreate(ignoresChanged),
      ignoreFiles.onDidDelete(ignoresChanged),
      this.changed,
      watcher.onDidCreateOrDelete((e) => this.touched(e.uri)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.walkAll()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.exclude')) this.walkAll();
      }),
    );
  }

  /** The folder's files: walked on first use, then kept up to date. */
  get(folder: vscode.WorkspaceFolder): Promise<FolderFiles> {
    const key = folder.uri.toString();
    let state = this.folders.get(key);
    if (!state) this.folders.set(key, (state = new FolderState(folder, () => this.announce(folder))));
    return state.get();
  }

  private touched(uri: vscode.Uri): void {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const state = folder && this.folders.get(folder.uri.toString());
    if (!folder || !state) return;
    const rel = path.relative(folder.uri.fsPath, uri.fsPath);
    if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return;
    state.touched(rel.split(path.sep).join('/'));
  }

  /** Every folder is walked again (settings or folders changed), and announced when done; folders no longer open are forgotten. */
  private walkAll(): void {
    const open = new Set((vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString()));
    for (const [key, state] of this.folders) {
      if (open.has(key)) {
        state.walkAgain();
        continue;
      }
      state.dispose();
      this.folders.delete(key);
    }
  }

  private announce(folder: vscode.WorkspaceFolder | undefined): void {
    this.announcements.add(folder);
  }

  dispose(): void {
    this.announcements.dispose();
    for (const state of this.folders.values()) state.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
