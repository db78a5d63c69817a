import type { View } from '../../output/format.js';
import type { FormListItem } from '../../api/resources/forms.js';

export const formListView: View<FormListItem> = {
  fields: ['id', 'qrId', 'title', 'shortText', 'shortUrl', 'previewImage', 'qrImage', 'svgQrImage', 'scans', 'submissions', 'active', 'starred', 'createdAt', 'updatedAt'],
  columns: ['qrId', 'title', 'scans', 'submissions', 'active', 'createdAt'],
  id: (f) => f.qrId,
  empty: `No forms yet. Create one: formctl forms create --title "Event sign-up" --field 'email:E-mail*'`,
};

// a form as every command prints one (templates use too): cmdutil/formView.ts
export { formView } from '../../cmdutil/formView.js';

export interface ResultRecord {
  qrId: string;
  result: string;
}

export const resultView: View<ResultRecord> = { fields: ['qrId', 'result'], columns: ['qrId', 'result'], id: (r) => r.qrId };
