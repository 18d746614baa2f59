/**
 * Gathers the signs agents-model.ts turns into the detected agents, for one workspace folder at a
 * time: the sign files every profile's card names (first the ones at the folder's root, checked
 * at once; then the editor's workspace search, in the background, bounded), the executables on
 * the PATH (once per window), and whether the editor's chat is enabled. Kept up to date from the
 * shared watcher's create and delete events; fires when a folder's answer changes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { agentSigns } from '../../resolver';
import { SKIPPED_DIRECTORIES } from '../../lint';
import type { InstructionFileWatcher } from '../instruction-watcher';
import { AgentCard, DetectedAgent, detectAgents, executablesOnPath, isSignFile, rootSignFiles } from './agents-model';

/** Sign files listed per glob and folder at most: one is enough to tell, the nearest root decides the order. */
const MAX_SIGN_FILES = 50;

/** VS Code's chat is enabled unless its AI features are switched off. */
export function chatEnabled(): boolean {
  return vscode.workspace.getConfiguration('chat').get<boolean>('disableAIFeatures', false) !== true;
}

function isExecutable(file: string): boolean {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform !== 'win32') fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function skipped(rel: string): boolean {
  return rel.split('/').some((segment) => SKIPPED_DIRECTORIES.includes(segment));
}

interface FolderSigns {
  /** Root-relative sign files found so far. */
  files: Set<string>;
  /** The workspace search has answered (before that, only the root was checked). */
  searched: boolean;
  /** The detected agents last worked out, and for which chat switch (asked several times a switch). */
  last?: { chat: boolean; agents: DetectedAgent[] };
}

export class AgentDetection implements vscode.Disposable {
  private readonly cards: AgentCard[] = agentSigns();
  private readonly folders = new Map<string, FolderSigns>();
  private executables: Map<string, string> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the detected agents of a folder asked about before may have changed. */
  readonly onDidChange = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private readonly scan = new vscode.CancellationTokenSource();

  constructor(watcher: InstructionFileWatcher) {
    this.disposables.push(
      this.scan,
      watcher.onDidCreateOrDelete((e) => this.onFile(e.uri, e.kind === 'create')),
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        this.folders.clear();
        this.changed.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('chat.disableAIFeatures')) this.changed.fire();
      }),
    );
  }

  /** The detected agents for `folder` now (its root at once; the workspace search is started and refines it). */
  detected(folder: vscode.Uri | undefined): DetectedAgent[] {
    if (!folder || folder.scheme !== 'file') return this.detect(new Set(), chatEnabled());
    const state = this.signsOf(folder);
    const chat = chatEnabled();
    if (state.last?.chat !== chat) state.last = { chat, agents: this.detect(state.files, chat) };
    return state.last.agents;
  }

  private detect(files: ReadonlySet<string>, chat: boolean): DetectedAgent[] {
    return detectAgents({ cards: this.cards, files: [...files], executables: this.installed(), chatEnabled: chat });
  }

  private installed(): Map<string, string> {
    this.executables ??= executablesOnPath(
      this.cards.flatMap((c) => c.signs.executables ?? []),
      process.env,
      process.platform,
      isExecutable,
    );
    return this.executables;
  }

  private signsOf(folder: vscode.Uri): FolderSigns {
    const key = folder.toString();
    let state = this.folders.get(key);
    if (state) return state;
    const files = new Set(rootSignFiles(this.cards).filter((rel) => fs.existsSync(path.join(folder.fsPath, ...rel.split('/')))));
    state = { files, searched: false };
    this.folders.set(key, state);
    void this.search(folder, state);
    return state;
  }

  /** The workspace search for every card's globs, one after another, outside the extension host. */
  private async search(folder: vscode.Uri, state: FolderSigns): Promise<void> {
    const token = this.scan.token;
    try {
      for (const glob of new Set(this.cards.flatMap((c) => c.signs.files ?? []))) {
        const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), undefined, MAX_SIGN_FILES, token);
        if (token.isCancellationRequested || this.folders.get(folder.toString()) !== state) return;
        for (const uri of uris) {
          const rel = path.relative(folder.fsPath, uri.fsPath).split(path.sep).join('/');
          if (!skipped(rel)) state.files.add(rel);
        }
      }
    } catch {
      // No search (a virtual folder, a search process that failed): the root's files stand.
    }
    state.searched = true;
    this.fireIfChanged(state);
  }

  private onFile(uri: vscode.Uri, created: boolean): void {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const state = folder && this.folders.get(folder.uri.toString());
    if (!folder || !state) return;
    const rel = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
    if (created) {
      if (skipped(rel) || !this.cards.some((c) => isSignFile(c.signs, rel))) return;
      state.files.add(rel);
    } else {
      // A deleted folder takes its sign files with it.
      for (const f of [...state.files]) if (f === rel || f.startsWith(`${rel}/`)) state.files.delete(f);
    }
    this.fireIfChanged(state);
  }

  /** After the sign files changed: works the answer out again, and fires when it differs. */
  private fireIfChanged(state: FolderSigns): void {
    const chat = chatEnabled();
    const agents = this.detect(state.files, chat);
    const before = state.last;
    state.last = { chat, agents };
    if (before && before.chat === chat && JSON.stringify(before.agents) === JSON.stringify(agents)) return;
    this.changed.fire();
  }

  dispose(): void {
    this.scan.cancel();
    for (const d of this.disposables) d.dispose();
  }
}
