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

/** When this bundle was loaded (activation starts by loading it). */
const loadedAt = performance.now();

export interface HolarynApi {
  view: InstructionsView;
  verifier: AgentVerifier;
  authoring: Authoring;
  decorations: InstructionDecorations;
  /** Milliseconds measured in the extension host (the bench reads them). */
  timings: {
    /** From loading this bundle to the end of `activate`. */
    activate: number;
    /** From loading this bundle to the view's first resolution shown; undefined until then. */
    firstView?: number;
    /** Milliseconds each part of `activate` took, in order (where activation time goes). */
    steps: Record<string, number>;
  };
}

export function activate(context: vscode.ExtensionContext): HolarynApi {
  const steps: Record<string, number> = {};
  let last = performance.now();
  steps.load = last - loadedAt;
  const mark = (name: string) => {
    const now = performance.now();
    steps[name] = now - last;
    last = now;
  };
  const watcher = new InstructionFileWatcher(); // one set of watchers on the instruction files, for every feature
  mark('watcher');
  const view = new InstructionsView(watcher);
  mark('view');
  context.subscriptions.push(watcher, view, ...view.registerCommands());
  const verifier = new AgentVerifier(context.extensionPath, () => shownOf(view.current)); // runs the installed agent in a sandbox
  context.subscriptions.push(...verifier.register());
  registerInstructionsTool(context);
  context.subscriptions.push(registerScm(view)); // Source Control: the instructions for a change set
  mark('tool+scm');
  const authoring = new Authoring(watcher); // shared by the features below: workspace files, unsaved buffers, reach
  context.subscriptions.push(authoring);
  mark('authoring');
  context.subscriptions.push(registerLivePreview(view, authoring)); // the view resolves unsaved text; "Preview of <file>"
  mark('preview');
  context.subscriptions.push(registerDiagnostics(authoring)); // Problems for every instruction file, quick fixes
  mark('diagnostics');
  context.subscriptions.push(registerFrontmatterHelp()); // completion and hover in frontmatter
  context.subscriptions.push(registerReachLens(authoring)); // CodeLens: applies to N files · priority · mode
  mark('language+lens');
  const decorations = new InstructionDecorations(watcher); // Files view: folders holding instruction files, files with errors
  context.subscriptions.push(decorations);
  mark('decorations');
  const timings: HolarynApi['timings'] = { activate: 0, steps };
  const first = view.onDidUpdate(() => {
    timings.firstView = performance.now() - loadedAt;
    first.dispose();
  });
  // The first time the extension runs, the view (which VS Code adds closed, below the Explorer's
  // other sections) opens once its first answer is there.
  const once = view.onDidUpdate((s) => {
    if (!s.evidence) return;
    once.dispose();
    void view.revealOnFirstRun(context.globalState);
  });
  context.subscriptions.push(first, once);
  timings.activate = performance.now() - loadedAt;
  return { view, verifier, authoring, decorations, timings };
}

export function deactivate(): void {}
