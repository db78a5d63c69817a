import { randomBytes } from 'node:crypto';
import type { FieldDefinition, FormCreateBody } from '../../domain/form.js';
import type { Db } from './db.js';

/** The stored form document: the write body with defaults applied (spec §2.2). */
export interface FormDoc extends Omit<FormCreateBody, 'fields'> {
  description: string;
  fields: FieldDefinition[];
}

export interface FormRow {
  seq: number;
  qr_id: string;
  id: string;
  account_id: string;
  creator_id: string;
  doc: string;
  title: string;
  scans: number;
  /** maintained by Submissions only */
  submissions: number;
  active: number;
  blocked: number;
  starred: number;
  archived: number;
  created_at: string;
  updated_at: string;
  /** bumped with every insert or delete of the form's submissions (by Submissions only): keys the list caches */
  sub_version: number;
}

/** 24 random hex characters (spec §2.1): for what must not be guessed, such as a file's id in its public URL. */
export function newHexId(): string {
  return randomBytes(12).toString('hex');
}

// started in the lower half: a process would have to make 8 million records before it wraps
let objectIdCounter = randomBytes(3).readUIntBE(0, 3) & 0x7fffff;
let processRandom: string | undefined;

/**
 * A record's id as a MongoDB ObjectId, which the service's 24-character hex ids look like (spec §2.1):
 * the creation second (4 bytes), 5 random bytes per process, a 3-byte counter. Ids of records made
 * in order sort in that order, as the service's do (and a database they are copied into keeps its
 * index appending instead of splitting pages at random).
 */
export function newObjectId(atMs = Date.now()): string {
  processRandom ??= randomBytes(5).toString('hex');
  objectIdCounter = (objectIdCounter + 1) % 0x1000000;
  const seconds = Math.max(0, Math.min(0xffffffff, Math.floor(atMs / 1000)));
  return `${seconds.toString(16).padStart(8, '0')}${processRandom}${objectIdCounter.toString(16).padStart(6, '0')}`;
}

const QR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newQrId(): string {
  let out = '';
  for (const b of randomBytes(8)) out += QR_ALPHABET[b % QR_ALPHABET.length];
  return out;
}

export function readDoc(row: FormRow): FormDoc {
  return JSON.parse(row.doc) as FormDoc;
}

/** spec §4.1 sort values → SQL order */
export const FORM_SORTS: Record<string, string> = {
  '1': 'created_at DESC, seq DESC', // newest first
  '2': 'title COLLATE NOCASE ASC, seq ASC', // by name
  '3': 'scans DESC, seq DESC', // by scan count
};

export class Forms {
  constructor(private readonly db: Db) {}

  /** The one lookup of a form by id, whatever its state; callers decide what a state means. */
  find(qrId: string, accountId?: string): FormRow | undefined {
    const row = this.db.sql(`SELECT * FROM forms WHERE qr_id = ?`).get(qrId) as FormRow | undefined;
    return row && (accountId === undefined || row.account_id === accountId) ? row : undefined;
  }

  bySeq(seq: number): FormRow {
    return this.db.sql(`SELECT * FROM forms WHERE seq = ?`).get(seq) as FormRow;
  }

  /** every form of the account, archived ones included (they hold a slot) */
  count(accountId: string): number {
    return (this.db.sql(`SELECT COUNT(*) AS n FROM forms WHERE account_id = ?`).get(accountId) as { n: number }).n;
  }

  countListed(accountId: string): number {
    return (this.db.sql(`SELECT COUNT(*) AS n FROM forms WHERE account_id = ? AND archived = 0`).get(accountId) as { n: number }).n;
  }

  page(accountId: string, sort: string, limit: number, offset: number): FormRow[] {
    return this.db.sql(`SELECT * FROM forms WHERE account_id = ? AND archived = 0 ORDER BY ${FORM_SORTS[sort]} LIMIT ? OFFSET ?`).all(accountId, limit, offset) as FormRow[];
  }

  insert(f: { accountId: string; creatorId: string; doc: FormDoc; at: string }): FormRow {
    for (;;) {
      const qrId = newQrId();
      try {
        this.db
          .sql(`INSERT INTO forms (qr_id, id, account_id, creator_id, doc, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
          .run(qrId, newObjectId(Date.parse(f.at)), f.accountId, f.creatorId, JSON.stringify(f.doc), f.doc.title, f.at, f.at);
        return this.find(qrId)!;
      } catch (e) {
        if (!String(e).includes('UNIQUE')) throw e; // a qrId collision: draw another
      }
    }
  }

  saveDoc(seq: number, doc: FormDoc, at: string): FormRow {
    this.db.sql(`UPDATE forms SET doc = ?, title = ?, updated_at = ? WHERE seq = ?`).run(JSON.stringify(doc), doc.title, at, seq);
    return this.bySeq(seq);
  }

  setArchived(seq: number, archived: boolean, at: string): void {
    this.db.sql(`UPDATE forms SET archived = ?, updated_at = ? WHERE seq = ?`).run(archived ? 1 : 0, at, seq);
  }

  /** the row only: a caller removing a form removes its submissions in the same transaction */
  delete(seq: number): void {
    this.db.sql(`DELETE FROM forms WHERE seq = ?`).run(seq);
  }

  /** A removed member's forms stay with the account, created (for the role table) by `to`. */
  reassignCreator(accountId: string, from: string, to: string): void {
    this.db.sql(`UPDATE forms SET creator_id = ? WHERE account_id = ? AND creator_id = ?`).run(to, accountId, from);
  }

  /** true when a form's document (its images, qrConfig.logo) names the text */
  anyDocMentions(accountId: string, text: string): boolean {
    return this.db.sql(`SELECT 1 FROM forms WHERE account_id = ? AND doc LIKE ? LIMIT 1`).get(accountId, `%${text}%`) !== undefined;
  }
}
