/**
 * The view's profile state for one window: which profile it shows (the `holaryn.profile`
 * setting, or a View as… choice that lasts for the window and touches no file), the Compare
 * answers for the view's targets, and the trust question of a profile that asks for trust.
 *
 * View as… is a session choice on purpose: looking at a file as another system would is an
 * exploration, and writing `.vscode/settings.json` into the repository for it would change the
 * repository. The setting stays the lasting default, and the one the agent tool uses.
 *
 * The trust question is asked at most once per repository per window, only for the profile the
 * view shows, only when the stored decision is `unknown`, and never in Restricted Mode; the
 * answer goes to the trust store the CLI uses. Clicking the Trust row asks again.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { decorateInstalledAgent } from '../../installed/version';
import {
  DEFAULT_PROFILE,
  Evidence,
  FileCache,
  ResolveError,
  ResolverFs,
  profileByName,
  profileNames,
  resolveInstructions,
  MomentMemo,
} from '../../resolver';
import { profileWatchGlobs } from './watch';
import { setTrustDecision } from '../../trust/store';
import type { ProfileAnswer } from './compare-model';
import type { InstructionFileWatcher } from '../instruction-watcher';
import { AgentDetection } from './agents';
import { ChosenAgents, chooseAgents, pickedAgents, viewAgents } from './agents-model';
import {
  agentsSetting,
  compareProfilesSetting,
  profileSetting,
  registeredProfiles,
  resolveOptionsFor,
  trustStoreFile,
  writeAgentsSetting,
} from './settings';
import { ConsentAnswer, ConsentQuestion, RepositoryTrust, consentQuestion, isRepositoryTrust, recordedDecision } from './trust-model';
import type { ProfileShown } from './view-model';

/** Shows the question as a modal warning; undefined when dismissed. */
async function askModal(q: ConsentQuestion): Promise<ConsentAnswer | undefined> {
  const picked = await vscode.window.showWarningMessage(q.message, { modal: true, detail: q.detail }, ...q.buttons.map((b) => b.label));
  return q.buttons.find((b) => b.label === picked)?.answer;
}

export interface RecordedAnswer {
  question: ConsentQuestion;
  answer: ConsentAnswer | undefined;
  /** What was written to the store (absent when dismissed or the write failed). */
  recorded?: { directory: string; decision: 'trusted' | 'refused'; store: string };
  error?: string;
}

