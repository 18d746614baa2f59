/** The two-run proof (src/capture/proof.ts) on requests written out here. */
import { strict as assert } from 'node:assert';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import { proveDifferences, requestText } from '../../../src/capture/proof';

function request(body: unknown, main = true): RecordedRequest {
  return {
    seq: 1,
    method: 'POST',
    url: '/v1/messages',
    headers: {},
    body: JSON.stringify(body),
    protocol: 'anthropic-messages',
    main,
    answer: 'text',
  };
}

function chat(system: string, user: string): RecordedRequest {
  return request({ system, messages: [{ role: 'user', content: [{ type: 'text', text: user }] }] });
}

const HEADER = { kind: 'skills header', pattern: /^The following skills are available:$/ };

describe('capture: the two-run proof', () => {
  it('the request text is every string of the bodies that counted, but the shape keys', () => {
    const text = requestText([chat('sys', 'hi'), request({ system: 'side' }, false)]);
    assert.equal(text, 'sys\nhi');
  });

  it('a difference the profile covers and a line of a kind the driver names leave nothing unattributed', () => {
    const withFiles = chat(
      'You are an agent.\nThe following skills are available:\n- deploy: Ships the site to production servers.\nBye.',
      'Hello\n# AGENTS.md\nrule one',
    );
    const without = chat('You are an agent.\nBye.', 'Hello');
    const proof = proveDifferences(
      { requests: [withFiles], covered: ['- deploy: Ships the site to production servers.', '# AGENTS.md\nrule one'] },
      { requests: [without], covered: [] },
      [HEADER],
    );
    assert.deepEqual(proof.unattributed, []);
    assert.deepEqual(proof.attributed, [{ kind: 'skills header', lines: 1, chars: HEADER.pattern.source.length - 2 }]);
  });

  it('text nothing covers is unattributed, with the run it is in', () => {
    const proof = proveDifferences(
      { requests: [chat('base\nsecret skill text', 'u')], covered: [] },
      { requests: [chat('base\nno skills', 'u')], covered: [] },
      [],
    );
    assert.deepEqual(proof.unattributed, [
      { run: 'without files', line: 'no skills' },
      { run: 'with files', line: 'secret skill text' },
    ]);
  });

  it('a short covered text is taken out of the differing lines only', () => {
    const proof = proveDifferences(
      { requests: [chat('a tool about a, b', 'Available skills: a, b.')], covered: ['a', 'b'] },
      { requests: [chat('a tool about a, b', 'No skills.')], covered: [] },
      [
        { kind: 'skills tool', pattern: /^Available skills: [, ]*\.$/ },
        { kind: 'skills tool', pattern: /^No skills\.$/ },
      ],
    );
    assert.deepEqual(proof.unattributed, []);
  });

  it('covered texts of run B are taken out of run B (files of the home stay in both)', () => {
    const proof = proveDifferences(
      { requests: [chat('s', 'home rule\nrepo rule')], covered: ['home rule\nrepo rule'] },
      { requests: [chat('s', 'home rule')], covered: ['home rule'] },
      [],
    );
    assert.deepEqual(proof.unattributed, []);
  });

  it('a kind of listed names takes a line only when it is the name of an entry the profile lists as sent', () => {
    const names = { kind: 'agent names', pattern: /^(.+)$/, listedName: true };
    const proof = proveDifferences(
      { requests: [chat('tool', 'reviewer\nplanner\nintruder')], covered: [], names: ['reviewer', 'planner'] },
      { requests: [chat('tool', '')], covered: [], names: [] },
      [names],
    );
    assert.deepEqual(proof.attributed, [{ kind: 'agent names', lines: 2, chars: 15 }]);
    assert.deepEqual(proof.unattributed, [{ run: 'with files', line: 'intruder' }]);
  });

  it('ids and times that change from run to run are masked', () => {
    const proof = proveDifferences(
      { requests: [chat('session 0b7c3a52-9f6e-4c1a-8d2b-3e4f5a6b7c8d at 2026-12-06T09:10:42.123Z', 'u')], covered: [] },
      { requests: [chat('session 11111111-2222-4333-8444-555555555555 at 2026-12-06T09:11:00Z', 'u')], covered: [] },
      [],
    );
    assert.deepEqual(proof.unattributed, []);
  });
});
