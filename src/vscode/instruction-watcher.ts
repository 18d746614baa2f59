/**
 * One set of file system watchers for every candidate instruction file (and the folders that
 * hold them), shared by the view, the reach counts and the Files view decorations, so each
 * change on disk is reported once, in one order, to all of them.
 */
import * as vscode from 'vscode';
import { candidateWatchGlobs } from './candidates';

export interface InstructionFileEvent {
  uri: vscode.Uri;
  kind: 'create' | 'change' | 'delete';
}

export class InstructionFileWatcher implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<InstructionFileEvent>();
  /** A candidate file, or a folder holding one, was created, changed or deleted (renames and branch switches arrive as these). */
  readonly onDidChange = this.emitter.event;
  private readonly anyEmitter = new vscode.EventEmitter<InstructionFileEvent>();
  /**
   * Any file or folder created or deleted. A folder created or deleted with its contents may be
   * reported alone (no event for the instruction files inside it), so features that keep a
   * list of instruction files look inside such folders themselves.
   */
  readonly onDidCreateOrDelete = this.anyEmitter.event;
  private readonly disposables: vscode.Disposable[] = [this.emitter, this.anyEmitter];

  constructor() {
    for (const glob of candidateWatchGlobs()) {
      const watcher = vscode.workspace.createFileSystemWatcher(glob);
      this.disposables.push(
        watcher,
        watcher.onDidCreate((uri) => this.emitter.fire({ uri, kind: 'create' })),
        watcher.onDidChange((uri) => this.emitter.fire({ uri, kind: 'change' })),
        watcher.onDidDelete((uri) => this.emitter.fire({ uri, kind: 'delete' })),
      );
    }
    const all = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);
    this.disposables.push(
      all,
      all.onDidCreate((uri) => this.anyEmitter.fire({ uri, kind: 'create' })),
      all.onDidDelete((uri) => this.anyEmitter.fire({ uri, kind: 'delete' })),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
