/**
 * Problems for every instruction file in the workspace, open or not, from the lint engine that
 * powers `holaryn check` (one engine, two front ends): the same workspace lint per folder, in
 * slices (`lintWorkspaceAsync`), on activation and whenever an instruction file is created,
 * changed or deleted (or files come and go, which changes what globs match); `lintFile` on the
 * text of open dirty buffers as they are typed.
 * Quick fixes are the findings' own `fixes`, recomputed on the document's current text.
 */
import * as vscode from 'vscode';
import {
  AgentName,
  Finding,
  Fix,
  TextRange,
  WorkspaceListing,
  agentNames,
  isAgentCode,
  lintFile,
  lintWorkspaceAsync,
  slicedPause,
} from '../../lint';
import { FileCache, profileByName, profileCard } from '../../resolver';
import { candidateWatchGlobs, isCandidate } from '../candidates';
import { BUFFER_DEBOUNCE_MS } from './buffers';
import { INSTRUCTION_SELECTOR, isInstructionDocument, placeOf } from './selector';
import type { Authoring } from './services';
import { KeyedDebounce } from '../debounce';
import { ProgressReport, withSlowProgress } from '../progress';
import { EDITOR_SETTING_PREFIXES, editorSettingNames, editorSettingValue } from '../profiles/options';

export const DIAGNOSTIC_SOURCE = 'holaryn';

/** Findings that only the whole folder's lint gives (not the text of one file): these and the agents' (their cards'). */
const WORKSPACE_CODES: ReadonlySet<Finding['code']> = new Set(['budget-exceeded', 'near-duplicate']);

function isWorkspaceCode(code: Finding['code']): boolean {
  return WORKSPACE_CODES.has(code) || isAgentCode(code);
}

/** The setting naming the agents whose pitfalls are shown (`holaryn check --agents`). */
export const AGENTS_SETTING = 'holaryn.lint.agents';

/** Files of the agents' own that change their pitfalls (instruction files are watched already): their cards' `pitfalls.watch`, once each. */
function agentFileGlobs(): string[] {
  return [...new Set(agentNames().flatMap((name) => profileCard(name)?.pitfalls?.watch ?? []))];
}

/** Markdown files outside Holaryn's names carry agent findings (a Copilot instructions file, GEMINI.md): their quick fixes too. */
const AGENT_FILE_SELECTOR: vscode.DocumentFilter[] = [{ scheme: 'file', pattern: '**/*.md' }];

/** The agents `holaryn.lint.agents` names for a folder (unknown names ignored). */
export function configuredAgents(scope: vscode.ConfigurationScope): AgentName[] {
  const raw = vscode.workspace.getConfiguration('holaryn', scope).get<unknown>('lint.agents', []);
  if (!Array.isArray(raw)) return [];
  return agentNames().filter((a) => raw.includes(a));
}

/**
 * An agent's settings that are this editor's own (Copilot's `chat.*`), as this VS Code has them
 * (only those set somewhere), in the form `--set` takes. A workspace's own folder list keeps only
 * the folders inside the workspace folder, as for the view (editorSettingValue).
 */
function agentEditorSettings(agent: string, scope: vscode.ConfigurationScope): Record<string, string> {
  const config = vscode.workspace.getConfiguration(undefined, scope);
  const folder = scope instanceof vscode.Uri ? vscode.workspace.getWorkspaceFolder(scope)?.uri.fsPath : undefined;
  const out: Record<string, string> = {};
  const profile = profileByName(agent);
  const names = new Set(editorSettingNames(profile));
  for (const spec of profile.settings ?? []) {
    if (!names.has(spec.name)) continue;
    const i = config.inspect(spec.name);
    const { value } = editorSettingValue(spec, i && { ...i, defaultValue: undefined }, folder);
    if (value !== undefined) out[spec.name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}

/** Each agent's editor settings, for the agents that declare some. */
function agentsEditorSettings(agents: readonly string[], scope: vscode.ConfigurationScope): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const agent of agents) {
    if (editorSettingNames(profileByName(agent)).length > 0) out[agent] = agentEditorSettings(agent, scope);
  }
  return out;
}

