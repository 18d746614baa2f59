// Adding a profile touches its folder and one registry line, and an agent also its driver (one
// DRIVERS line) and its oracle manifest entry: a fixture profile (./fixture: card, profile,
// pitfalls, as a folder under src/resolver/profiles would hold them) registered with the
// arguments of one PROFILES line, and its driver (./driver.ts) with one DRIVERS line, shows up in `holaryn profiles`, `holaryn compare`, `check
// --agents` (its pitfall and its own files), the VS Code layer's option lists and settings, and the
// package.json lists the build generates, capture (its driver, the home files its profile reads,
// the release on its card), with no other file naming it.
import { strict as assert } from 'node:assert';
import { chmodSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { syncedManifestText, withRegistryProfiles } from '../../../scripts/vscode/profile-manifest';
import { cli } from '../../../src/cli/cli';
import { CliIo } from '../../../src/cli/io';
import { agentNames, isAgentCode, parseAgentList } from '../../../src/lint';
import { agentSigns, profileNames } from '../../../src/resolver';
import { registerProfileForTest } from '../../../src/resolver/profiles';
import { chooseAgents, detectAgents } from '../../../src/vscode/profiles/agents-model';
import { dedicatedSettings, profileOptions } from '../../../src/vscode/profiles/options';
import { profileWatchGlobs } from '../../../src/vscode/profiles/watch';
import { TempDirs, writeTree } from '../../helpers/cli';
import { REPO_DIR } from '../../helpers/tree';
import { registerDriverForTest, driverByName } from '../../../src/capture/agents';
import { homeFilesOf } from '../../../src/capture/session';
import { installedAgent } from '../../../src/installed/version';
import { manifestProblems } from '../../oracle/manifest-check';
import { FIXTURE_DRIVER } from './driver';
import { FIXTURE_ABOUT } from './fixture/about';
import { FIXTURE } from './fixture';
import { PITFALLS } from './fixture/pitfalls';

const NAME = 'fixture-agent';

async function run(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: async () => '',
    isTTY: false,
    env,
    cwd: REPO_DIR,
  };
  const code = await cli(argv, io);
  return { code, stdout, stderr };
}

