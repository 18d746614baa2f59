/**
 * The language model tool `holaryn_repositoryInstructions` (agent mode): input `{ paths }`,
 * result the model context for those paths, as the MCP server's `repository_instructions`.
 * It resolves against the workspace folder that owns the first path (relative paths: the first
 * folder). In Restricted Mode it returns no repository text and says why. It answers under the
 * `holaryn.profile` setting's profile, with that profile's settings (not the view's View as…
 * choice, which lasts for one window's exploration).
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { repositoryInstructions, toolErrorText } from '../gate';
import { FileCache } from '../resolver';
import { profileByName, profileSetting, resolveOptionsFor } from './profiles/settings';

export const LM_TOOL_NAME = 'holaryn_repositoryInstructions';

export interface InstructionsToolInput {
  paths: string[];
}

export const UNTRUSTED_TEXT =
  'No repository instructions are shown: this workspace is not trusted (Restricted Mode), and Holaryn ' +
  'lets repository-provided text reach the model only in trusted workspaces. The user can trust the ' +
  'workspace with "Workspaces: Manage Workspace Trust" and ask again.';

function text(value: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);
}

/** The folder a call resolves against: the one owning the first path; relative → the first folder. */
function folderFor(paths: string[]): vscode.WorkspaceFolder {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) throw new Error('No folder is open, so there are no repository instructions to read.');
  const first = paths[0];
  if (!path.isAbsolute(first)) return folders[0];
  const owner = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(first));
  if (!owner) throw new Error(`target-outside-root: ${JSON.stringify(first)} is not inside an open workspace folder`);
  return owner;
}

function isInput(input: unknown): input is InstructionsToolInput {
  const paths = (input as Partial<InstructionsToolInput> | undefined)?.paths;
  return Array.isArray(paths) && paths.length > 0 && paths.every((p) => typeof p === 'string');
}

/** Registers the tool; the registration is also added to `context.subscriptions`. */
export function registerInstructionsTool(context: vscode.ExtensionContext): vscode.Disposable {
  const cache = new FileCache();
  const tool: vscode.LanguageModelTool<InstructionsToolInput> = {
    prepareInvocation(options) {
      const paths = isInput(options.input) ? options.input.paths : [];
      const shown = paths.slice(0, 3).join(', ') + (paths.length > 3 ? `, +${paths.length - 3} more` : '');
      return { invocationMessage: `Reading the repository instructions for ${shown || 'the workspace'}` };
    },
    invoke(options) {
      if (!vscode.workspace.isTrusted) return text(UNTRUSTED_TEXT);
      if (!isInput(options.input)) throw new Error('usage: "paths" must be a non-empty list of file or directory paths');
      const paths = options.input.paths;
      const folder = folderFor(paths);
      try {
        const { options } = resolveOptionsFor(profileByName(profileSetting(folder.uri).name), folder.uri, { cache });
        // Relative paths resolve against the folder's root, as in every Holaryn front end.
        const out = repositoryInstructions(folder.uri.fsPath, paths, options);
        // A profile that keeps files out (an untrusted repository) says so, never "nothing applies".
        const notice = out.evidence.notice;
        return text(notice === undefined ? out.text : out.evidence.context === '' ? notice : `${notice}\n\n${out.text}`);
      } catch (err) {
        // Thrown errors reach the model as the tool's answer: say what to fix.
        throw new Error(toolErrorText(err), { cause: err });
      }
    },
  };
  const registration = vscode.lm.registerTool(LM_TOOL_NAME, tool);
  context.subscriptions.push(registration);
  return registration;
}