/** Quiet time before a folder is linted again after changes on disk. */
const FOLDER_DEBOUNCE_MS = 300;

const SEVERITY: Record<Finding['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/** A lint range (1-based, end exclusive) as an editor range. */
export function toRange(r: Pick<TextRange, 'line' | 'column' | 'endLine' | 'endColumn'>): vscode.Range {
  return new vscode.Range(r.line - 1, r.column - 1, r.endLine - 1, r.endColumn - 1);
}

export function toDiagnostic(f: Finding): vscode.Diagnostic {
  const d = new vscode.Diagnostic(toRange(f), f.message, SEVERITY[f.severity]);
  d.source = DIAGNOSTIC_SOURCE;
  d.code = f.code;
  return d;
}

/**
 * A fix as a WorkspaceEdit: its edits on the document, and on other files of the folder (a file
 * to create starts empty, so its edits are inserts at its start).
 */
export function toWorkspaceEdit(uri: vscode.Uri, folder: vscode.WorkspaceFolder | undefined, fix: Fix): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  for (const e of fix.edits) edit.replace(uri, toRange(e.range), e.newText);
  for (const other of fix.files ?? []) {
    if (!folder) continue;
    const target = vscode.Uri.joinPath(folder.uri, ...other.file.split('/'));
    if (other.create) {
      edit.createFile(target, { ignoreIfExists: true });
      const text = other.edits.map((e) => e.newText).join('');
      edit.insert(target, new vscode.Position(0, 0), text);
    } else {
      for (const e of other.edits) edit.replace(target, toRange(e.range), e.newText);
    }
  }
  return edit;
}

interface FolderLint {
  listing: WorkspaceListing;
  /** Findings per file URI (string) from the disk. */
  byUri: Map<string, Finding[]>;
}

export function registerDiagnostics(authoring: Authoring): vscode.Disposable {
  return new InstructionDiagnostics(authoring);
}

export class InstructionDiagnostics implements vscode.Disposable, vscode.CodeActionProvider {
  readonly collection = vscode.languages.createDiagnosticCollection(DIAGNOSTIC_SOURCE);
  private readonly folders = new Map<string, FolderLint>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly folderTimers = new KeyedDebounce(FOLDER_DEBOUNCE_MS);
  /** An edited buffer is linted again after the same quiet time as the unsaved-buffer overlay is rebuilt. */
  private readonly bufferTimers = new KeyedDebounce(BUFFER_DEBOUNCE_MS);
  private readonly generations = new Map<string, number>();
  /** Instruction files read by the budget check, kept across runs. */
  private readonly cache = new FileCache();
  private disposed = false;

