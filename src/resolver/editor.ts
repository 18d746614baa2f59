/**
 * What a profile's card says to an editor (the VS Code layer, package.json's generated settings):
 * data only, so the editor branches on no profile's name. See src/vscode/profiles/options.ts.
 */

/** One dedicated editor setting, `holaryn.<key>`, that sets one of the profile's own. */
export interface EditorSetting {
  /** The setting's name below `holaryn.` (`holon.agentHome`). */
  readonly key: string;
  /**
   * What a valid value sets: a profile setting (`--set NAME=VALUE`, `{ set: 'agentHome' }`), or
   * the `candidates` resolve option (`--candidates`).
   */
  readonly to: { readonly set: string } | { readonly option: 'candidates' };
  /** `path` (a string; empty: unset; a leading `~/` is the home directory), `boolean`, or `names` (a list of strings; empty: unset). */
  readonly kind: 'path' | 'boolean' | 'names';
  /** What the editor says when the value has the wrong kind (it is then ignored). */
  readonly invalid: string;
  /** Its contribution to package.json (`contributes.configuration.properties`), written by scripts/vscode/sync-profiles.ts. */
  readonly manifest: {
    readonly type: 'string' | 'boolean' | 'array';
    readonly default: string | boolean | readonly string[];
    readonly items?: { readonly type: 'string' };
    /** `machine`: read from the user's settings only (a setting that chooses files outside the workspace). */
    readonly scope: 'machine' | 'resource';
    readonly markdownDescription: string;
  };
}

/** A card's editor data. */
export interface ProfileEditor {
  /**
   * Holaryn's own `holaryn.budget` (code points) and `holaryn.globalFile` apply to this profile,
   * and its global row opens that file; they mean nothing to another system.
   */
  readonly holarynSettings?: boolean;
  /** Its dedicated `holaryn.<key>` settings. */
  readonly settings?: readonly EditorSetting[];
  /**
   * Watcher globs of the files and folders it finds by its own discovery rather than by a
   * per-directory name (a project config, rule folders): a change there re-resolves the view.
   */
  readonly watch?: readonly string[];
}
