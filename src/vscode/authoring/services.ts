/** What the authoring features share: the workspace's files, the unsaved buffers, reach. */
import * as vscode from 'vscode';
import type { InstructionFileWatcher } from '../instruction-watcher';
import { UnsavedBuffers } from './buffers';
import { ReachService } from './reach-service';
import { WorkspaceFiles } from './workspace-files';

export class Authoring implements vscode.Disposable {
  readonly files: WorkspaceFiles;
  readonly buffers = new UnsavedBuffers();
  readonly reach: ReachService;

  constructor(watcher: InstructionFileWatcher) {
    this.files = new WorkspaceFiles(watcher);
    this.reach = new ReachService(this.files, this.buffers, watcher);
  }

  dispose(): void {
    this.reach.dispose();
    this.buffers.dispose();
    this.files.dispose();
  }
}