  static readonly metadata: vscode.CodeActionProviderMetadata = { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] };

  constructor(private readonly authoring: Authoring) {
    this.disposables.push(
      this.collection,
      vscode.languages.registerCodeActionsProvider(
        [...INSTRUCTION_SELECTOR, ...AGENT_FILE_SELECTOR],
        this,
        InstructionDiagnostics.metadata,
      ),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(AGENTS_SETTING) || EDITOR_SETTING_PREFIXES.some((prefix) => e.affectsConfiguration(prefix.slice(0, -1))))
          this.lintAll();
      }),
      authoring.files.onDidChange((folder) => (folder ? this.scheduleFolder(folder) : this.lintAll())),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.lintAll()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (isInstructionDocument(e.document)) this.scheduleBuffer(e.document);
      }),
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (isInstructionDocument(doc) && (doc.isDirty || !placeOf(doc.uri).folder)) this.lintBuffer(doc);
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => this.saved(doc)),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        if (!isInstructionDocument(doc)) return;
        const { folder } = placeOf(doc.uri);
        // Back to what the disk says (a dirty buffer closed without saving is reverted).
        if (folder) this.showFromDisk(doc.uri);
        else this.collection.delete(doc.uri);
      }),
    );
    for (const glob of candidateWatchGlobs()) {
      const watcher = vscode.workspace.createFileSystemWatcher(glob);
      const changed = (uri: vscode.Uri) => {
        const folder = vscode.workspace.getWorkspaceFolder(uri);
        if (folder) this.scheduleFolder(folder);
      };
      this.disposables.push(watcher, watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(changed));
    }
    for (const glob of agentFileGlobs()) {
      const watcher = vscode.workspace.createFileSystemWatcher(glob);
      const changed = (uri: vscode.Uri) => {
        const folder = vscode.workspace.getWorkspaceFolder(uri);
        if (folder && configuredAgents(folder.uri).length > 0) this.scheduleFolder(folder);
      };
      this.disposables.push(watcher, watcher.onDidCreate(changed), watcher.onDidChange(changed), watcher.onDidDelete(changed));
    }
    // The first lint starts after activation: activating only registers.
    const start = setTimeout(() => {
      if (this.disposed) return;
      this.lintAll();
      for (const doc of vscode.workspace.textDocuments) {
        if (isInstructionDocument(doc) && !placeOf(doc.uri).folder) this.lintBuffer(doc);
      }
    });
    this.disposables.push({ dispose: () => clearTimeout(start) });
  }

  private lintAll(): void {
    const live = new Set<string>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      live.add(folder.uri.toString());
      void this.lintFolder(folder);
    }
    for (const [key, lint] of this.folders) {
      if (live.has(key)) continue;
      for (const uri of lint.byUri.keys()) this.collection.delete(vscode.Uri.parse(uri));
      this.folders.delete(key);
    }
  }

  private scheduleFolder(folder: vscode.WorkspaceFolder): void {
    this.folderTimers.run(folder.uri.toString(), () => void this.lintFolder(folder));
  }

  /**
   * Lints every instruction file of a folder from the disk, then re-applies open dirty buffers.
   * Past a second, the status bar shows it; cancelling keeps the Problems shown before.
   */
  lintFolder(folder: vscode.WorkspaceFolder): Promise<void> {
    return withSlowProgress(
      { location: vscode.ProgressLocation.Window, title: `Holaryn: checking instruction files in ${folder.name}` },
      (token, report) => this.lintFolderNow(folder, token, report),
    );
  }

  private async lintFolderNow(folder: vscode.WorkspaceFolder, token: vscode.CancellationToken, report: ProgressReport): Promise<void> {
    const key = folder.uri.toString();
    const generation = (this.generations.get(key) ?? 0) + 1;
    this.generations.set(key, generation);
    let byUri = new Map<string, Finding[]>();
    let listing: WorkspaceListing;
    try {
      report('listing files');
      const files = await this.authoring.files.get(folder);
      if (this.disposed || this.generations.get(key) !== generation || token.isCancellationRequested) return;
      report(`${files.paths.length.toLocaleString('en-US')} files`);
      const agents = configuredAgents(folder.uri);
      // The whole lint (listing, files, budget check, agent pitfalls) in slices of a few
      // milliseconds, so the host keeps answering the editor on a workspace of 200,000 files.
      const result = await lintWorkspaceAsync(folder.uri.fsPath, {
        listFiles: () => files.paths,
        listingComplete: !files.truncated,
        opaqueDirectories: files.opaque,
        cache: this.cache,
        agents: agents.length === 0 ? undefined : { agents, settings: agentsEditorSettings(agents, folder.uri) },
        pause: slicedPause(),
        isCancelled: () => this.disposed || this.generations.get(key) !== generation || token.isCancellationRequested,
      });
      if (!result) return;
      listing = result.listing;
      for (const f of result.findings) {
        const uri = vscode.Uri.joinPath(folder.uri, ...f.file.split('/')).toString();
        const list = byUri.get(uri);
        if (list) list.push(f);
        else byUri.set(uri, [f]);
      }
    } catch {
      // The folder is gone or unreadable: nothing to report in it.
      listing = new WorkspaceListing([], false);
      byUri = new Map();
    }
    if (this.disposed || this.generations.get(key) !== generation) return;
    const before = this.folders.get(key);
    this.folders.set(key, { listing, byUri });
    for (const uri of before?.byUri.keys() ?? []) if (!byUri.has(uri)) this.collection.delete(vscode.Uri.parse(uri));
    for (const [uri, findings] of byUri) this.collection.set(vscode.Uri.parse(uri), findings.map(toDiagnostic));
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.isDirty && isInstructionDocument(doc) && placeOf(doc.uri).folder?.uri.toString() === key) this.lintBuffer(doc);
    }
  }

  /** A saved buffer is what the disk holds now: its findings stand for the disk's until the folder is linted again. */
  private saved(doc: vscode.TextDocument): void {
    if (!isInstructionDocument(doc)) return;
    const { folder } = placeOf(doc.uri);
    const lint = folder ? this.folders.get(folder.uri.toString()) : undefined;
    if (!lint) return this.lintBuffer(doc);
    // Findings about the workspace as a whole stand until the folder is linted again (it is, as the file changed).
    const kept = (lint.byUri.get(doc.uri.toString()) ?? []).filter((f) => isWorkspaceCode(f.code));
    const findings = [...this.findingsFor(doc), ...kept];
    if (findings.length > 0) lint.byUri.set(doc.uri.toString(), findings);
    else lint.byUri.delete(doc.uri.toString());
    this.showFromDisk(doc.uri);
  }

  private showFromDisk(uri: vscode.Uri): void {
    const { folder } = placeOf(uri);
    const findings = folder ? this.folders.get(folder.uri.toString())?.byUri.get(uri.toString()) : undefined;
    if (findings && findings.length > 0) this.collection.set(uri, findings.map(toDiagnostic));
    else this.collection.delete(uri);
  }

  private scheduleBuffer(doc: vscode.TextDocument): void {
    this.bufferTimers.run(doc.uri.toString(), () => {
      if (!doc.isClosed) this.lintBuffer(doc);
    });
  }

  /** The findings for a document's current text. */
  findingsFor(doc: vscode.TextDocument): Finding[] {
    const { folder, rel } = placeOf(doc.uri);
    const listing = folder ? this.folders.get(folder.uri.toString())?.listing : undefined;
    return lintFile(rel, doc.getText(), { listing });
  }

  /** Lints an open buffer's text (a saved one in a folder shows what the disk lint found). */
  lintBuffer(doc: vscode.TextDocument): void {
    if (this.disposed || doc.isClosed) return;
    const { folder } = placeOf(doc.uri);
    if (folder && !doc.isDirty && doc.uri.scheme === 'file') {
      this.showFromDisk(doc.uri);
      return;
    }
    const findings = this.findingsFor(doc);
    if (findings.length === 0) this.collection.delete(doc.uri);
    else this.collection.set(doc.uri, findings.map(toDiagnostic));
  }

  provideCodeActions(
    doc: vscode.TextDocument,
    range: vscode.Range | vscode.Selection,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    if (context.only && !vscode.CodeActionKind.QuickFix.intersects(context.only)) return [];
    const { folder } = placeOf(doc.uri);
    const findings = isCandidate(doc.uri) ? this.findingsFor(doc) : [];
    // Agent pitfalls come from the folder's lint of the disk: their ranges hold while the buffer is unchanged.
    if (folder && !doc.isDirty) {
      const fromDisk = this.folders.get(folder.uri.toString())?.byUri.get(doc.uri.toString()) ?? [];
      findings.push(...fromDisk.filter((f) => isAgentCode(f.code)));
    }
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
    const actions: vscode.CodeAction[] = [];
    for (const f of findings) {
      if (!f.fixes || f.fixes.length === 0) continue;
      const fr = toRange(f);
      if (!fr.intersection(range)) continue;
      const matching = ours.filter((d) => d.code === f.code && d.range.isEqual(fr));
      for (const fix of f.fixes) {
        const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
        action.edit = toWorkspaceEdit(doc.uri, folder, fix);
        action.diagnostics = matching.length > 0 ? matching : [toDiagnostic(f)];
        action.isPreferred = f.fixes.length === 1;
        actions.push(action);
      }
    }
    return actions;
  }

  dispose(): void {
    this.disposed = true;
    this.folderTimers.dispose();
    this.bufferTimers.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
