/**
 * VS Code's Restricted Mode over a profile that asks for trust (Narya, Gemini's folder trust):
 * whatever the profile's own trust store says, nothing of the repository loads while the editor
 * does not trust the workspace, and the evidence says so. The profile's own verdict is kept as
 * the evidence's `trust` object (the stored answer stays visible), only the outcome changes.
 *
 * A derived profile, not a branch in the pipeline: `trust` is wrapped, and so is the profile a
 * `configure` step returns (settings applied), so the wrap survives configuration.
 */
import type { Profile, TrustVerdict } from '../../resolver';

export const RESTRICTED_REASON = 'untrusted: VS Code is in Restricted Mode for this workspace, which wins over any stored trust answer';

export const RESTRICTED_NOTICE =
  'No repository instructions load: VS Code does not trust this workspace (Restricted Mode), and that wins over any stored trust ' +
  'answer. Trust the workspace with "Workspaces: Manage Workspace Trust" to let the stored answer decide.';

function restrictTrust(p: Profile): Profile {
  const trust = p.trust;
  if (!trust) return p;
  return {
    ...p,
    trust(ctx, found): TrustVerdict {
      const own = trust.call(p, ctx, found);
      return { ...own, trusted: false, reason: RESTRICTED_REASON, notice: RESTRICTED_NOTICE };
    },
  };
}

/** `profile` as it runs in Restricted Mode; a profile that never asks for trust is returned as is. */
export function restrictedProfile(profile: Profile): Profile {
  const configure = profile.configure;
  const wrapped = restrictTrust(profile);
  if (!configure) return wrapped;
  return {
    ...wrapped,
    configure(ctx) {
      const configured = configure.call(profile, ctx);
      return { ...configured, profile: restrictTrust(configured.profile ?? profile) };
    },
  };
}