describe('registry: a profile added by its folder and one registry line reaches every layer', () => {
  const temp = new TempDirs();
  let unregister: () => void = () => {};
  let unregisterDriver: () => void = () => {};
  let root = '';
  let env: Record<string, string> = {};

  before(() => {
    unregister = registerProfileForTest(
      FIXTURE_ABOUT,
      () => FIXTURE,
      () => PITFALLS,
    );
    unregisterDriver = registerDriverForTest(FIXTURE_DRIVER);
    root = temp.make('holaryn-registry-');
    const home = temp.make('holaryn-registry-home-');
    writeTree(root, {
      '.git': { dir: true },
      'FIXTURE.md': '# Fixture\nTODO: say something\n',
      'src/FIXTURE.md': 'deeper\n',
      'src/a.ts': '',
    });
    env = { HOME: home, PATH: process.env.PATH ?? '' };
  });
  after(() => {
    unregisterDriver();
    unregister();
    temp.cleanup();
  });

  it('the fixture is a folder of three files, as a profile folder holds them', () => {
    assert.deepEqual(readdirSync(path.join(__dirname, 'fixture')).sort(), ['about.ts', 'index.ts', 'pitfalls.ts']);
  });

  it('holaryn profiles lists it last, with its description', async () => {
    const r = await run(['profiles', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const listed = (JSON.parse(r.stdout) as { profiles: { name: string; description: string }[] }).profiles;
    assert.deepEqual(listed.at(-1), { name: NAME, description: FIXTURE_ABOUT.description, default: false });
    assert.equal(profileNames().at(-1), NAME);
  });

  it('holaryn instructions --profile and holaryn compare answer with it', async () => {
    const one = await run(['instructions', root, 'src/a.ts', '--profile', NAME, '--json', '--no-global'], env);
    assert.equal(one.code, 0, one.stderr);
    const ev = JSON.parse(one.stdout) as { profile: string; sources: { path: string; status: string }[] };
    assert.equal(ev.profile, NAME);
    assert.deepEqual(
      ev.sources.map((s) => `${s.path}:${s.status}`),
      ['FIXTURE.md:included', 'src/FIXTURE.md:included'],
    );
    const r = await run(['compare', root, 'src/a.ts', '--json', '--no-global'], env);
    assert.equal(r.code, 0, r.stderr);
    const answers = (JSON.parse(r.stdout) as { profiles: Record<string, { sources: { path: string }[] }> }).profiles;
    assert.deepEqual(
      answers[NAME].sources.map((s) => s.path),
      ['FIXTURE.md', 'src/FIXTURE.md'],
    );
  });

  it('check --agents accepts it (alone and in all), runs its pitfall with the card’s severity, and counts its files', async () => {
    assert.equal(agentNames().at(-1), NAME);
    assert.deepEqual(parseAgentList(`${NAME},codex`), ['codex', NAME]);
    assert.ok(parseAgentList('all').includes(NAME));
    assert.ok(isAgentCode('agent-fixture-todo'));
    const r = await run(['check', root, '--agents', NAME, '--json'], env);
    const out = JSON.parse(r.stdout) as {
      agents: string[];
      agentFiles: Record<string, string[]>;
      findings: { file: string; code: string; severity: string; line: number; message: string }[];
    };
    assert.deepEqual(out.agents, [NAME]);
    assert.deepEqual(out.agentFiles[NAME], ['FIXTURE.md', 'src/FIXTURE.md']);
    const todo = out.findings.filter((f) => f.code === 'agent-fixture-todo');
    assert.deepEqual(
      todo.map((f) => [f.file, f.line, f.severity, f.message]),
      [['FIXTURE.md', 2, 'warning', 'Fixture Agent reads FIXTURE.md with a TODO in it.']],
    );
    const bad = await run(['check', root, '--agents', 'nobody'], env);
    assert.equal(bad.code, 2);
    // The fixture is registered last; the registered agents come before it, whichever they are.
    assert.match(bad.stderr, new RegExp(`known agents: .*kimi, (?:[a-z-]+, )*${NAME} \\(or all\\)`));
  });

  it('the VS Code layer: detected by its sign, offered among the agents, its dedicated setting applied and checked', () => {
    const cards = agentSigns();
    assert.equal(cards.at(-1)?.name, NAME);
    const detected = detectAgents({ cards, files: ['FIXTURE.md'], executables: new Map(), chatEnabled: false });
    assert.deepEqual(
      detected.map((d) => d.name),
      [NAME],
    );
    assert.deepEqual(chooseAgents([NAME], [], profileNames(), 'holaryn').names, [NAME]);
    assert.deepEqual(
      dedicatedSettings(NAME).map((s) => s.key),
      ['fixture-agent.strict'],
    );
    assert.deepEqual(profileOptions(FIXTURE, { dedicated: { 'fixture-agent.strict': true } }).options.settings, { strict: 'true' });
    assert.deepEqual(profileOptions(FIXTURE, { dedicated: { 'fixture-agent.strict': 'yes' } }).problems, [
      'holaryn.fixture-agent.strict must be true or false',
    ]);
    assert.ok(profileWatchGlobs().includes('**/FIXTURE.md'), 'its candidate name is watched');
    assert.ok(profileWatchGlobs().includes('**/.fixture/**'), 'what its card says it discovers is watched');
    // Holaryn's own budget is not the fixture's: its card does not claim Holaryn's settings.
    assert.equal(profileOptions(FIXTURE, { budget: 10 }).options.budget, undefined);
  });

  it('package.json as the build generates it: in every profile list, in holaryn.lint.agents, and its setting before holaryn.profileSettings', () => {
    const text = readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8');
    const pkg = withRegistryProfiles(JSON.parse(text)) as {
      contributes: { configuration: { properties: Record<string, { enum?: string[]; items?: { enum?: string[] }; type?: string }> } };
    };
    const props = pkg.contributes.configuration.properties;
    assert.equal(props['holaryn.profile'].enum?.at(-1), NAME);
    assert.equal(props['holaryn.compareProfiles'].items?.enum?.at(-1), NAME);
    assert.equal(props['holaryn.agents'].items?.enum?.at(-1), NAME);
    assert.equal(props['holaryn.lint.agents'].items?.enum?.at(-1), NAME);
    const keys = Object.keys(props);
    assert.equal(props['holaryn.fixture-agent.strict'].type, 'boolean');
    assert.equal(keys.indexOf('holaryn.fixture-agent.strict') + 1, keys.indexOf('holaryn.profileSettings'));
    // The checked-in manifest is stale while the fixture is registered, and current once it is gone.
    assert.notEqual(syncedManifestText(text), text);
    unregister();
    assert.equal(syncedManifestText(text), text);
    unregister = registerProfileForTest(
      FIXTURE_ABOUT,
      () => FIXTURE,
      () => PITFALLS,
    );
  });

  it('capture: its driver by name, the home files its profile reads, its release from its card, its manifest entry checked', () => {
    assert.equal(driverByName(NAME), FIXTURE_DRIVER);
    assert.deepEqual(homeFilesOf(FIXTURE_DRIVER, '/home/u', root, {}), ['.fixture/FIXTURE.md']);
    // The oracle manifest entry the recipe adds (test/oracle/agents.json), checked against the card.
    const entry = {
      name: NAME,
      package: 'fixture-agent-cli',
      version: '1.2.3',
      driver: NAME,
      profile: NAME,
      platforms: {
        '*': { install: ['fixture-agent-cli@1.2.3'], executable: 'node_modules/fixture-agent-cli/bin/fixture-agent', installed: 'x' },
      },
    };
    assert.deepEqual(manifestProblems(entry, FIXTURE_ABOUT.signs, driverByName(NAME)?.profile), []);
    assert.deepEqual(manifestProblems({ ...entry, version: '1.2.4' }, FIXTURE_ABOUT.signs, NAME), [
      `agents.json ${NAME}: version 1.2.4, the card says 1.2.3`,
      `agents.json ${NAME} *: fixture-agent-cli@1.2.3 is not version 1.2.4`,
    ]);
    // An install of an older release is told from the card's release (what `holaryn capture` and the editor say).
    const install = temp.make('holaryn-registry-install-');
    mkdirSync(path.join(install, 'bin'));
    writeFileSync(path.join(install, 'package.json'), JSON.stringify({ name: 'fixture-agent-cli', version: '1.2.0' }));
    writeFileSync(path.join(install, 'bin', 'fixture-agent'), '#!/bin/sh\n');
    chmodSync(path.join(install, 'bin', 'fixture-agent'), 0o755);
    assert.deepEqual(installedAgent(FIXTURE_ABOUT.signs, path.join(install, 'bin', 'fixture-agent'), FIXTURE.version), {
      executable: path.join(install, 'bin', 'fixture-agent'),
      version: '1.2.0',
      verified: '1.2.3',
      differs: true,
    });
  });
});
