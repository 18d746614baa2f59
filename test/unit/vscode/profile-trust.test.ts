// Narya in the view: the trust row, the consent question, and Restricted Mode over any stored
// answer (docs/profiles.md §4–§5).
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { profileByName, resolveInstructions } from '../../../src/resolver';
import { RESTRICTED_NOTICE, restrictedProfile } from '../../../src/vscode/profiles/restricted';
import {
  REFUSE_LABEL,
  RepositoryTrust,
  TRUST_LABEL,
  TRUST_PARENT_LABEL,
  consentQuestion,
  isRepositoryTrust,
  recordedDecision,
  trustNode,
} from '../../../src/vscode/profiles/trust-model';

const fs = new MemoryFs({
  '/home/dev/app/.git/HEAD': 'x',
  '/home/dev/app/AGENTS.md': 'Agents rules.\n',
  '/home/dev/app/docs/PROJECT_RULES.md': 'Project rules.\n',
  '/home/dev/app/.narya/config.toml': 'instruction_files = ["docs/extra.md"]\n',
  '/home/dev/app/docs/extra.md': 'Extra.\n',
  '/home/dev/app/.claude/commands/x.md': 'cmd\n',
  '/home/dev/app/src/main.ts': '',
});

function narya(decision: 'trusted' | 'refused' | 'unknown', restricted = false) {
  const profile = restricted ? restrictedProfile(profileByName('narya')) : profileByName('narya');
  return resolveInstructions('/home/dev/app', ['src/main.ts'], { fs, profile, trustStore: () => ({ decision }) });
}

describe('narya in the view', () => {
  const unknown = narya('unknown');
  const trust = unknown.trust as RepositoryTrust;

  it("the evidence's trust field is a RepositoryTrust object naming the four governed things", () => {
    assert.ok(isRepositoryTrust(trust));
    assert.equal(trust.repository, '/home/dev/app');
    assert.deepEqual(trust.instructionFiles, ['AGENTS.md', 'docs/PROJECT_RULES.md']);
    assert.deepEqual(trust.resourceDirs, ['.claude/commands']);
    assert.equal(trust.projectConfig, '.narya/config.toml');
    assert.equal(trust.parent, '/home/dev');
    assert.ok(!isRepositoryTrust({ repository: 'x' }));
  });

  it('the question names instructionRoot, the files, the resource dirs, the config and the store, with Trust / Trust parent / Refuse', () => {
    const q = consentQuestion(trust, '/home/dev/.holaryn/trust.json');
    assert.equal(q.repository, '/home/dev/app');
    for (const needle of [
      'Instruction root: /home/dev/app',
      'Instruction files: AGENTS.md, docs/PROJECT_RULES.md',
      'Resource folders: .claude/commands',
      'Project config: .narya/config.toml',
      '/home/dev/.holaryn/trust.json',
      '/home/dev',
    ]) {
      assert.ok(q.detail.includes(needle), `detail lacks ${needle}:\n${q.detail}`);
    }
    assert.deepEqual(
      q.buttons.map((b) => b.label),
      [TRUST_LABEL, TRUST_PARENT_LABEL, REFUSE_LABEL],
    );
  });

  it('offers the parent only when the RepositoryTrust object has one', () => {
    const { parent: _parent, ...noParent } = trust;
    const q = consentQuestion(noParent, '/s');
    assert.deepEqual(
      q.buttons.map((b) => b.answer),
      ['trust', 'refuse'],
    );
    assert.doesNotMatch(q.detail, /Trust Parent Folder/);
  });

  it('each answer records one directory and decision', () => {
    assert.deepEqual(recordedDecision(trust, 'trust'), { directory: '/home/dev/app', decision: 'trusted' });
    assert.deepEqual(recordedDecision(trust, 'trust-parent'), { directory: '/home/dev', decision: 'trusted' });
    assert.deepEqual(recordedDecision(trust, 'refuse'), { directory: '/home/dev/app', decision: 'refused' });
  });

  it('the trust row says the decision and what nothing loading means; a click asks again', () => {
    const row = trustNode(trust, { restricted: false, storeFile: '/s/trust.json' });
    assert.equal(row.description, 'unknown: nothing loads until you decide');
    assert.deepEqual(row.action, { kind: 'ask-trust', repository: '/home/dev/app' });
    const labels = row.children!.map((c) => `${c.label}=${c.description}`);
    assert.ok(labels.includes('Instruction root=/home/dev/app'));
    assert.ok(labels.includes('Project config=.narya/config.toml'));
    assert.ok(labels.includes('Stored in=/s/trust.json'));
    const trusted = trustNode({ ...trust, decision: 'trusted', inheritedFrom: '/home' }, { restricted: false, storeFile: '/s' });
    assert.equal(trusted.description, 'trusted (inherited from /home)');
  });

  it('Restricted Mode wins over a stored "trusted": nothing loads, the evidence and the row say why', () => {
    const open = narya('trusted');
    assert.ok(open.context.includes('Agents rules.'));
    const restricted = narya('trusted', true);
    assert.equal(restricted.context, '');
    assert.equal(restricted.notice, RESTRICTED_NOTICE);
    assert.ok(
      restricted.sources.filter((s) => s.status !== 'shadowed' && s.status !== 'not-loaded').every((s) => s.status === 'untrusted'),
    );
    assert.equal((restricted.trust as RepositoryTrust).decision, 'trusted', 'the stored answer stays visible');
    const row = trustNode(restricted.trust as RepositoryTrust, { restricted: true, storeFile: '/s' });
    assert.match(row.description!, /^Restricted Mode: nothing loads \(stored answer: trusted\)/);
    assert.equal(row.action, undefined, 'no question in Restricted Mode');
    assert.equal(row.children![0].label, 'Restricted Mode');
  });

  it('a profile without trust is unchanged in Restricted Mode', () => {
    const holaryn = profileByName('holaryn');
    assert.equal(restrictedProfile(holaryn), holaryn);
  });

  it("a profile's configure step keeps the restriction", () => {
    const base = profileByName('narya');
    const configured = { ...base, configure: () => ({ profile: { ...base } }) };
    const ev = resolveInstructions('/home/dev/app', ['src/main.ts'], {
      fs,
      profile: restrictedProfile(configured),
      trustStore: () => ({ decision: 'trusted' }),
    });
    assert.equal(ev.notice, RESTRICTED_NOTICE);
  });
});
