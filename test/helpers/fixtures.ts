// Helpers that both the in-process command tests and the end-to-end tests use, over either
// sandbox handle (given as a getter: the handle is made in beforeAll).
import { expect } from 'vitest';
import { tempDir } from './cli.js';
import type { SandboxHandle } from './sandbox.js';

type Handle = () => SandboxHandle;

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A fresh config dir for commands that write profiles. */
export function configEnv() {
  const dir = tempDir();
  return { dir, env: { FORMCTL_CONFIG_DIR: `${dir.path}/formctl` } };
}

export interface Made {
  qrId: string;
  keys: Record<string, string>;
}

export function submissionFixtures(sb: Handle) {
  /** A form made through the API, its field keys by label. */
  async function makeForm(body: Record<string, unknown>, role: keyof SandboxHandle['keys'] = 'owner'): Promise<Made> {
    const r = await sb().api('POST', '/forms', { body: { shortText: '', ...body }, key: sb().keys[role] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const keys: Record<string, string> = {};
    for (const f of r.body.data.fields) keys[f.option.label ?? f.type] = f.key;
    return { qrId: r.body.data.qrId, keys };
  }
  const survey = () =>
    makeForm({
      title: 'Survey',
      fields: [
        { type: 'name', option: { label: 'Name', required: true } },
        { type: 'email', option: { label: 'Mail', required: true } },
        { type: 'radio', option: { label: 'Meal', options: [{ name: 'Veg', value: 'veg' }, { name: 'Fish', value: 'fish' }] } },
        { type: 'shortText', option: { label: 'Note' } },
      ],
    });
  return {
    makeForm,
    survey,
    requestsSince: (id: number) => sb().requestsSince(id),
    lastRequestId: () => sb().lastRequestId(),
    count: async (qrId: string) => (await sb().api('GET', `/forms/${qrId}/submissions?limit=1`)).body.data.total as number,
  };
}

export function fileFixtures(sb: Handle) {
  return {
    async makeForm(fields: unknown[] = [{ type: 'picture', option: { label: 'Photo' } }]) {
      const r = await sb().api('POST', '/forms', { body: { title: 'Files', shortText: '', fields } });
      return { qrId: r.body.data.qrId as string, keys: (r.body.data.fields as Array<{ key: string }>).map((f) => f.key) };
    },
    rawUpload: (path: string, category: string, file: Buffer, name = 'f.bin') => rawUpload(sb(), path, category, file, name),
  };
}

/** A multipart upload as the owner, to any sandbox (served or in-process): its status, headers and JSON body. */
export async function rawUpload(sb: { baseUrl: string; keys: { owner: string } }, path: string, category: string, file: Buffer, name = 'f.bin') {
  const fd = new FormData();
  fd.append('category', category);
  fd.append('userFile', new Blob([file]), name);
  const res = await fetch(`${sb.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${sb.keys.owner}` }, body: fd });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

export function formFixtures(sb: Handle) {
  return {
    /** a form made by `formctl forms create`, as `role`; its qrId */
    async create(title: string, role: 'owner' | 'editor' | 'admin' = 'owner', extra: string[] = []): Promise<string> {
      const r = await sb().cli(['forms', 'create', '--title', title, '--short-text', 's', '--field', 'shortText:Question*', ...extra, '-q'], { role });
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      return r.stdout.trim();
    },
  };
}
