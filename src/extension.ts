/** Thin wiring: create the view owner, register its commands and the agent tool, hand tests a small API. */
import * as vscode from 'vscode';
import { InstructionDecorations } from './vscode/decorations';
import { InstructionFileWatcher } from './vscode/instruction-watcher';
import { InstructionsView } from './vscode/instructions-view';
import { AgentVerifier, shownOf } from './vscode/profiles/verify';
import { registerScm } from './vscode/scm';
import { registerInstructionsTool } from './vscode/lm-tool';
import { registerReachLens } from './vscode/authoring/code-lens';
import { registerDiagnostics } from './vscode/authoring/diagnostics';
import { registerFrontmatterHelp } from './vscode/authoring/language';
import { registerLivePreview } from './vscode/authoring/live-preview';
import { Authoring } from './vscode/authoring/services';
import { ActivationClock, ActivationTimings } from './vscode/activation';

/** When this bundle was loaded (activation starts by loading it). */
const loadedAt = performance.now();

export interface HolarynApi {
  view: InstructionsView;
  verifier: AgentVerifier;
  authoring: Authoring;
  decorations: InstructionDecorations;
  /** Milliseconds measured in the extension host (the bench reads them). */
  timings: ActivationTimings;
}

export function activate(context: vscode.ExtensionContext): HolarynApi {
  const clock = new ActivationClock(loadedAt); // the bench's marks (docs/speed.md)
  const subscribe = (...disposables: vscode.Disposable[]) => context.subscriptions.push(...disposables);
  const watcher = clock.step('watcher', () => new InstructionFileWatcher()); // one set of watchers on the instruction files, for every feature
  const view = clock.step('view', () => new InstructionsView(watcher));
  subscribe(watcher, view, ...view.registerCommands());
  const verifier = new AgentVerifier(context.extensionPath, () => shownOf(view.current)); // runs the installed agent in a sandbox
  subscribe(...verifier.register());
  clock.step('tool+scm', () => {
    registerInstructionsTool(context); // subscribes itself
    subscribe(registerScm(view)); // Source Control: the instructions for a change set
  });
  const authoring = clock.step('authoring', () => new Authoring(watcher)); // workspace files, unsaved buffers, reach: shared by the features below
  subscribe(authoring);
  clock.step('preview', () => subscribe(registerLivePreview(view, authoring))); // the view resolves unsaved text; "Preview of <file>"
  clock.step('diagnostics', () => subscribe(registerDiagnostics(authoring))); // Problems for every instruction file, quick fixes
  clock.step('language+lens', () => subscribe(registerFrontmatterHelp(), registerReachLens(authoring))); // completion, hover, CodeLens
  const decorations = clock.step('decorations', () => new InstructionDecorations(watcher)); // Files view: folders holding instruction files, files with errors
  subscribe(decorations, clock.firstView(view.onDidUpdate), revealOnFirstAnswer(view, context.globalState));
  return { view, verifier, authoring, decorations, timings: clock.done() };
}

/**
 * The first time the extension runs, the view (which VS Code adds closed, below the Explorer's
 * other sections) opens once its first answer is there.
 */
function revealOnFirstAnswer(view: InstructionsView, state: vscode.Memento): vscode.Disposable {
  const once = view.onDidUpdate((s) => {
    if (!s.evidence) return;
    once.dispose();
    void view.revealOnFirstRun(state);
  });
  return once;
}

export function deactivate(): void {}
