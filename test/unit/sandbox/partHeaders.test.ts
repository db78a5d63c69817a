import { describe, expect, it } from 'vitest';
import { boundaryOf, partHeaderWatch } from '../../../src/sandbox/routes/partHeaders.js';

const CRLF = '\r\n';
const part = (headers: string, value = 'v') => `--B${CRLF}${headers}${CRLF}${CRLF}${value}${CRLF}`;
const fine = `${part('Content-Disposition: form-data; name="a"')}${part(`Content-Disposition: form-data; name="f"; filename="x.png"${CRLF}Content-Type: image/png`, '\x89PNG data with --B inside a line')}--B--${CRLF}`;

/** The body fed in pieces cut at the given positions: whether every piece fit. */
function fits(body: string, max: number, cuts: number[]): boolean {
  const watch = partHeaderWatch('B', max);
  let from = 0;
  for (const to of [...cuts, body.length]) {
    if (!watch(Buffer.from(body.slice(from, to), 'latin1'))) return false;
    from = to;
  }
  return true;
}

describe('partHeaderWatch', () => {
  it('passes headers within the limit, however the body is cut into chunks', () => {
    for (let a = 0; a <= fine.length; a++) expect(fits(fine, 100, [a]), `cut at ${a}`).toBe(true);
  });

  it('stops at a header block over the limit, wherever the chunks are cut, and as soon as it passes the limit', () => {
    const big = `${part('Content-Disposition: form-data; name="a"')}${part(`Content-Disposition: form-data; name="b"${CRLF}X-Pad: ${'h'.repeat(200)}`)}--B--${CRLF}`;
    for (let a = 0; a <= big.length; a += 7) expect(fits(big, 100, [a, Math.min(big.length, a + 13)]), `cut at ${a}`).toBe(false);
    const unended = `--B${CRLF}X-Pad: ${'h'.repeat(500)}`; // never reaches its blank line
    expect(fits(unended, 100, [])).toBe(false);
  });

  it('counts each part on its own, and ignores what follows the close delimiter', () => {
    const many = `${Array.from({ length: 50 }, (_, i) => part(`Content-Disposition: form-data; name="p${i}"`)).join('')}--B--${CRLF}${'epilogue '.repeat(100)}`;
    expect(fits(many, 60, [])).toBe(true);
  });

  it('reads the boundary of a Content-Type, quoted or not', () => {
    expect([boundaryOf('multipart/form-data; boundary=B'), boundaryOf('multipart/form-data; boundary="a b"'), boundaryOf('multipart/form-data'), boundaryOf(undefined)]).toEqual(['B', 'a b', undefined, undefined]);
  });
});
