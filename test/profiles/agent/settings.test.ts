import { strict as assert } from 'node:assert';
import { ResolveError } from '../../../src/resolver';
import { SettingSpec, effectiveSettings, parseSetArguments, parseSettingText } from '../../../src/resolver/profiles/agent/settings';

const SPECS: SettingSpec[] = [
  { name: 'max', kind: 'integer', default: 10, min: 0, description: 'a number' },
  { name: 'names', kind: 'string-list', default: [], description: 'a list' },
  { name: 'flag', kind: 'boolean', default: true, description: 'a flag' },
  { name: 'context.fileName', kind: 'string-or-list', default: null, description: 'names' },
  { name: 'trust', kind: 'choice', choices: ['trusted', 'untrusted'], default: null, description: 'trust' },
];

function usage(fn: () => unknown): ResolveError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ResolveError, String(err));
    assert.equal(err.code, 'usage');
    return err;
  }
  assert.fail('expected a usage error');
}

describe('agent settings (--set NAME=VALUE)', () => {
  it('splits at the first "="; the last of a repeated name wins; a missing "=" is a usage error', () => {
    assert.deepEqual(parseSetArguments(['a=1', 'b=x=y', 'a=2']), { a: '2', b: 'x=y' });
    usage(() => parseSetArguments(['novalue']));
    usage(() => parseSetArguments(['=1']));
  });

  it('a list as JSON or comma-separated; numbers and booleans as written', () => {
    assert.deepEqual(parseSettingText(SPECS[1], '["A.md","B.md"]'), ['A.md', 'B.md']);
    assert.deepEqual(parseSettingText(SPECS[1], 'A.md, B.md'), ['A.md', 'B.md']);
    assert.deepEqual(parseSettingText(SPECS[1], ''), []);
    assert.deepEqual(parseSettingText(SPECS[1], '[]'), []);
    assert.equal(parseSettingText(SPECS[0], '7'), 7);
    assert.equal(parseSettingText(SPECS[2], 'false'), false);
    assert.equal(parseSettingText(SPECS[3], 'ONE.md'), 'ONE.md');
    assert.deepEqual(parseSettingText(SPECS[3], '["P.md","S.md"]'), ['P.md', 'S.md']);
  });

  it('a value of the wrong type is a usage error naming the setting', () => {
    assert.match(usage(() => parseSettingText(SPECS[0], 'seven')).message, /max/);
    usage(() => parseSettingText(SPECS[0], '-1'));
    usage(() => parseSettingText(SPECS[1], '[1,2]'));
    usage(() => parseSettingText(SPECS[1], '["a"'));
    usage(() => effectiveSettings('p', SPECS, [], { trust: 'maybe' }));
  });

  it('an unknown name is a usage error listing the known ones', () => {
    const err = usage(() => effectiveSettings('p', SPECS, [], { nope: '1' }));
    assert.match(err.message, /unknown setting "nope"/);
    assert.match(err.message, /max, names, flag, context\.fileName, trust/);
    assert.match(usage(() => effectiveSettings('k', [], [], { x: '1' })).message, /profile k has no settings/);
  });

  it('default, then configuration files in order, then --set', () => {
    const layers = [
      {
        file: '~/.a/config.toml',
        values: new Map<string, number | string[]>([
          ['max', 5],
          ['names', ['X']],
        ]),
      },
      { file: '~/.a/other.toml', values: new Map<string, number>([['max', 6]]) },
    ];
    const eff = effectiveSettings('p', SPECS, layers, { names: 'Y,Z' });
    assert.deepEqual(eff.max, { value: 6, from: 'config', file: '~/.a/other.toml' });
    assert.deepEqual(eff.names, { value: ['Y', 'Z'], from: 'set' });
    assert.deepEqual(eff.flag, { value: true, from: 'default' });
    // A typed override (MCP / editor) is checked, not parsed.
    assert.deepEqual(effectiveSettings('p', SPECS, [], { max: 3 }).max, { value: 3, from: 'set' });
  });
});
