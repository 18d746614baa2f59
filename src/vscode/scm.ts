/**
 * "Show Repository Instructions for Changes" (Source Control view title): the files a change
 * touches — the working tree's changes, the staged ones, or everything against a branch — are
 * resolved together into the view, as a reviewer would check a branch. Uses the built-in Git
 * extension's API (version 1); without it, or without a repository, it says so and stops.
 */
import * as vscode from 'vscode';
import { VIEW_ID } from './ids';
import type { InstructionsView } from './instructions-view';

/** The parts of the Git extension's API (`vscode.git`, getAPI(1)) used here. */
interface GitChange {
  readonly uri: vscode.Uri;
}
interface GitRef {
  readonly type: number; // 0 head, 1 remote head, 2 tag
  readonly name?: string;
  readonly remote?: string;
  readonly commit?: string;
}
interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD?: { readonly name?: string };
    readonly refs?: readonly GitRef[];
    readonly workingTreeChanges: readonly GitChange[];
    readonly untrackedChanges?: readonly GitChange[];
    readonly indexChanges: readonly GitChange[];
    readonly mergeChanges: readonly GitChange[];
  };
  diffWith(ref: string): Promise<GitChange[]>;
  getRefs?(query?: { sort?: 'alphabetically' | 'committerdate' }): Promise<GitRef[]>;
}
interface GitApi {
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}
interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

export const SHOW_FOR_CHANGES = 'holaryn.showForChanges';

/** Which changes: the first two from the repository's state, the last from a diff. */
export type ChangeSet = 'workingTree' | 'index' | { ref: string };

const GIT_EXTENSION = 'vscode.git';

/** The Git API, or the reason there is none. */
async function gitApi(): Promise<GitApi | string> {
  const ext = vscode.extensions.getExtension<GitExtension>(GIT_EXTENSION);
  if (!ext) return 'the built-in Git extension is not installed or is disabled.';
  const exports = ext.isActive ? ext.exports : await ext.activate();
  if (!exports?.enabled) return 'Git is disabled (the "git.enabled" setting) or no git executable was found.';
  return exports.getAPI(1);
}

async function pickRepository(git: GitApi, arg: unknown): Promise<GitRepository | undefined> {
  // From the Source Control title the argument is that view's source control, with its root.
  const rootUri = (arg as { rootUri?: vscode.Uri } | undefined)?.rootUri;
  if (rootUri instanceof vscode.Uri) {
    const repo = git.getRepository(rootUri);
    if (repo) return repo;
  }
  const repos = git.repositories;
  if (repos.length <= 1) return repos[0];
  // Several: ask, offering the active editor's repository first.
  const active = vscode.window.activeTextEditor?.document.uri;
  const first = active ? git.getRepository(active) : null;
  const ordered = first ? [first, ...repos.filter((r) => r !== first)] : [...repos];
  const picked = await vscode.window.showQuickPick(
    ordered.map((r) => ({ label: vscode.workspace.asRelativePath(r.rootUri, true) || r.rootUri.fsPath, repo: r })),
    { placeHolder: 'Which repository?' },
  );
  return picked?.repo;
}

function refName(r: GitRef): string | undefined {
  if (!r.name) return undefined;
  return r.type === 1 && r.remote && !r.name.startsWith(`${r.remote}/`) ? `${r.remote}/${r.name}` : r.name;
}

async function pickChangeSet(repo: GitRepository): Promise<ChangeSet | undefined> {
  const s = repo.state;
  const working = s.workingTreeChanges.length + (s.untrackedChanges?.length ?? 0) + s.mergeChanges.length;
  const items: (vscode.QuickPickItem & { set: ChangeSet | 'ref' })[] = [
    { label: '$(files) Working tree changes', description: `${working} file(s), staged or not`, set: 'workingTree' },
    { label: '$(check) Staged changes', description: `${s.indexChanges.length} file(s)`, set: 'index' },
    { label: '$(git-branch) Against a branch…', description: 'every file that differs from a branch, tag or commit', set: 'ref' },
  ];
  const choice = await vscode.window.showQuickPick(items, { placeHolder: 'Show the repository instructions for which changes?' });
  if (!choice) return undefined;
  if (choice.set !== 'ref') return choice.set;
  const refs = repo.getRefs ? await repo.getRefs({ sort: 'committerdate' }) : [...(repo.state.refs ?? [])];
  const names = refs.filter((r) => r.type !== 2 || r.name).map((r) => ({ r, name: refName(r) }));
  const ref = await vscode.window.showQuickPick(
    names
      .filter((n): n is { r: GitRef; name: string } => n.name !== undefined && n.name !== repo.state.HEAD?.name)
      .map((n) => ({
        label: n.name,
        description: [n.r.type === 0 ? 'branch' : n.r.type === 1 ? 'remote branch' : 'tag', n.r.commit?.slice(0, 8)]
          .filter(Boolean)
          .join(' · '),
      })),
    { placeHolder: 'Compare the working tree with which branch, tag or commit?' },
  );
  return ref ? { ref: ref.label } : undefined;
}

/** The files of a change set (as the Git extension names them: the new path of a rename). */
async function changedFiles(repo: GitRepository, set: ChangeSet): Promise<vscode.Uri[]> {
  const s = repo.state;
  const changes =
    set === 'workingTree'
      ? [...s.workingTreeChanges, ...(s.untrackedChanges ?? []), ...s.mergeChanges, ...s.indexChanges]
      : set === 'index'
        ? s.indexChanges
        : await repo.diffWith(set.ref);
  const seen = new Map<string, vscode.Uri>();
  for (const c of changes) seen.set(c.uri.toString(), c.uri);
  return [...seen.values()];
}

function describe(set: ChangeSet): string {
  return set === 'workingTree' ? 'the working tree' : set === 'index' ? 'the staged changes' : `the changes against ${set.ref}`;
}

/**
 * The command: `arg` is the Source Control view's source control (or nothing from the palette);
 * `set` skips the questions (tests, keybindings). Resolves to the number of files shown.
 */
export async function showForChanges(view: InstructionsView, arg?: unknown, set?: ChangeSet): Promise<number> {
  const git = await gitApi();
  if (typeof git === 'string') {
    void vscode.window.showWarningMessage(`Holaryn: cannot list the changes: ${git}`);
    return 0;
  }
  const repo = await pickRepository(git, arg);
  if (!repo) {
    void vscode.window.showInformationMessage('Holaryn: no Git repository is open in this window, so there are no changes to show.');
    return 0;
  }
  const which = set ?? (await pickChangeSet(repo));
  if (!which) return 0;
  let files: vscode.Uri[];
  try {
    files = await changedFiles(repo, which);
  } catch (err) {
    void vscode.window.showWarningMessage(`Holaryn: could not list ${describe(which)}: ${(err as Error).message}`);
    return 0;
  }
  if (files.length === 0) {
    void vscode.window.showInformationMessage(`Holaryn: no file changed in ${describe(which)}.`);
    return 0;
  }
  await view.showFor(files);
  await vscode.commands.executeCommand(`${VIEW_ID}.focus`);
  return files.length;
}

export function registerScm(view: InstructionsView): vscode.Disposable {
  return vscode.commands.registerCommand(SHOW_FOR_CHANGES, (arg?: unknown, set?: ChangeSet) => showForChanges(view, arg, set));
}
