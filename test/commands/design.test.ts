import { writeFileSync } from 'node:fs';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designPatch } from '../../src/domain/designFlags.js';
import { tempDir } from '../helpers/cli.js';
import { startSandbox } from '../helpers/commandSandbox.js';
import { PNG as PNG_BYTES } from '../helpers/fixtures.js';

const jsQR = jsQRModule as unknown as (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
let sb: Awaited<ReturnType<typeof startSandbox>>;
const tmp = tempDir();
let qrId: string;
beforeAll(async () => {
  sb = await startSandbox(['--plan', 'business']);
  qrId = (await sb.api('POST', '/forms', { body: { title: 'Poster', shortText: 'x', fields: [{ type: 'shortText', option: { label: 'A' } }], qrConfig: { colorDark: '#111111', size: 320 } } })).body.data.qrId;
});
afterAll(async () => {
  await sb.stop();
  tmp.remove();
});

describe('design flags (spec §2.6)', () => {
  it('map to qrConfig and name the allowed values when wrong', () => {
    expect(designPatch({ colorDark: '1A2B3C', gradient: 'radial', colors: '#fff,000', eyes: '3,eyeOuter12', eyeColors: 'f00', pattern: '14', frame: '6', frameText: 'Hi', frameFont: 'courier new', frameColors: '111,222', transparent: true })).toEqual({
      colorDark: '#1a2b3c', gradient: true, grdType: 'radial', color01: '#fff', color02: '#000', eye_inner: 'eyeInner3', eye_outer: 'eyeOuter12', eye_color: true, eye_color01: '#f00', eye_color02: '#f00',
      qrData: 'pattern14', frame: 6, frameText: 'Hi', frameTextFont: 'Courier New', frameColor: '#111', frameColor2: '#222', transparentBkg: true,
    });
    expect(() => designPatch({ gradient: 'spiral' })).toThrow('--gradient: "spiral" is not allowed; expected one of linear, upDown, diagonal1, diagonal2, radial');
    expect(() => designPatch({ eyes: '11' })).toThrow(/eyeInner0 … eyeInner10/);
    expect(() => designPatch({ frame: '17' })).toThrow('--frame: "17" is not a frame; expected 1 to 16');
    expect(() => designPatch({ frameFont: 'Papyrus' })).toThrow(/expected one of Arial, Arial Black/);
    expect(() => designPatch({ frameColors: 'abc,def' }, 1)).toThrow('--frame-colors: frame 1 has no second colour; only frames 5, 6, 10, 13, 14 do');
    expect(() => designPatch({ colors: 'abc' })).toThrow('--colors: expected two values separated by a comma, got "abc"');
    expect(() => designPatch({ colorDark: 'red' })).toThrow('--color-dark: "red" is not a hex colour');
  });
});

describe('formctl forms design', () => {
  it('refuses bad flags with exit 2 before any request; --dry-run prints the patch and sends nothing', async () => {
    const before = await sb.requestCount();
    for (const flags of [['--pattern', '15'], ['--eyes', '0,13'], ['--frame', '0'], ['--frame-colors', '000,fff', '--frame', '3'], ['--logo', './missing.png'], ['--size', '10']]) {
      const r = await sb.cli(['forms', 'design', qrId, ...flags]);
      expect(r.exitCode, flags.join(' ')).toBe(2);
    }
    const dry = await sb.cli(['forms', 'design', qrId, '--pattern', '2', '--gradient', 'linear', '--colors', '7c3aed,db2777', '--dry-run']);
    expect(JSON.parse(dry.stdout)).toEqual({ qrConfig: { qrData: 'pattern2', gradient: true, grdType: 'linear', color01: '#7c3aed', color02: '#db2777' } });
    // the output flags every JSON-printing verb takes: --json, -o json, --query; no table of a design
    expect((await sb.cli(['forms', 'design', qrId, '--pattern', '2', '--dry-run', '--query', 'qrConfig.qrData'])).stdout).toBe('"pattern2"\n');
    expect(JSON.parse((await sb.cli(['forms', 'design', qrId, '--pattern', '2', '--dry-run', '--json'])).stdout)).toEqual({ qrConfig: { qrData: 'pattern2' } });
    const csv = await sb.cli(['forms', 'design', qrId, '--pattern', '2', '--dry-run', '-o', 'csv']);
    expect([csv.exitCode, csv.stderr]).toEqual([2, expect.stringContaining('forms design prints its qrConfig as JSON (-o json)')]);
    expect(await sb.requestCount()).toBe(before);
  });

  it('merges over the current design, applies a preset, uploads a local logo, and the image shows it', async () => {
    const logo = `${tmp.path}/logo.png`;
    writeFileSync(logo, PNG_BYTES);
    const before = await sb.lastRequestId();
    const r = await sb.cli(['forms', 'design', qrId, '--preset', 'menu-bubble', '--frame-text', 'Our menu', '--logo', logo]);
    expect(r.exitCode).toBe(0);
    const sent = (await sb.requestsSince(before)).map((x) => `${x.method} ${x.path.split('?')[0]}`);
    expect(sent).toEqual([`GET /v1/forms/${qrId}`, 'GET /v1/qr-design-templates', 'POST /v1/account/uploads', `PUT /v1/forms/${qrId}`]);
    const form = (await sb.api('GET', `/forms/${qrId}`)).body.data;
    expect(form.qrConfig).toMatchObject({ colorDark: '#111111', size: 320, frame: 6, frameText: 'Our menu', qrData: 'pattern14', logo: expect.stringMatching(/\/files\/[0-9a-f]{24}$/) });
    const png = await fetch(`${sb.baseUrl}/forms/${qrId}/download?format=png`, { headers: { authorization: `Bearer ${sb.keys.owner}` } });
    const img = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(img.width).toBe(320);
    expect(jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data).toBe(form.shortUrl);
    // a fileId logo is looked up among the account's logos
    const fileId = form.qrConfig.logo.split('/').pop();
    const again = await sb.cli(['forms', 'design', qrId, '--reset', '--logo', fileId, '--pattern', '1']);
    expect(again.exitCode).toBe(0);
    expect((await sb.api('GET', `/forms/${qrId}`)).body.data.qrConfig).toEqual({ logo: form.qrConfig.logo, qrData: 'pattern1' });
    const unknown = await sb.cli(['forms', 'design', qrId, '--preset', 'nope']);
    expect([unknown.exitCode, unknown.stderr]).toEqual([2, expect.stringMatching(/"nope" is not a preset; expected one of classic, dots/)]);
  });
});

describe('formctl presets list', () => {
  it('lists at least 16 presets; JSON carries the config and preview URL', async () => {
    const r = await sb.cli(['presets', 'list', '-o', 'json']);
    const list = JSON.parse(r.stdout);
    expect(list.length).toBeGreaterThanOrEqual(16);
    expect(list[0]).toMatchObject({ id: 'classic', previewUrl: expect.stringMatching(/\/presets\/classic\.png$/), config: { qrData: 'pattern0' } });
    const table = await sb.run(['presets', 'list'], { tty: true, columns: 120, env: { NO_COLOR: undefined } });
    expect(table.stdout).toContain('\u001b[38;2;');
    expect(table.stdout).toMatch(/menu-bubble/);
  });
});
