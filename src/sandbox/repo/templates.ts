import type { TemplateRecord } from '../templates/gallery.js';
import type { Db } from './db.js';

/** Private templates of an account (spec §4.7 "never published") and each member's favorites. */
export class Templates {
  constructor(private readonly db: Db) {}

  addPrivate(accountId: string, record: TemplateRecord): void {
    this.db.sql(`INSERT INTO templates (id, account_id, record, created_at) VALUES (?, ?, ?, ?)`).run(record.id, accountId, JSON.stringify(record), record.createdAt);
  }

  privateOf(accountId: string): TemplateRecord[] {
    return (this.db.sql(`SELECT record FROM templates WHERE account_id = ? ORDER BY created_at, rowid`).all(accountId) as Array<{ record: string }>).map((r) => JSON.parse(r.record) as TemplateRecord);
  }

  privateOne(accountId: string, id: string): TemplateRecord | undefined {
    const row = this.db.sql(`SELECT record FROM templates WHERE account_id = ? AND id = ?`).get(accountId, id) as { record: string } | undefined;
    return row ? (JSON.parse(row.record) as TemplateRecord) : undefined;
  }

  favorite(memberId: string, templateId: string, at: string): void {
    this.db.sql(`INSERT OR IGNORE INTO template_favorites (member_id, template_id, created_at) VALUES (?, ?, ?)`).run(memberId, templateId, at);
  }

  unfavorite(memberId: string, templateId: string): boolean {
    return this.db.sql(`DELETE FROM template_favorites WHERE member_id = ? AND template_id = ?`).run(memberId, templateId).changes === 1;
  }

  favoritesOf(memberId: string): string[] {
    return (this.db.sql(`SELECT template_id AS id FROM template_favorites WHERE member_id = ? ORDER BY created_at, rowid`).all(memberId) as Array<{ id: string }>).map((r) => r.id);
  }
}
