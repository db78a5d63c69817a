import type { View } from '../../output/format.js';
import type { Form, FormListItem } from '../../api/resources/forms.js';

export const formListView: View<FormListItem> = {
  fields: ['id', 'qrId', 'title', 'shortText', 'shortUrl', 'previewImage', 'qrImage', 'svgQrImage', 'scans', 'submissions', 'active', 'starred', 'createdAt', 'updatedAt'],
  columns: ['qrId', 'title', 'scans', 'submissions', 'active', 'createdAt'],
  id: (f) => f.qrId,
  empty: `No forms yet. Create one: formctl forms create --title "Event sign-up" --field 'email:E-mail*'`,
};

export const formView: View<Form> = {
  fields: ['id', 'qrId', 'title', 'description', 'shortText', 'shortUrl', 'previewImage', 'qrImage', 'svgQrImage', 'scans', 'submissions', 'active', 'fields', 'qrConfig', 'isQuiz', 'quizConfig', 'submissionNotification', 'createdAt', 'updatedAt'],
  columns: ['qrId', 'title', 'shortUrl', 'scans', 'submissions', 'active', 'isQuiz', 'createdAt', 'updatedAt'],
  id: (f) => f.qrId,
};

export interface ResultRecord {
  qrId: string;
  result: string;
}

export const resultView: View<ResultRecord> = { fields: ['qrId', 'result'], columns: ['qrId', 'result'], id: (r) => r.qrId };
