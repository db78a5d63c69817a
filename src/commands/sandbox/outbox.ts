import type { Deps } from '../../cmdutil/factory.js';
import type { View } from '../../output/format.js';
import { sandboxSource } from './source.js';

interface Mail {
  id: number;
  kind: string;
  recipients: string;
  subject: string;
  body: string;
  createdAt: string;
}

const outboxView: View<Mail> = {
  fields: ['id', 'kind', 'recipients', 'subject', 'body', 'createdAt'],
  columns: ['id', 'kind', 'recipients', 'subject', 'createdAt'],
  id: (m) => String(m.id),
};

export async function run(deps: Deps, _args: unknown[], opts: { data?: string }): Promise<void> {
  deps.outputFor(outboxView);
  const mails = await sandboxSource(deps, opts.data).outbox();
  await deps.printList({ ...outboxView, empty: 'No e-mails sent yet. Share a form: formctl --sandbox forms share QRID --to someone@example.com' }, mails.map((m) => ({ id: m.id, kind: m.kind, recipients: m.recipients, subject: m.subject, body: m.body, createdAt: m.created_at })));
}
