// package.json's profile lists and profile settings, as the registry gives them: the
// `holaryn.profile` enum (names, descriptions, the default), the items of
// `holaryn.compareProfiles` and `holaryn.agents`, the agents of `holaryn.lint.agents` (every
// profile `check --agents` knows), and each profile's dedicated settings (its card's
// `editor.settings`, `holaryn.<key>`). Pure: scripts/vscode/sync-profiles.ts writes the result
// (the build runs it), test/unit/vscode/manifest.test.ts fails while package.json differs.
import { listProfiles, profileCard } from '../../src/resolver';
import { agentNames } from '../../src/lint';

type Properties = Record<string, Record<string, unknown> & { items?: Record<string, unknown> }>;

/** Where a dedicated setting new to the manifest goes: before this key (else at the end). */
const DEDICATED_BEFORE = 'holaryn.profileSettings';

/** `pkg` (package.json, parsed) with its profile lists and settings as the registry has them; `pkg` is not changed. */
export function withRegistryProfiles(pkg: unknown): unknown {
  const out = structuredClone(pkg) as { contributes: { configuration: { properties: Properties } } };
  const props = out.contributes.configuration.properties;
  const profiles = listProfiles();
  const names = profiles.map((p) => p.name);
  const descriptions = profiles.map((p) => p.description);
  props['holaryn.profile'].default = profiles.find((p) => p.default)?.name;
  props['holaryn.profile'].enum = names;
  props['holaryn.profile'].enumDescriptions = descriptions;
  for (const key of ['holaryn.compareProfiles', 'holaryn.agents']) {
    props[key].items = { ...props[key].items, enum: names, enumDescriptions: descriptions };
  }
  props['holaryn.lint.agents'].items = { ...props['holaryn.lint.agents'].items, enum: agentNames() };

  const dedicated = new Map(
    names.flatMap((n) =>
      (profileCard(n)?.editor?.settings ?? []).map((s): [string, unknown] => [`holaryn.${s.key}`, structuredClone(s.manifest)]),
    ),
  );
  // A setting below a profile's name that its card no longer declares goes; a declared one keeps its place.
  const isProfileSetting = (key: string) => names.some((n) => key.startsWith(`holaryn.${n}.`));
  const rebuilt: Properties = {};
  const add = (key: string, value: unknown) =>
    Object.defineProperty(rebuilt, key, { value, enumerable: true, writable: true, configurable: true });
  const fresh = [...dedicated.keys()].filter((k) => !(k in props));
  for (const [key, value] of Object.entries(props)) {
    if (key === DEDICATED_BEFORE) for (const k of fresh.splice(0)) add(k, dedicated.get(k));
    if (dedicated.has(key)) add(key, dedicated.get(key));
    else if (!isProfileSetting(key)) add(key, value);
  }
  for (const k of fresh) add(k, dedicated.get(k));
  out.contributes.configuration.properties = rebuilt;
  return out;
}

/** package.json's text with the registry's profiles (two-space JSON and a final newline, as npm writes it). */
export function syncedManifestText(text: string): string {
  return JSON.stringify(withRegistryProfiles(JSON.parse(text)), null, 2) + '\n';
}
