import { Resvg } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { FRAME_FONTS, type QrConfig } from '../../../src/domain/form.js';
import { fontFilesFor, fonts } from '../../../src/sandbox/qr/index.js';
import { buildScene, type Logo } from '../../../src/sandbox/qr/scene.js';
import { toSvg } from '../../../src/sandbox/qr/writers.js';

// resvg reads and parses every font file it is given, on every render: a design is drawn with only
// the files its frame text can use, and looks exactly as it would with all of them.
const scene = (config: QrConfig, logo?: Logo) =>
  buildScene({ text: 'https://sandbox.test/s/FONTS', config, sizePx: 300, logo }, QRCode);
const families = (files: string[] | 'all') => (files === 'all' ? ['all'] : [...new Set(fonts().filter((f) => files.includes(f.file)).map((f) => f.family))]);

describe('the fonts a QR design is rasterised with', () => {
  it('none for a design without a frame text', () => {
    expect(fontFilesFor(scene({ qrData: 'pattern3' }))).toEqual([]);
    expect(fontFilesFor(scene({ frame: 2, frameText: '' }))).toEqual([]);
  });

  it("only the files of the text's family (DejaVu's condensed faces are of DejaVu Sans too); all of them for an SVG logo", () => {
    expect(fonts().length, 'fonts-liberation and fonts-dejavu-core (scripts/test-deps.sh)').toBeGreaterThanOrEqual(8);
    expect(families(fontFilesFor(scene({ frame: 1, frameText: 'Menu', frameTextFont: 'Courier New' })))).toEqual(['Liberation Mono']);
    expect(families(fontFilesFor(scene({ frame: 1, frameText: 'Menu', frameTextFont: 'Impact' })))).toEqual(['DejaVu Sans']);
    expect((fontFilesFor(scene({ frame: 1, frameText: 'Menu', frameTextFont: 'Impact' })) as string[]).length).toBe(4);
    const svgLogo = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><text y="8">A</text></svg>'), mime: 'image/svg+xml' };
    expect(fontFilesFor(scene({ qrData: 'pattern3' }, svgLogo))).toBe('all');
  });

  it('every frame font draws the same pixels with its files as with every font file', () => {
    const all = fonts().map((f) => f.file);
    const draw = (svg: string, files: string[]) => new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: files, defaultFontFamily: 'DejaVu Sans' } }).render().pixels;
    // Latin-1 letters, and letters only another family has (✓ ★, Hebrew, Greek, Cyrillic)
    for (const frameText of ['Tickets & more', 'Menü à la carte', 'Scan me ✓', '★ Menu ★', 'סרוק אותי', 'Σάρωσε με', 'Сканируй'])
      for (const frameTextFont of FRAME_FONTS) {
        const s = scene({ frame: 4, frameText, frameTextFont });
        const svg = toSvg(s, { forRaster: true });
        const files = fontFilesFor(s);
        expect(draw(svg, files === 'all' ? all : files).equals(draw(svg, all)), `${frameText} in ${frameTextFont}`).toBe(true);
      }
  });

  it('a label stored before frameText was checked still draws: what XML cannot hold is left out', () => {
    const svg = toSvg(scene({ frame: 4, frameText: 'a\u0001b\u0000c\ud800d\uffff & <e>' }), { forRaster: true });
    expect(svg).toContain('abcd &#38; &#60;e&#62;');
    expect(() => new Resvg(svg, { font: { loadSystemFonts: false, fontFiles: fonts().map((f) => f.file), defaultFontFamily: 'DejaVu Sans' } }).render()).not.toThrow();
    // a pair of surrogates is one character, kept
    expect(toSvg(scene({ frame: 4, frameText: 'clef 𝄞' }), { forRaster: true })).toContain('clef 𝄞');
  });
});
