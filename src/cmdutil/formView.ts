import type { Form } from '../api/resources/forms.js';
import type { View } from '../output/format.js';

/** A form as every command that answers with one prints it (forms create, get, update; templates use). */
export const formView: View<Form> = {
  fields: ['id', 'qrId', 'title', 'description', 'shortText', 'shortUrl', 'previewImage', 'qrImage', 'svgQrImage', 'scans', 'submissions', 'active', 'fields', 'qrConfig', 'isQuiz', 'quizConfig', 'submissionNotification', 'createdAt', 'updatedAt'],
  columns: ['qrId', 'title', 'shortUrl', 'scans', 'submissions', 'active', 'isQuiz', 'createdAt', 'updatedAt'],
  id: (f) => f.qrId,
};
