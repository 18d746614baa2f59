/**
 * "Verify with the installed agent" (docs/vscode.md): on an agent's row, runs `holaryn capture`
 * — the user's own agent, in a namespace holding only loopback, against Holaryn's fake model
 * endpoint, with a throwaway home and its hooks and MCP servers off (src/capture) — on the
 * workspace folder and the file shown, with progress and a Cancel, then opens a diff of what the
 * agent sent beside what Holaryn's profile answers. The CLI does the run in a process of its own;
 * this module only starts it and shows its report.
 *
 * Which executable runs is the machine's choice alone (`holaryn.capture.executables`, a
 * machine-scoped setting, else the agent's command on PATH): a repository cannot name one. The
 * command also asks for a trusted workspace.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { runCaptureCommand } from '../../capture';
import type { ViewState } from '../instructions-view';
import type { TreeNode } from '../model';
import { machineValue } from './options';
import { FIRST_AGENT_ID } from './view-model';
import { type Verification, captureArgs, driverFor, profileOfRow, readCapture, verifiableProfiles } from './verify-model';

export const CAPTURE_SCHEME = 'holaryn-capture';

interface Shown {
  /** The profile the view answers for first. */
  readonly profile: string | undefined;
  readonly folder: vscode.WorkspaceFolder | undefined;
  /** The one file shown, when the view shows one. */
  readonly file: string | undefined;
}

/** What the view shows now, as a verification runs it: the workspace folder and, when one file is shown, that file. */
export function shownOf(state: ViewState): Shown {
  const target = state.target;
  const one = target && target.paths.length === 1 && target.paths[0] !== target.folder.uri.fsPath ? target.paths[0] : undefined;
  const file = one && state.evidence?.targets.length === 1 && state.evidence.targets[0].kind === 'file' ? one : undefined;
  return { profile: state.profile?.name, folder: target?.folder, file };
}

export class AgentVerifier implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly documents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly finished = new vscode.EventEmitter<Verification>();
  /** Fires with each verification's outcome (tests and the API). */
  readonly onDidVerify = this.finished.event;
  /** The last verification's outcome. */
  last: Verification | undefined;
  private runs = 0;

  constructor(
    private readonly extensionPath: string,
    private readonly shown: () => Shown,
  ) {}

  register(): vscode.Disposable[] {
    return [
      vscode.workspace.registerTextDocumentContentProvider(CAPTURE_SCHEME, this),
      vscode.commands.registerCommand('holaryn.verifyWithAgent', (node?: TreeNode) => this.verify(node)),
      this,
    ];
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.documents.get(uri.toString()) ?? '(this capture is no longer kept; run Verify with the installed agent again)';
  }

  /** The command: from a row, or from the palette with a pick of the agents Holaryn can run. */
  async verify(node?: TreeNode): Promise<Verification | undefined> {
    const shown = this.shown();
    let profile = node ? profileOfRow(node, shown.profile, FIRST_AGENT_ID) : undefined;
    if (!node) {
      const choices = verifiableProfiles();
      const first = shown.profile && choices.includes(shown.profile) ? [shown.profile] : [];
      profile = await vscode.window.showQuickPick([...first, ...choices.filter((c) => !first.includes(c))], {
        title: 'Verify with the installed agent',
        placeHolder: 'Which agent to run (in a sandbox, against a fake model) on the file shown',
      });
      if (!profile) return undefined;
    }
    const agent = profile ? driverFor(profile) : undefined;
    if (!profile || !agent) {
      void vscode.window.showWarningMessage(
        `Holaryn can run only these agents to verify an answer: ${verifiableProfiles().join(', ')}${profile ? ` (not ${profile})` : ''}.`,
      );
      return undefined;
    }
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage('Verify with the installed agent runs an agent on this workspace: trust the workspace first.');
      return undefined;
    }
    if (!shown.folder || shown.folder.uri.scheme !== 'file') {
      void vscode.window.showWarningMessage('Verify with the installed agent needs a workspace folder on this machine.');
      return undefined;
    }
    // Machine-scoped: only the user's own value counts, whatever a workspace file says.
    const executables = machineValue(
      'holaryn.capture.executables',
      vscode.workspace.getConfiguration('holaryn', shown.folder.uri).inspect<Record<string, unknown>>('capture.executables'),
    );
    if (executables.problem) void vscode.window.showWarningMessage(executables.problem);
    const named = executables.value?.[agent];
    const executable = typeof named === 'string' && named.trim() !== '' ? named : undefined;
    const args = captureArgs({ agent, root: shown.folder.uri.fsPath, file: shown.file, executable });
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Running ${agent} in a sandbox against a fake model…`, cancellable: true },
      (_progress, token) => this.run(profile, agent, args, token),
    );
    if (!result) return undefined;
    this.last = result;
    this.finished.fire(result);
    await this.show(result);
    return result;
  }

  private async run(profile: string, agent: string, args: string[], token: vscode.CancellationToken): Promise<Verification | undefined> {
    const running = runCaptureCommand(path.join(this.extensionPath, 'dist', 'cli.js'), args);
    const cancel = token.onCancellationRequested(() => running.stop());
    try {
      const r = await running.done;
      return r && readCapture(profile, agent, r.code, r.stdout, r.stderr);
    } finally {
      cancel.dispose();
    }
  }

  private async show(v: Verification): Promise<void> {
    if (v.agentDocument !== undefined && v.profileDocument !== undefined) {
      const run = ++this.runs;
      const left = vscode.Uri.from({ scheme: CAPTURE_SCHEME, path: `/${run}/${v.agent}/agent-sent.md` });
      const right = vscode.Uri.from({ scheme: CAPTURE_SCHEME, path: `/${run}/${v.agent}/profile.md` });
      this.documents.set(left.toString(), v.agentDocument);
      this.documents.set(right.toString(), v.profileDocument);
      // Keep the last few runs' documents only.
      for (const key of [...this.documents.keys()].slice(0, Math.max(0, this.documents.size - 8))) this.documents.delete(key);
      await vscode.commands.executeCommand('vscode.diff', left, right, `${v.agent}: what it sent ↔ Holaryn's ${v.profile} profile`, {
        preview: true,
      });
    }
    const say =
      v.verdict === 'agrees'
        ? vscode.window.showInformationMessage
        : v.verdict === 'differs'
          ? vscode.window.showWarningMessage
          : vscode.window.showErrorMessage;
    void say(v.message);
  }

  dispose(): void {
    this.changed.dispose();
    this.finished.dispose();
  }
}
