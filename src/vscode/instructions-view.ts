/**
 * The owner of the "Repository instructions" view: decides the target(s), resolves, and shows
 * the evidence. It follows the active editor (debounced, stale results discarded), refreshes on
 * any change to a candidate file, the global file, folders or settings, and can be pinned.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  Evidence,
  FileCache,
  GlobalFile,
  ResolveError,
  ResolverFs,
  clipped,
  createNodeFs,
  printable,
  profileCard,
  resolveInstructions,
} from '../resolver';
import { isOverlayFs } from '../editing/overlay-fs';
import { isCandidate } from './candidates';
import { EVIDENCE_SCHEME, EvidenceDocuments } from './documents';
import { VIEW_ID } from './ids';
import type { InstructionFileWatcher } from './instruction-watcher';
import { MAX_LABEL, PreviewSection, TreeNode, buildTree, targetLabel } from './model';
import { InstructionsTreeProvider, NODE_COMMAND } from './provider';
import { followSetting, globalFileSetting } from './settings';
import { ProfileAnswer, compareSection, pendingCompare } from './profiles/compare-model';
import { ProfileSession } from './profiles/session';
import { EDITOR_SETTING_PREFIXES } from './profiles/options';
import { profileByName, resolveOptionsFor, trustStoreFile } from './profiles/settings';
import { isRepositoryTrust, trustNode } from './profiles/trust-model';
import { ProfileShown, firstScreen, viewDescription } from './profiles/view-model';
import { agentOf } from './profiles/compare-model';
import { macrotask } from '../lint/pause';

const DEBOUNCE_MS = 150;

/** What the view resolves: some targets inside one workspace folder. */
export interface ViewTarget {
  folder: vscode.WorkspaceFolder;
  /** Absolute fs paths; the folder itself for the root. */
  paths: string[];
}

export interface ViewState {
  target?: ViewTarget;
  evidence?: Evidence;
  message?: string;
  pinned: boolean;
  /** The evidence was resolved from unsaved editor text (a source on the chain is a dirty buffer). */
  unsaved?: boolean;
  /** The profile shown (docs/vscode.md, "Profiles"). */
  profile?: ProfileShown & { problem?: string };
  /** The answers for the same targets under the other agents and Compare all's profiles. */
  compare?: ProfileAnswer[];
  /** Those answers are being resolved for these targets (they follow the rows, in a task of their own). */
  comparing?: boolean;
}

function setContext(key: 'holaryn.pinned', value: boolean): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}

export class InstructionsView implements vscode.Disposable {
  readonly provider = new InstructionsTreeProvider();
  readonly documents = new EvidenceDocuments();
  private readonly view: vscode.TreeView<TreeNode>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly cache = new FileCache();
  private fs: ResolverFs = createNodeFs();
  private state: ViewState = { pinned: false };
  private preview: { path: string; section: PreviewSection } | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** A request came while the timer ran: resolve again when it ends. */
  private again = false;
  private generation = 0;
  /** The Compare all section last shown: kept, marked as updating, while the next one resolves. */
  private compareNode: TreeNode | undefined;
  /** The other agents' rows last shown, by id: kept, marked as updating, while the next answers resolve. */
  private agentNodes = new Map<string, TreeNode>();
  private readonly updated = new vscode.EventEmitter<ViewState>();
  /** Fires after every resolution (tests and other features listen). */
  readonly onDidUpdate = this.updated.event;
  /** The agents, View as…, Compare and the trust question. */
  readonly profiles: ProfileSession;

