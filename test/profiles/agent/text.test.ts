import { strict as assert } from 'node:assert';
import {
  decodeIgnoringBrokenTail,
  decodeLossy,
  decodeStrict,
  pythonStrip,
  rustTrim,
  universalNewlines,
} from '../../../src/resolver/profiles/agent/text';

describe('agent text rules', () => {
  it('Rust trim: Unicode White_Space, U+0085 included, U+FEFF kept', () => {
    assert.equal(rustTrim('\u0085 \t a \u3000\n'), 'a');
    assert.equal(rustTrim('\ufeffa'), '\ufeffa');
    assert.equal(rustTrim('\u001ca'), '\u001ca');
  });

  it('Python strip: also the information separators U+001C to U+001F', () => {
    assert.equal(pythonStrip('\u001c\u001f a \u00a0'), 'a');
    assert.equal(pythonStrip('\ufeffa'), '\ufeffa');
  });

  it('lossy decoding: one U+FFFD per invalid sequence, BOM kept, flags only real replacements', () => {
    assert.deepEqual(decodeLossy(Buffer.from('cHJvamVjdP8gZG9j', 'base64')), { text: 'project\ufffd doc', invalid: true });
    assert.deepEqual(decodeLossy(Buffer.from([0x61, 0xc3])), { text: 'a\ufffd', invalid: true });
    assert.deepEqual(decodeLossy(Buffer.from('\ufffd ok', 'utf8')), { text: '\ufffd ok', invalid: false });
    assert.equal(decodeLossy(Buffer.from('\ufeffx', 'utf8')).text, '\ufeffx');
  });

  it('strict decoding refuses invalid UTF-8 and keeps a BOM', () => {
    assert.equal(decodeStrict(Buffer.from([0x61, 0xff])), undefined);
    assert.equal(decodeStrict(Buffer.from('\ufeffx', 'utf8')), '\ufeffx');
  });

  it('a cut inside a character drops its bytes (no U+FFFD)', () => {
    assert.equal(decodeIgnoringBrokenTail(Buffer.from('abé', 'utf8').subarray(0, 3)), 'ab');
    assert.equal(decodeIgnoringBrokenTail(Buffer.from('ab€', 'utf8').subarray(0, 4)), 'ab');
    assert.equal(decodeIgnoringBrokenTail(Buffer.from('abé', 'utf8')), 'abé');
  });

  it('universal newlines: CRLF and a lone CR become LF', () => {
    assert.equal(universalNewlines('a\r\nb\rc\n'), 'a\nb\nc\n');
  });
});
