import jsQRModule from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, renderQrTerminal } from '../../../src/output/qrTerminal.js';

const jsQR = jsQRModule as unknown as (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

/** The drawn text back into pixels (white = light), each module `scale` pixels wide. */
function toPixels(text: string, scale = 4) {
  const rows: boolean[][] = [];
  for (const line of text.split('\n').slice(0, -1)) {
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const ch of line) {
      top.push(ch === '█' || ch === '▀');
      bottom.push(ch === '█' || ch === '▄');
    }
    rows.push(top, bottom);
  }
  const w = rows[0]!.length * scale;
  const h = rows.length * scale;
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = rows[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
      data.set([v, v, v, 255], (y * w + x) * 4);
    }
  }
  return { data, w, h, rows };
}

describe('forms open draws the QR code in the terminal', () => {
  it('with a 4-module quiet zone on every side, and it decodes to the short link', () => {
    const url = 'http://127.0.0.1:4010/s/AB12CD34';
    const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const text = renderQrTerminal(qr.modules.size, (x, y) => qr.modules.get(y, x) === 1, false);
    const { data, w, h, rows } = toPixels(text);
    // the quiet zone: the first and last four module rows and columns are light
    for (const row of [...rows.slice(0, QUIET_ZONE), ...rows.slice(QUIET_ZONE + qr.modules.size, QUIET_ZONE * 2 + qr.modules.size)]) expect(row.every((d) => !d)).toBe(true);
    for (const row of rows) {
      expect(row.slice(0, QUIET_ZONE).some(Boolean)).toBe(false);
      expect(row.slice(-QUIET_ZONE).some(Boolean)).toBe(false);
    }
    expect(jsQR(data, w, h)?.data).toBe(url);
  });
});
