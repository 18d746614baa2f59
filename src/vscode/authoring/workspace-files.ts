/**
 * The workspace's files, per folder, as the editor lists them: `findFiles` with the default
 * excludes (`files.exclude`), without `.git` and `node_modules` (which `holaryn check` skips
 * too), capped at MAX_WORKSPACE_FILES. Cached until a file or folder is created or deleted in
 * that folder, or `files.exclude` changes.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SKIPPED_DIRECTORIES } from '../../lint';

/** Files listed per folder at most; past it the listing says it is truncated. */
export const MAX_WORKSPACE_FILES = 200_000;

/** Invalidations are announced after this quiet time (a branch switch is many events). */
const ANNOUNCE_MS = 300;

export interface FolderFiles {
  /** Root-relative `/`-separated file paths, sorted by code unit. */
  paths: string[];
  /** True when the folder has more files than MAX_WORKSPACE_FILES. */
  truncated: boolean;
  /** Changes whenever the folder's listing is rebuilt. */
  version: number;
}

function skipped(rel: string): boolean {
  return rel.split('/').some((segment) => SKIPPED_DIRECTORIES.includes(segment));
}

export class WorkspaceFiles implements vscode.Disposable {
  private readonly cache = new Map<string, Promise<FolderFiles>>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<vscode.WorkspaceFolder | undefined>();
  /** Fires (debounced) after a folder's listing was invalidated; undefined means every folder. */
  readonly onDidChange = this.changed.event;
  private version = 0;
  private timer: NodeJS.Timeout | undefined;
  private pending = new Set<vscode.WorkspaceFolder | undefined>();

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    this.disposables.push(
      watcher,
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
    // `undefined` exclude: the default file excludes (files.exclude) apply.
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), undefined, MAX_WORKSPACE_FILES + 1);
    const truncated = uris.length > MAX_WORKSPACE_FILES;
    const root = folder.uri.fsPath;
    const paths: string[] = [];
    for (const uri of uris.slice(0, MAX_WORKSPACE_FILES)) {
      const rel = path.relative(root, uri.fsPath).split(path.sep).join('/');
      if (rel === '' || rel.startsWith('..') || skipped(rel)) continue;
      paths.push(rel);
    }
    paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { paths, truncated, version };
  }

  private invalidate(uri: vscode.Uri): void {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return;
    const rel = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
    if (skipped(rel)) return;
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
