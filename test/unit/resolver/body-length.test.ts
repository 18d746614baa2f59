/** The context's body length, counted without building the body, equals the built body's. */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { body, bodyLength, measure } from '../../../src/resolver/context';

describe('body length', () => {
  const pieces = [
    '[holaryn:source]',
    ' [ HOLARYN',
    '<repository-instructions>',
    '</ repository-instructions',
    '\u200b[holaryn',
    '😀',
    'é',
    '\n',
    '\r\n',
    'x',
    ' ',
    '[',
    '<',
  ];
  it('equals measure(body(content)) in both units, forged marks and tags included (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const content = parts.join('');
        for (const unit of ['code-points', 'utf8-bytes'] as const)
          assert.equal(bodyLength(content, unit), measure(body(content), unit), JSON.stringify(content));
      }),
      { numRuns: 2000 },
    );
  });
});
