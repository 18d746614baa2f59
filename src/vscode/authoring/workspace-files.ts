/**
 * The workspace's files, per folder, from the walk `holaryn check` uses (one walker for the CLI,
 * the Problems panel and the live preview): without `.git` and `node_modules`, without what the
 * repository's `.gitignore` files and `.git/info/exclude` ignore (an ignored directory is not
 * entered), without what `files.exclude` hides, capped at MAX_WORKSPACE_FILES entries. The walk
 * pauses between directories so the extension host stays responsive. Cached until a file or
 * folder is created or deleted in that folder (outside ignored directories), an ignore file
 * changes, or `files.exclude` changes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';
import * as vscode from 'vscode';
import { SKIPPED_DIRECTORIES, createNodeWalkFs, walkTreeAsync } from '../../lint';

/** Files listed per folder at most; past it the listing says it is truncated. */
export const MAX_WORKSPACE_FILES = 200_000;

/** Invalidations are announced after this quiet time (a branch switch is many events). */
const ANNOUNCE_MS = 300;

export interface FolderFiles {
  /** Root-relative `/`-separated file paths, sorted by code unit. */
  paths: string[];
  /** True when the folder has more entries than MAX_WORKSPACE_FILES, or part of it could not be listed. */
  truncated: boolean;
  /** Directories that are there but not listed (ignored by git, hidden by `files.exclude`, `.git`, `node_modules`). */
  opaque: string[];
  /** Changes whenever the folder's listing is rebuilt. */
  version: number;
}

function skipped(rel: string): boolean {
  return rel.split('/').some((segment) => SKIPPED_DIRECTORIES.includes(segment));
}

/** Whether root-relative `rel` is one of `dirs` or below one. */
function within(dirs: readonly string[], rel: string): boolean {
  return dirs.some((d) => rel === d || rel.startsWith(`${d}/`));
}

/** `files.exclude` of a folder as a predicate (patterns set to true; conditional ones are left out). */
function filesExclude(folder: vscode.WorkspaceFolder): ((rel: string) => boolean) | undefined {
  const setting = vscode.workspace.getConfiguration('files', folder.uri).get<Record<string, unknown>>('exclude') ?? {};
  const patterns = Object.entries(setting)
    .filter(([, on]) => on === true)
    .map(([pattern]) => pattern);
  if (patterns.length === 0) return undefined;
  return (rel) => patterns.some((p) => minimatch(rel, p, { dot: true }));
}

export class WorkspaceFiles implements vscode.Disposable {
  private readonly cache = new Map<string, Promise<FolderFiles>>();
  /** Per folder, the directories the last listing did not enter. */
  private readonly opaque = new Map<string, string[]>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<vscode.WorkspaceFolder | undefined>();
  /** Fires (debounced) after a folder's listing was invalidated; undefined means every folder. */
  readonly onDidChange = this.changed.event;
  private version = 0;
  private timer: NodeJS.Timeout | undefined;
  private pending = new Set<vscode.WorkspaceFolder | undefined>();

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    // An edited ignore file changes what is listed.
    const ignoreFiles = vscode.workspace.createFileSystemWatcher('{**/.gitignore,.git/info/exclude}');
    const ignoresChanged = (uri: vscode.Uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (!folder) return;
      this.cache.delete(folder.uri.toString());
      this.announce(folder);
    };
    this.disposables.push(
      watcher,
      ignoreFiles,
      ignoreFiles.onDidChange(ignoresChanged),
      ignoreFiles.onDidCreate(ignoresChanged),
      ignoreFiles.onDidDelete(ignoresChanged),
      this.changed,
      watcher.onDidCreate((uri) => this.invalidate(uri)),
      watcher.onDidDelete((uri) => this.invalidate(uri)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.invalidateAll()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.exclude')) this.invalidateAll();
      }),
    );
  }

  /** The folder's files (cached). */
  get(folder: vscode.WorkspaceFolder): Promise<FolderFiles> {
    const key = folder.uri.toString();
    let listing = this.cache.get(key);
    if (!listing) {
      listing = this.list(folder);
      this.cache.set(key, listing);
      listing.catch(() => {
        if (this.cache.get(key) === listing) this.cache.delete(key);
      });
    }
    return listing;
  }

  private async list(folder: vscode.WorkspaceFolder): Promise<FolderFiles> {
    const version = ++this.version;
    let root = folder.uri.fsPath;
    try {
      root = fs.realpathSync(root);
    } catch {
      // Listed as it is named; the walk reports what it cannot read.
    }
    const walk = await walkTreeAsync(createNodeWalkFs(), root, { exclude: filesExclude(folder), maxEntries: MAX_WORKSPACE_FILES });
    if (!walk) throw new Error('the listing was cancelled');
    const paths = [...walk.files, ...walk.fileLinks].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const listing: FolderFiles = { paths, truncated: !walk.complete, opaque: walk.opaque, version };
    this.opaque.set(folder.uri.toString(), listing.opaque);
    return listing;
  }

  private invalidate(uri: vscode.Uri): void {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return;
    const rel = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
    // A build writing into an ignored `target/` changes nothing listed.
    if (skipped(rel) || within(this.opaque.get(folder.uri.toString()) ?? [], rel)) return;
    this.cache.delete(folder.uri.toString());
    this.announce(folder);
  }

  private invalidateAll(): void {
    this.cache.clear();
    this.announce(undefined);
  }

  private announce(folder: vscode.WorkspaceFolder | undefined): void {
    this.pending.add(folder);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const pending = this.pending;
      this.pending = new Set();
      if (pending.has(undefined)) this.changed.fire(undefined);
      else for (const f of pending) this.changed.fire(f);
    }, ANNOUNCE_MS);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}
