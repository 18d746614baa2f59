/** An oracle manifest entry (agents.json) checked against its agent's card (AgentSigns): the facts are the card's. */
import type { AgentSigns } from '../../src/resolver';
import type { AgentRelease } from './install';

/** Why a manifest entry disagrees with its agent's card, one line each; none when they agree. */
export function manifestProblems(release: AgentRelease, signs: AgentSigns | undefined, driverProfile: string | undefined): string[] {
  const problems: string[] = [];
  const at = `agents.json ${release.name}`;
  if (driverProfile === undefined) problems.push(`${at}: no driver is named ${release.driver}`);
  else if (driverProfile !== release.profile) problems.push(`${at}: profile ${release.profile}, its driver's is ${driverProfile}`);
  if (signs?.release === undefined) return [...problems, `${at}: the card of ${release.profile} names no verified release`];
  if (release.version !== signs.release) problems.push(`${at}: version ${release.version}, the card says ${signs.release}`);
  if (!(signs.packages ?? []).includes(release.package))
    problems.push(`${at}: package ${release.package} is not among the card's packages`);
  for (const [platform, build] of Object.entries(release.platforms)) {
    for (const spec of build.install) {
      const m = /^(@?[^@]+)@(.+)$/.exec(spec);
      if (!m || !(signs.packages ?? []).includes(m[1])) problems.push(`${at} ${platform}: ${spec} is not one of the card's packages`);
      else if (m[2] !== release.version && !m[2].startsWith(`${release.version}-`))
        problems.push(`${at} ${platform}: ${spec} is not version ${release.version}`);
    }
  }
  return problems;
}