export class ProfileSession implements vscode.Disposable {
  private override: string | undefined;
  /** `shown` per scope, until a setting, the detected agents or View as… change. */
  private readonly shownFor = new Map<string, ProfileShown & { problem?: string }>();
  private readonly asked = new Set<string>();
  /** Compare answers kept while the files still answer the same (switching back to a file shows them at once). */
  private readonly compared = new MomentMemo<ProfileAnswer[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly answered = new vscode.EventEmitter<RecordedAnswer>();
  /** Fires when the shown profile or a trust answer changes (the view re-resolves). */
  readonly onDidChange = this.changed.event;
  /** Fires after every trust question, with what was answered and written (tests listen). */
  readonly onDidAnswer = this.answered.event;
  /**
   * Asks the trust question. The default shows VS Code's modal warning; integration tests
   * replace it to answer without clicking.
   */
  ask: (q: ConsentQuestion) => Thenable<ConsentAnswer | undefined> = askModal;
  private readonly watchers: vscode.Disposable[] = [];
  /** The signs of the agents used here (the holaryn.agents default). */
  readonly detection: AgentDetection;

  private watchTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(watcher: InstructionFileWatcher) {
    this.detection = new AgentDetection(watcher);
    this.watchers.push(
      this.detection,
      this.detection.onDidChange(() => {
        this.shownFor.clear();
        this.changed.fire();
      }),
      // Any setting may be one `shown` reads (holaryn.*, chat.*): each change forgets the answers.
      vscode.workspace.onDidChangeConfiguration(() => this.shownFor.clear()),
    );
    // The watchers need every profile's candidate names, and so every profile loaded: that waits
    // until activation is over (the view's first Compare section loads them anyway).
    this.watchTimer = setTimeout(() => {
      this.watchTimer = undefined;
      this.watch();
    }, 0);
  }

  /**
   * Files other profiles read (GEMINI.md, docs/PROJECT_RULES.md, .narya/config.toml, …) and the
   * trust store (an answer given with `holaryn trust` in a terminal shows at once).
   */
  private watch(): void {
    const store = trustStoreFile();
    const patterns: vscode.GlobPattern[] = [
      ...profileWatchGlobs(),
      new vscode.RelativePattern(vscode.Uri.file(path.dirname(store)), path.basename(store)),
    ];
    for (const pattern of patterns) {
      const w = vscode.workspace.createFileSystemWatcher(pattern);
      const fire = () => this.changed.fire();
      this.watchers.push(w, w.onDidCreate(fire), w.onDidChange(fire), w.onDidDelete(fire));
    }
  }

  /** The chosen agents for `scope`: `holaryn.agents`, else the detected ones, else the default profile. */
  agents(scope: vscode.Uri | undefined): ChosenAgents & { because: Record<string, string[]> } {
    const setting = agentsSetting(scope);
    const listed = chooseAgents(setting, [], profileNames(), DEFAULT_PROFILE.name);
    if (listed.origin === 'agents') return { ...listed, because: {} };
    const folder = scope ?? vscode.workspace.workspaceFolders?.[0]?.uri;
    const detected = this.detection.detected(folder);
    const chosen = chooseAgents(setting, detected, profileNames(), DEFAULT_PROFILE.name);
    return { ...chosen, because: Object.fromEntries(detected.map((d) => [d.name, d.because])) };
  }

  /**
   * The profile the view answers for first in `scope`, and why: View as… for this window, else
   * the holaryn.profile setting where it is set, else the first chosen agent. The view's agents
   * are that one, then the other chosen agents.
   */
  shown(scope: vscode.Uri | undefined): ProfileShown & { problem?: string } {
    // Asked several times a switch; reading the settings each time is the costly part.
    const key = scope?.toString() ?? '';
    let shown = this.shownFor.get(key);
    if (!shown) this.shownFor.set(key, (shown = this.work(scope)));
    return shown;
  }

  private work(scope: vscode.Uri | undefined): ProfileShown & { problem?: string } {
    const setting = profileSetting(scope);
    const chosen = this.agents(scope);
    const name = this.override ?? (setting.explicit ? setting.name : chosen.names[0]);
    const problems = [...(this.override ? [] : setting.problem ? [setting.problem] : []), ...chosen.problems];
    return {
      name,
      description: profileByName(name).description,
      origin: this.override ? 'view-as' : setting.explicit ? 'setting' : chosen.origin,
      setting: setting.name,
      agents: viewAgents(name, chosen.names),
      chosen: chosen.origin,
      because: chosen.because,
      problem: problems.length > 0 ? problems.join('; ') : undefined,
    };
  }

  /**
   * The agents picker: every registered profile, the chosen ones ticked; then, when several are
   * picked, which one the view answers for first. Writes holaryn.agents (where it is set, or for
   * the user); nothing picked clears it, so the detected agents are shown again.
   */
  async pickAgents(scope: vscode.Uri | undefined): Promise<void> {
    const shown = this.shown(scope);
    const chosen = this.agents(scope);
    type Item = vscode.QuickPickItem & { profile: string };
    const all = registeredProfiles();
    const ordered = [...chosen.names, ...all.map((p) => p.name).filter((n) => !chosen.names.includes(n))];
    const items: Item[] = ordered.map((name) => ({
      label: name,
      description: chosen.because[name]?.join(', ') ?? '',
      detail: all.find((p) => p.name === name)?.description,
      profile: name,
      picked: chosen.origin !== 'default' && chosen.names.includes(name),
    }));
    const pinned = shown.origin === 'setting' ? ` holaryn.profile (${shown.setting}) is set and stays first.` : '';
    const picked = await vscode.window.showQuickPick(items, {
      title: 'The agents you use',
      placeHolder: `The view answers for the first, and lists the others one line each. None: the detected ones.${pinned}`,
      canPickMany: true,
      matchOnDetail: true,
    });
    if (!picked) return;
    if (picked.length === 0) return writeAgentsSetting(scope, undefined);
    let first = picked[0].profile;
    if (picked.length > 1) {
      const current = picked.find((p) => p.profile === chosen.names[0]) ?? picked[0];
      const firstItems = [current, ...picked.filter((p) => p !== current)].map((p) => ({
        label: p.profile,
        detail: p.detail,
        profile: p.profile,
      }));
      const one = await vscode.window.showQuickPick(firstItems, {
        title: 'Which agent first?',
        placeHolder: 'The view answers for this one first',
      });
      if (!one) return;
      first = one.profile;
    }
    await writeAgentsSetting(
      scope,
      pickedAgents(
        chosen.origin === 'agents' ? chosen.names : [],
        picked.map((p) => p.profile),
        first,
      ),
    );
  }

  /** The profiles Compare all shows for `folder`, in order (`holaryn.compareProfiles`, default all). */
  compareNames(folder: vscode.Uri | undefined): string[] {
    return compareProfilesSetting(folder);
  }

  /** Sets (or, with undefined, clears) the View as… choice for this window. */
  setViewAs(name: string | undefined): void {
    if (name !== undefined) profileByName(name); // a usage error for an unknown name
    if (name === this.override) return;
    this.override = name;
    this.shownFor.clear();
    this.changed.fire();
  }

  /** The View as… picker: every registered profile with its description. */
  async pickViewAs(scope: vscode.Uri | undefined): Promise<void> {
    const current = this.shown(scope);
    const setting = profileSetting(scope);
    const natural = setting.explicit
      ? `the holaryn.profile setting (${setting.name})`
      : `your agents (${this.agents(scope).names[0]} first)`;
    type Item = vscode.QuickPickItem & { profile?: string; clear?: boolean };
    const items: Item[] = registeredProfiles().map((p) => ({
      label: p.name,
      description: [
        p.name === current.name ? 'shown now' : '',
        setting.explicit && p.name === setting.name ? 'holaryn.profile setting' : '',
        current.agents.includes(p.name) && p.name !== current.name ? 'one of your agents' : '',
      ]
        .filter(Boolean)
        .join(' · '),
      detail: p.description,
      profile: p.name,
    }));
    if (current.origin === 'view-as') items.unshift({ label: `$(settings) Follow ${natural}`, clear: true });
    const picked = await vscode.window.showQuickPick(items, {
      title: 'View as…',
      placeHolder: 'Show the repository instructions as this system would load them (for this window)',
      matchOnDetail: true,
    });
    if (!picked) return;
    if (picked.clear) this.setViewAs(undefined);
    else if (picked.profile) this.viewAsOrFollow(picked.profile, scope);
  }

  /** View as `name` for this window; the profile the view shows without View as… clears the choice instead. */
  viewAsOrFollow(name: string, scope: vscode.Uri | undefined): void {
    const setting = profileSetting(scope);
    const natural = setting.explicit ? setting.name : this.agents(scope).names[0];
    this.setViewAs(name === natural ? undefined : name);
  }

  /** The profiles answered for `folder`: the view's agents, then Compare all's, each once. */
  private answeredNames(folder: vscode.Uri): string[] {
    return [...new Set([...this.shown(folder).agents, ...this.compareNames(folder)])];
  }

  /** The answered profiles' options for `folder`, and the key of their answers for `targets`. */
  private comparePlan(folder: vscode.Uri, targets: string[], given: { fs: ResolverFs; cache: FileCache }) {
    const planned = this.answeredNames(folder).map((name) => {
      const profile = profileByName(name);
      return { name, profile, ...resolveOptionsFor(profile, folder, given) };
    });
    // Everything the answers depend on besides the files.
    const key = JSON.stringify([
      folder.fsPath,
      targets,
      vscode.workspace.isTrusted,
      planned.map(({ name, options: { fs: _fs, cache: _cache, profile: _profile, ...rest }, problems }) => [name, rest, problems]),
      process.env,
      os.homedir(),
    ]);
    return { planned, key };
  }

  /** The same targets under the view's agents and every profile of `holaryn.compareProfiles` (default: all). */
  compare(folder: vscode.Uri, targets: string[], given: { fs: ResolverFs; cache: FileCache }): ProfileAnswer[] {
    const { planned, key } = this.comparePlan(folder, targets, given);
    // Every profile sees the same moment of the files, asked of the disk once (as holaryn compare does).
    return this.compared.run(key, given.fs, [trustStoreFile()], (fs) =>
      planned.map(({ name, profile, options, problems }) => {
        try {
          // The agent of the profile as installed here, from its package.json (never run).
          const evidence = decorateInstalledAgent(resolveInstructions(folder.fsPath, targets, { ...options, fs }), process.env.PATH);
          return { name, description: profile.description, evidence, problems };
        } catch (err) {
          const error = err instanceof ResolveError ? `${err.code}: ${err.message}` : (err as Error).message;
          return { name, description: profile.description, error, problems };
        }
      }),
    );
  }

  /**
   * The answers `compare` kept for these targets, when the files still answer as they did (a
   * file shown before): the view shows them with the rows at once. Undefined: `compare` must work.
   */
  keptCompare(folder: vscode.Uri, targets: string[], given: { fs: ResolverFs; cache: FileCache }): ProfileAnswer[] | undefined {
    try {
      return this.compared.kept(this.comparePlan(folder, targets, given).key, given.fs);
    } catch {
      return undefined; // whatever went wrong, `compare` meets it again and answers for it
    }
  }

  /**
   * After the view showed `ev`: when its trust decision is `unknown` and this repository was not
   * asked in this window, asks (without waiting for the answer). Never in Restricted Mode.
   */
  offerQuestion(ev: Evidence): void {
    const trust = ev.trust;
    if (!isRepositoryTrust(trust) || trust.decision !== 'unknown' || !vscode.workspace.isTrusted) return;
    if (this.asked.has(trust.repository)) return;
    void this.question(trust);
  }

  /** Asks about `trust`'s repository now (the Trust row's click), and records the answer. */
  async question(trust: RepositoryTrust): Promise<RecordedAnswer> {
    this.asked.add(trust.repository);
    const store = trustStoreFile();
    const question = consentQuestion(trust, store);
    const answer = await this.ask(question);
    const result: RecordedAnswer = { question, answer };
    if (answer !== undefined) {
      const { directory, decision } = recordedDecision(trust, answer);
      try {
        setTrustDecision(store, directory, decision);
        result.recorded = { directory, decision, store };
      } catch (err) {
        result.error = (err as Error).message;
        void vscode.window.showErrorMessage(`Holaryn: the trust answer was not recorded: ${result.error}`);
      }
    }
    this.answered.fire(result);
    if (result.recorded) this.changed.fire();
    return result;
  }

  dispose(): void {
    if (this.watchTimer !== undefined) clearTimeout(this.watchTimer);
    for (const w of this.watchers) w.dispose();
    this.changed.dispose();
    this.answered.dispose();
  }
}
