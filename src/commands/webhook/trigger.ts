import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSubmission, getSubmissionSchema } from '../../api/resources/submissions.js';
import { uploadFormFile } from '../../api/resources/uploads.js';
import type { Deps } from '../../cmdutil/factory.js';
import { requireQrId } from '../../cmdutil/input.js';

/** A 1×1 transparent PNG, uploaded for required file fields of the sample. */
const SAMPLE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export async function run(deps: Deps, [qrId]: unknown[]): Promise<void> {
  const id = requireQrId(qrId);
  const out = deps.outputFor({ fields: ['submissionId'], columns: ['submissionId'], id: (r: { submissionId: string }) => r.submissionId });
  deps.warn(`this creates a REAL submission in form ${id} (sample answers), so that a submission.created event fires; delete it afterwards if needed`);
  const client = await deps.client();
  const schema = await getSubmissionSchema(client, id);
  const answers: Record<string, unknown> = {};
  let dir: string | undefined;
  try {
    for (const f of Object.values(schema.fields)) {
      if (f.valueType !== 'fileId' && f.valueType !== 'fileId[]') {
        answers[f.key] = f.example;
        continue;
      }
      if (!f.required) continue;
      dir ??= mkdtempSync(join(tmpdir(), 'formctl-trigger-'));
      const file = join(dir, 'sample.png');
      writeFileSync(file, SAMPLE_PNG);
      const { fileId } = await uploadFormFile(client, id, file, 'submission', 'image/png');
      answers[f.key] = f.valueType === 'fileId' ? { fileId } : [{ fileId }];
    }
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
  const { result } = await createSubmission(client, id, { answers }, randomUUID());
  if ((out.prose) || out.quiet) deps.io.stdout.write(`${result.submissionId}\n`);
  else await deps.printJson({ submissionId: result.submissionId }, true);
  deps.info(`Created ${result.submissionId}; if the webhook is enabled, submission.created was sent to it.`);
}