  constructor(watcher: InstructionFileWatcher) {
    this.profiles = new ProfileSession(watcher);
    this.view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: this.provider, showCollapseAll: true, canSelectMany: false });
    this.disposables.push(
      this.view,
      this.updated,
      vscode.workspace.registerTextDocumentContentProvider(EVIDENCE_SCHEME, this.documents),
      vscode.window.onDidChangeActiveTextEditor(() => this.follow()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.schedule()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('holaryn')) {
          this.watchGlobalFile();
          this.schedule();
        } else if (EDITOR_SETTING_PREFIXES.some((prefix) => e.affectsConfiguration(prefix.slice(0, -1)))) {
          // A profile may read the editor's own settings (Copilot's chat.*, workspace trust).
          this.schedule();
        }
      }),
      this.profiles,
      this.profiles.onDidChange(() => this.schedule()),
      // Restricted Mode wins over a stored trust answer: leaving it re-resolves.
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.schedule()),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (isCandidate(doc.uri)) this.schedule();
      }),
      this.view.onDidChangeVisibility((e) => {
        if (e.visible) this.schedule();
      }),
      // Files may change while the window is in the background (a branch switch in a terminal);
      // coming back re-resolves even if a watcher event was missed.
      vscode.window.onDidChangeWindowState((e) => {
        if (e.focused) this.schedule();
      }),
    );
    // Any candidate created, changed or deleted (renames and branch switches arrive as these).
    this.disposables.push(watcher.onDidChange(() => this.schedule()));
    this.watchGlobalFile();
    void setContext('holaryn.pinned', false);
    this.follow();
  }

  private globalWatcher: vscode.Disposable | undefined;

  private watchGlobalFile(): void {
    this.globalWatcher?.dispose();
    const global = this.globalFile(undefined);
    if (!global) return;
    const watcher = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(vscode.Uri.file(path.dirname(global.path)), path.basename(global.path)),
    );
    watcher.onDidCreate(() => this.schedule());
    watcher.onDidChange(() => this.schedule());
    watcher.onDidDelete(() => this.schedule());
    this.globalWatcher = watcher;
  }

  get current(): ViewState {
    return this.state;
  }

  /** The view's title-bar description (it always starts with the profile shown). */
  get description(): string | undefined {
    return this.view.description;
  }

  /** Lets a feature resolve against another filesystem (e.g. unsaved buffers overlaid). */
  setFs(fs: ResolverFs): void {
    this.fs = fs;
  }

  /**
   * Shows (or, with undefined, removes) the "Preview of <file>" section for the instruction file
   * at absolute path `file`; it is shown only while that file is the view's single target.
   * Re-renders without resolving again.
   */
  setPreview(file: string | undefined, section?: PreviewSection): void {
    this.preview = file && section ? { path: file, section } : undefined;
    if (this.state.evidence) this.render();
  }

  /** The target the view should show when following the editor. */
  private followedTarget(): ViewTarget | string | undefined {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const editor = vscode.window.activeTextEditor;
    const uri = editor?.document.uri;
    if (uri && uri.scheme === 'file') {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (!folder) return `${path.basename(uri.fsPath)} is outside every workspace folder, so no repository instructions apply to it.`;
      return { folder, paths: [uri.fsPath] };
    }
    const folder = folders.find((f) => f.uri.scheme === 'file');
    if (!folder) return undefined;
    return { folder, paths: [folder.uri.fsPath] };
  }

  /** Follows the active editor unless pinned or following is off. */
  follow(): void {
    if (this.state.pinned) return;
    if (!followSetting() && this.state.target) return;
    this.schedule();
  }

  /** Shows several targets resolved together, and pins them. */
  async showFor(uris: vscode.Uri[]): Promise<void> {
    const files = uris.filter((u) => u.scheme === 'file');
    if (files.length === 0) return;
    const folder = vscode.workspace.getWorkspaceFolder(files[0]);
    if (!folder) {
      void vscode.window.showWarningMessage('Holaryn: the selection is outside every workspace folder.');
      return;
    }
    const inFolder = files.filter((u) => vscode.workspace.getWorkspaceFolder(u)?.uri.toString() === folder.uri.toString());
    if (inFolder.length < files.length) {
      void vscode.window.showWarningMessage(
        `Holaryn: resolved the ${inFolder.length} selected item(s) in "${folder.name}" only; items in other workspace folders never share instructions.`,
      );
    }
    this.state = { ...this.state, pinned: true, target: { folder, paths: inFolder.map((u) => u.fsPath) } };
    await setContext('holaryn.pinned', true);
    await this.refreshNow();
  }

  async pin(): Promise<void> {
    this.state = { ...this.state, pinned: true };
    await setContext('holaryn.pinned', true);
    this.render();
  }

  async unpin(): Promise<void> {
    this.state = { ...this.state, pinned: false };
    await setContext('holaryn.pinned', false);
    await this.refreshNow();
  }

  /**
   * Re-resolves soon; only the latest request's result is shown. The first request after a quiet
   * spell resolves at once (switching to a file shows its rows without waiting); requests that
   * follow it within DEBOUNCE_MS are gathered into one more resolution at the end.
   */
  schedule(): void {
    if (this.timer) {
      this.again = true;
      return;
    }
    this.again = false;
    setImmediate(() => void this.refreshNow());
    const quiet = () => {
      if (!this.again) {
        this.timer = undefined;
        return;
      }
      this.again = false;
      void this.refreshNow();
      this.timer = setTimeout(quiet, DEBOUNCE_MS);
    };
    this.timer = setTimeout(quiet, DEBOUNCE_MS);
  }

  private globalFile(folder: vscode.WorkspaceFolder | undefined): GlobalFile | null {
    return globalFileSetting(folder?.uri);
  }

  /** Resolves now and shows the result; returns the state it showed. */
  async refreshNow(): Promise<ViewState> {
    const generation = ++this.generation;
    let target = this.state.target;
    if (!this.state.pinned || !target) {
      const followed = this.followedTarget();
      if (typeof followed === 'string' || followed === undefined) {
        this.state = {
          pinned: this.state.pinned,
          message: followed ?? 'Open a folder to see which repository instructions apply to its files.',
          profile: this.profiles.shown(undefined),
        };
        this.render();
        return this.state;
      }
      target = followed;
    }
    const profile = this.profiles.shown(target.folder.uri);
    let next: ViewState;
    try {
      const { options } = resolveOptionsFor(profileByName(profile.name), target.folder.uri, { fs: this.fs, cache: this.cache });
      const evidence = resolveInstructions(target.folder.uri.fsPath, target.paths, options);
      const fs = this.fs;
      const unsaved =
        isOverlayFs(fs) &&
        fs.size > 0 &&
        evidence.sources.some((s) => s.scope === 'workspace' && fs.isOverlaid(path.join(evidence.root, ...s.path.split('/'))));
      // A file compared before, unchanged since: its Compare section comes with the rows, in one render.
      const compare = this.profiles.keptCompare(target.folder.uri, target.paths, { fs: this.fs, cache: this.cache });
      next = { pinned: this.state.pinned, target, evidence, unsaved, profile, compare, comparing: compare === undefined };
    } catch (err) {
      const message = err instanceof ResolveError ? err.message : `Holaryn could not resolve: ${(err as Error).message}`;
      next = { pinned: this.state.pinned, target, message, profile };
    }
    // A newer request started while this one ran: drop this result.
    if (generation !== this.generation) return this.state;
    this.state = next;
    this.render();
    if (!next.comparing) return this.state;
    // The other agents' lines and Compare all resolve the same targets under those profiles. They
    // follow in a task of their own, so that the rows of a switch never wait for those resolutions.
    await macrotask();
    if (generation !== this.generation) return this.state;
    let compare: ProfileAnswer[] | undefined;
    try {
      compare = this.profiles.compare(target.folder.uri, target.paths, { fs: this.fs, cache: this.cache });
    } catch {
      compare = undefined; // each profile's failure is already an answer; anything else leaves the section out
    }
    if (generation !== this.generation) return this.state;
    this.state = { ...this.state, compare, comparing: false };
    this.render();
    return this.state;
  }

  private render(): void {
    const { evidence, message, pinned, target } = this.state;
    if (evidence) {
      this.documents.remember(evidence);
      // Other agents' listing entries open their exact text from their own evidence.
      for (const a of this.state.compare ?? []) if (a.evidence?.listings?.length) this.documents.remember(a.evidence);
      const preview =
        this.preview && target?.paths.length === 1 && target.paths[0] === this.preview.path ? this.preview.section : undefined;
      const shown = this.state.profile ?? this.profiles.shown(target?.folder.uri);
      const trust = isRepositoryTrust(evidence.trust)
        ? trustNode(evidence.trust, { restricted: !vscode.workspace.isTrusted, storeFile: trustStoreFile() })
        : undefined;
      // Compare all: the holaryn.compareProfiles subset of the answers, in its order.
      const listed = this.profiles.compareNames(target?.folder.uri);
      const compared = this.state.compare
        ?.filter((a) => listed.includes(a.name))
        .sort((a, b) => listed.indexOf(a.name) - listed.indexOf(b.name));
      const compare = compared
        ? (this.compareNode = compareSection(compared, { shown: shown.name, reference: shown.name }))
        : this.state.comparing
          ? pendingCompare(this.compareNode)
          : undefined;
      const roots = firstScreen(buildTree(evidence, { unsaved: this.state.unsaved, preview }), {
        shown,
        evidence,
        answers: this.state.compare,
        resolving: this.state.comparing === true,
        last: this.agentNodes,
        trust,
        compare,
      });
      this.agentNodes = new Map(roots.filter((r) => agentOf(r) !== undefined).map((r) => [r.id, r]));
      this.provider.setRoots(roots);
      const count = evidence.targets.length;
      const names = count > 2 ? `${count} targets` : evidence.targets.map((t) => targetLabel(t.path)).join(', ');
      const folderName =
        vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders.length > 1 ? `${target?.folder.name}: ` : '';
      // The agents first, always: the same file reads differently under each.
      this.setHeading(
        clipped(printable(viewDescription(shown, `${pinned ? '📌 ' : ''}${folderName}${names}`)), MAX_LABEL),
        evidence.notice ??
          shown.problem ??
          (evidence.sources.length === 0
            ? 'No instruction file applies: none exists from the workspace root down to this target.'
            : undefined),
      );
    } else {
      this.provider.setRoots([]);
      const shown = this.state.profile;
      this.setHeading(shown ? viewDescription(shown, pinned ? '📌' : '') : pinned ? '📌' : undefined, message);
    }
    this.updated.fire(this.state);
    if (evidence && this.state.profile) this.profiles.offerQuestion(evidence);
  }

  /**
   * The view's description and message, each sent only when it changed: the extension host passes
   * every assignment on to the workbench, which lays the view out again for each (a forced layout
   * for the message), several times a switch.
   */
  private setHeading(description: string | undefined, message: string | undefined): void {
    if (this.view.description !== description) this.view.description = description;
    if (this.view.message !== message) this.view.message = message;
  }

  /** Runs a node's click action. */
  async runAction(node: TreeNode): Promise<void> {
    const action = node.action;
    // Content and context open what that node's resolution showed, even if the view moved on.
    const ev = action && 'snapshot' in action ? this.documents.get(action.snapshot) : this.state.evidence;
    if (!ev || !action) return;
    const root = ev.root;
    switch (action.kind) {
      case 'open-source': {
        // A global row opens Holaryn's operator-global file (holaryn.globalFile); another profile's user file is shown by name only.
        if (action.global && !profileCard(ev.profile)?.editor?.holarynSettings) return;
        const file = action.global ? this.globalFile(this.state.target?.folder)?.path : path.join(root, action.path);
        if (file) await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: true });
        return;
      }
      case 'open-target': {
        const uri = vscode.Uri.file(path.join(root, action.path));
        const t = ev.targets.find((x) => x.path === action.path);
        if (t?.kind === 'file') await vscode.window.showTextDocument(uri, { preview: true });
        else if (t?.kind === 'directory') await vscode.commands.executeCommand('revealInExplorer', uri);
        return;
      }
      case 'open-content': {
        const uri = this.documents.contentUri(ev, action.order);
        if (uri) await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
        return;
      }
      case 'open-context':
        await this.openContext(ev, action.part);
        return;
      case 'open-listing': {
        const uri = this.documents.listingUri(ev, action.index);
        if (uri) await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
        return;
      }
      case 'open-file':
        await vscode.window.showTextDocument(vscode.Uri.file(path.join(root, ...action.path.split('/'))), { preview: true });
        return;
      case 'view-as':
        // Not awaited: a click only opens the picker (it closes by itself when focus moves on).
        void this.profiles.pickViewAs(this.state.target?.folder.uri);
        return;
      case 'pick-agents':
        void this.profiles.pickAgents(this.state.target?.folder.uri);
        return;
      case 'ask-trust': {
        const trust = ev.trust;
        if (isRepositoryTrust(trust) && trust.repository === action.repository && vscode.workspace.isTrusted) {
          await this.profiles.question(trust);
        }
        return;
      }
      case 'open-diagnostic': {
        const source = ev.sources.find((s) => s.path === action.source);
        const file = source?.scope === 'global' ? this.globalFile(this.state.target?.folder)?.path : path.join(root, action.source);
        if (!file) return;
        const line = Math.max(0, (action.line ?? 1) - 1);
        const col = Math.max(0, (action.column ?? 1) - 1);
        await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(line, col, line, col), preview: true });
        return;
      }
    }
  }

  async openContext(ev = this.state.evidence, part?: number): Promise<void> {
    if (!ev) return;
    const doc = await vscode.workspace.openTextDocument(this.documents.contextUri(ev, part));
    await vscode.window.showTextDocument(doc, { preview: true });
  }

  async copyEvidence(): Promise<void> {
    const ev = this.state.evidence;
    if (!ev) return;
    await vscode.env.clipboard.writeText(JSON.stringify(ev, null, 2));
    void vscode.window.setStatusBarMessage('Holaryn: evidence copied as JSON', 3000);
  }

  /** Opens the Compare all section (every profile side by side), revealing the view if need be. */
  async compareAll(): Promise<void> {
    const node = this.provider.getRoots().find((n) => n.id === 'compare' || n.id === 'compare-pending');
    if (node) await this.view.reveal(node, { expand: true, focus: true, select: false });
  }

  /**
   * Shows the view once, the first time the extension runs (a new view in the Explorer starts
   * closed, below the other sections): expanded, without taking the focus from the editor.
   */
  async revealOnFirstRun(memento: vscode.Memento): Promise<void> {
    const key = 'holaryn.viewShownOnce';
    if (memento.get<boolean>(key) === true) return;
    await memento.update(key, true);
    const first = this.provider.getRoots()[0];
    if (first && !this.view.visible) await this.view.reveal(first, { focus: false, select: false, expand: false });
  }

  async revealSource(node: TreeNode | undefined): Promise<void> {
    const ev = this.state.evidence;
    if (!ev || node?.action?.kind !== 'open-source' || node.action.global) return;
    await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(path.join(ev.root, node.action.path)));
  }

  registerCommands(): vscode.Disposable[] {
    return [
      vscode.commands.registerCommand('holaryn.refresh', () => this.refreshNow()),
      // An argument (a profile name) skips the picker: keybindings and tests; `null` follows the setting again.
      vscode.commands.registerCommand('holaryn.viewAs', (name?: string | null) =>
        name === null
          ? this.profiles.setViewAs(undefined)
          : name
            ? this.profiles.setViewAs(name)
            : this.profiles.pickViewAs(this.state.target?.folder.uri),
      ),
      vscode.commands.registerCommand('holaryn.pickAgents', () => this.profiles.pickAgents(this.state.target?.folder.uri)),
      // The row action of another agent: every detail of its answer (View as… that agent).
      vscode.commands.registerCommand('holaryn.viewAsAgent', (node?: TreeNode) => {
        const name = node ? agentOf(node) : undefined;
        if (name) this.profiles.viewAsOrFollow(name, this.state.target?.folder.uri);
      }),
      vscode.commands.registerCommand('holaryn.compareAll', () => this.compareAll()),
      vscode.commands.registerCommand('holaryn.pin', () => this.pin()),
      vscode.commands.registerCommand('holaryn.unpin', () => this.unpin()),
      vscode.commands.registerCommand('holaryn.copyEvidence', () => this.copyEvidence()),
      vscode.commands.registerCommand('holaryn.openContext', () => this.openContext()),
      vscode.commands.registerCommand('holaryn.revealSource', (node?: TreeNode) => this.revealSource(node)),
      vscode.commands.registerCommand('holaryn.showForSelection', (uri?: vscode.Uri, uris?: vscode.Uri[]) => {
        const selected =
          uris && uris.length > 0
            ? uris
            : uri
              ? [uri]
              : vscode.window.activeTextEditor
                ? [vscode.window.activeTextEditor.document.uri]
                : [];
        return this.showFor(selected);
      }),
      vscode.commands.registerCommand(NODE_COMMAND, (node: TreeNode) => this.runAction(node)),
    ];
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.globalWatcher?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
