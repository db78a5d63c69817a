import type { FieldDefinition } from '../../domain/form.js';
import { readDoc, type FormDoc, type FormRow } from '../repo/forms.js';

// How forms look in responses (spec §2.3).

export function publicField(f: FieldDefinition) {
  // spec §2.3: per-field correct answers are never returned
  const out: Record<string, unknown> = { key: f.key, type: f.type, option: f.option };
  if (f.quizConfig) out.quizConfig = { points: f.quizConfig.points ?? 1 };
  return out;
}

/** The public short link and the QR image URLs of a form (served by the sandbox's public routes). */
export function links(origin: string, qrId: string) {
  return {
    shortUrl: `${origin}/s/${qrId}`,
    qrImage: `${origin}/qr/${qrId}.png`,
    svgQrImage: `${origin}/qr/${qrId}.svg`,
  };
}

/** The properties a form record and a list item share (spec §2.3), in the spec's order. */
function commonProperties(row: FormRow, doc: FormDoc, origin: string) {
  return {
    id: row.id,
    qrId: row.qr_id,
    title: doc.title,
    shortText: doc.shortText,
    ...links(origin, row.qr_id),
    previewImage: doc.previewImage?.fileUrl ?? '',
    scans: row.scans,
    submissions: row.submissions,
    active: row.active === 1,
  };
}

/** spec §2.3. Styling properties only on create and update responses (spec §2.2). */
export function presentForm(row: FormRow, origin: string, withStyling: boolean): Record<string, unknown> {
  const doc = readDoc(row);
  const out: Record<string, unknown> = {
    ...commonProperties(row, doc, origin),
    description: doc.description,
    fields: doc.fields.map(publicField),
    qrConfig: doc.qrConfig ?? {},
    isQuiz: doc.isQuiz === true,
    submissionNotification: doc.submissionNotification !== false,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  if (doc.isQuiz) out.quizConfig = doc.quizConfig ?? {};
  if (withStyling) {
    const { locale, backgroundType, backgroundColor1, backgroundColor2, appearance, logo, backgroundImage, backdrop } = doc;
    Object.assign(out, { locale, backgroundType, backgroundColor1, backgroundColor2, appearance, logo, backgroundImage, backdrop });
  }
  return out;
}

/** spec §2.3: the list item of GET /forms. */
export function presentListItem(row: FormRow, origin: string) {
  return { ...commonProperties(row, readDoc(row), origin), starred: row.starred === 1, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** spec §4.4: the top-level `form` of submission list and get responses. */
export function formSummary(doc: FormDoc) {
  return { title: doc.title, fields: doc.fields.map(publicField) };
}
