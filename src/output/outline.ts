import { terminalText } from './terminalText.js';

// A form or draft as people read it: title, numbered fields with type, label, required mark,
// options or rows, and quiz points and answers. Shared by `templates get`, `ai draft` and the builder.

export interface OutlineForm {
  title: string;
  shortText?: string;
  isQuiz?: boolean;
  fields: Array<{ type: string; option?: Record<string, unknown>; quizConfig?: Record<string, unknown> }>;
  qrConfig?: Record<string, unknown>;
}

export function outline(form: OutlineForm, heading = form.title): string {
  const lines = [`${heading}${form.isQuiz ? ' (quiz)' : ''}`];
  if (form.shortText) lines.push(`  ${form.shortText}`);
  form.fields.forEach((f, i) => {
    const o = (f.option ?? {}) as { label?: string; required?: boolean; options?: Array<{ name?: string }>; rowLabels?: string[] };
    // rows first (a sheet's or checkList's), then the choices each row offers
    const choices = [o.rowLabels?.join(' | '), o.options?.map((c) => c.name).filter(Boolean).join(' | ')].filter(Boolean).join(' — ');
    const quiz = f.quizConfig ? `  [${String(f.quizConfig.points ?? 1)} pt${f.quizConfig.correctAnswers !== undefined ? `, answer: ${[f.quizConfig.correctAnswers].flat().join(', ')}` : ''}]` : '';
    lines.push(`  ${String(i + 1).padStart(2)}. ${f.type.padEnd(19)} ${o.label ?? ''}${o.required ? ' *' : ''}${choices ? `  (${choices})` : ''}${quiz}`);
  });
  if (form.qrConfig && Object.keys(form.qrConfig).length) lines.push(`  QR design: ${Object.entries(form.qrConfig).map(([k, v]) => `${k}=${String(v)}`).join(', ')}`);
  return `${terminalText(lines.join('\n'))}\n`;
}
