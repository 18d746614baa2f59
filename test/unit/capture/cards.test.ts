// Each agent's facts are written once, on its card (AgentSigns): the release the profile was
// verified against, its executables and its npm packages. The driver, the oracle manifest
// (test/oracle/agents.json), the profile's `profileVersion` and the README's verified-against
// table are checked against the card here, so a release bumped in one place and not the others
// fails this test rather than a user's `installedAgent` note.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DRIVERS } from '../../../src/capture/agents';
import { verifiedRelease } from '../../../src/installed/version';
import { profileByName, profileCard, type AgentSigns } from '../../../src/resolver';
import { REPO_DIR } from '../../helpers/tree';
import { readManifest, type AgentRelease } from '../../oracle/install';
import { manifestProblems } from '../../oracle/manifest-check';

describe('cards: each agent’s release, executables and packages written once and checked where they are repeated', () => {
  const manifest = readManifest('');
  const readme = readFileSync(path.join(REPO_DIR, 'README.md'), 'utf8');

  it('every driver has a manifest entry and a card naming its release, executables and packages', () => {
    assert.deepEqual(manifest.agents.map((a) => a.driver).sort(), DRIVERS.map((d) => d.name).sort());
    for (const driver of DRIVERS) {
      const signs = profileCard(driver.profile)?.signs;
      assert.ok(signs?.release && signs.executables?.length && signs.packages?.length, `${driver.profile}'s card`);
    }
  });

  it('the oracle manifest pins the card’s release of the card’s packages', () => {
    const problems = manifest.agents.flatMap((a) =>
      manifestProblems(a, profileCard(a.profile)?.signs, DRIVERS.find((d) => d.name === a.driver)?.profile),
    );
    assert.deepEqual(problems, []);
  });

  it('the profile’s profileVersion names the card’s release (what installedAgent compares)', () => {
    for (const driver of DRIVERS) {
      const release = profileCard(driver.profile)?.signs?.release;
      assert.equal(verifiedRelease(profileByName(driver.profile).version), release, driver.profile);
    }
  });

  it('the README’s verified-against table gives the card’s release', () => {
    for (const driver of DRIVERS) {
      const row = readme.split('\n').find((l) => l.includes(`| \`${driver.profile}\` |`));
      assert.ok(row, `README has a row for ${driver.profile}`);
      const release = profileCard(driver.profile)?.signs?.release ?? '';
      assert.match(row, new RegExp(`\\| ${release.replace(/\./g, '\\.')}, by the oracle suite`), row);
    }
  });

  it('every mention of an agent’s release in the docs and the sources (“Claude Code 2.1.328”) is the card’s', () => {
    const files = execFileSync('git', ['ls-files', '*.md', 'src/**.ts'], { cwd: REPO_DIR, encoding: 'utf8' })
      .split('\n')
      .filter((f) => f !== '' && f !== 'CHANGELOG.md');
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const wrong: string[] = [];
    for (const driver of DRIVERS) {
      const profile = profileByName(driver.profile);
      const names = [profile.agent ?? profile.name, ...(profile.signs?.packages ?? [])].map(escape).join('|');
      const mention = new RegExp(`(?:${names})\`?(?: CLI)? \\**v?(\\d+\\.\\d+\\.\\d+)`, 'g');
      for (const file of files) {
        const text = readFileSync(path.join(REPO_DIR, file), 'utf8');
        for (const m of text.matchAll(mention))
          if (m[1] !== profile.signs?.release) wrong.push(`${file}: "${m[0]}", the card says ${profile.signs?.release}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('an agent’s own files name no release but the card’s, even bare (“checked against 2.1.328”)', () => {
    // An agent's own files: its profile folder, its driver, its oracle cases and vectors, its unit
    // tests. A version there that is not the agent's is another package's, named right before it
    // (`@cline/core` 0.0.86, `yaml` 2.9.1, across a comment's line break too), or a fixture's
    // `version` field or dependency.
    const other = /(?:(?:@[\w.-]+\/[\w.-]+|`[\w.@/-]+`)`?\s+\**v?|(?:\bversion\b|['"][\w.@/-]+['"])['"]?\s*[:=]\s*['"]?)$/i;
    const wrong: string[] = [];
    for (const driver of DRIVERS) {
      const release = profileByName(driver.profile).signs?.release;
      const own = execFileSync(
        'git',
        [
          'ls-files',
          `src/resolver/profiles/${driver.profile}/`,
          `src/capture/agents/${driver.name}.ts`,
          `test/oracle/cases/${driver.name}.ts`,
          `test/oracle/cases/${driver.name}-listings.ts`,
          `test/oracle/vectors/${driver.name}.ts`,
          `test/profiles/${driver.profile}/`,
          `test/unit/capture/${driver.name}.test.ts`,
        ],
        { cwd: REPO_DIR, encoding: 'utf8' },
      )
        .split('\n')
        .filter((f) => f !== '' && !f.endsWith('/about.ts'));
      assert.ok(own.length > 0, driver.name);
      for (const file of own) {
        const text = readFileSync(path.join(REPO_DIR, file), 'utf8');
        for (const m of text.matchAll(/(?<![\d.])\d+\.\d+\.\d+(?![\d.])/g)) {
          const before = text.slice(Math.max(0, m.index - 80), m.index).replace(/\n\s*(?:\*|\/\/)?\s*/g, ' ');
          if (m[0] !== release && !other.test(before))
            wrong.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}, the card of ${driver.profile} says ${release}`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('a manifest entry that disagrees with the card is named', () => {
    const signs: AgentSigns = { release: '1.2.3', executables: ['fx'], packages: ['fx-cli'] };
    const entry: AgentRelease = {
      name: 'fx',
      package: 'fx-cli',
      version: '1.2.4',
      driver: 'fx',
      profile: 'fx',
      platforms: { '*': { install: ['fx-cli@1.2.3', 'other@1.2.4'], executable: 'node_modules/fx-cli/bin/fy', installed: 'x' } },
    };
    assert.deepEqual(manifestProblems(entry, signs, 'fx'), [
      'agents.json fx: version 1.2.4, the card says 1.2.3',
      'agents.json fx *: fx-cli@1.2.3 is not version 1.2.4',
      "agents.json fx *: other@1.2.4 is not one of the card's packages",
    ]);
  });
});
