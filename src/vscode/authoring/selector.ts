/** Which documents are instruction files, and where they sit in the workspace. */
import * as path from 'node:path';
import * as vscode from 'vscode';
import { candidateNames, candidateOf, isCandidate } from '../candidates';

/** The candidate names (docs/contract.md §3), on disk and in untitled buffers that carry a path. */
export const INSTRUCTION_SELECTOR: vscode.DocumentFilter[] = candidateNames().flatMap((name) => [
  { scheme: 'file', pattern: `**/${name}` },
  { scheme: 'untitled', pattern: `**/${name}` },
]);

/** Whether a document is an instruction file Holaryn lints and helps with. */
export function isInstructionDocument(doc: vscode.TextDocument): boolean {
  return (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled') && isCandidate(doc.uri);
}

export interface Placed {
  folder: vscode.WorkspaceFolder | undefined;
  /** Root-relative `/`-separated path; outside every folder, the path from the parent of `.holaryn` or the file's own directory. */
  rel: string;
}

/** Where an instruction document sits: its workspace folder (file scheme only) and relative path. */
export function placeOf(uri: vscode.Uri): Placed {
  const folder = uri.scheme === 'file' ? vscode.workspace.getWorkspaceFolder(uri) : undefined;
  if (folder && folder.uri.scheme === 'file') {
    const rel = path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
    if (rel !== '' && !rel.startsWith('..')) return { folder, rel };
  }
  return { folder: undefined, rel: candidateOf(uri.path) ?? path.posix.basename(uri.path) };
}
