import { uploadFormFile, uploadLogo, type UploadResult } from '../../api/resources/uploads.js';
import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { Progress } from '../../output/progressBar.js';
import { checkUploadFile } from '../../cmdutil/uploadFile.js';

export const uploadView: View<UploadResult> = { fields: ['fileId', 'fileUrl'], columns: ['fileId', 'fileUrl'], id: (u) => u.fileId };

export async function send(deps: Deps, category: 'logo' | 'form' | 'submission', qrId: string | undefined, path: string): Promise<void> {
  deps.outputFor(uploadView);
  const { size, sniffed } = checkUploadFile(path, category);
  const client = await deps.client();
  // a bar only for files big enough to take a while
  const progress = size > 1024 * 1024 ? new Progress(deps.io, `Uploading ${path}`, size) : undefined;
  deps.onCleanup(() => progress?.stop());
  const onProgress = progress ? (sent: number) => progress.update(sent) : undefined;
  const result = qrId === undefined ? await uploadLogo(client, path, sniffed.mime, onProgress) : await uploadFormFile(client, qrId, path, category as 'form' | 'submission', sniffed.mime, onProgress);
  progress?.stop();
  await deps.printOne(uploadView, result);
}

