import { addDays, localParts, zonedEpoch } from '../../domain/zones.js';
import { schemaField } from '../../domain/schema.js';
import { ApiFailure } from '../http.js';
import { newHexId, newObjectId, readDoc, type FormDoc } from '../repo/forms.js';
import type { NewScan } from '../repo/scans.js';
import type { SandboxStore } from '../repo/store.js';
import { seededRandom } from '../../domain/random.js';

/** An example answer for every field that takes no file (the submission schema's examples). */
function exampleAnswers(doc: FormDoc): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const f of doc.fields) {
    const s = schemaField(f);
    if (s && s.valueType !== 'fileId' && s.valueType !== 'fileId[]') answers[f.key] = s.example;
  }
  return answers;
}

function formOf(store: SandboxStore, qrId: string) {
  const form = store.forms.find(qrId);
  if (!form) throw new ApiFailure(404, `No form ${qrId}`);
  return form;
}

/** Inserts `count` valid example submissions at once (sandbox-only, for benchmarks and demos). */
export function seedSubmissions(store: SandboxStore, qrId: string, count: number, nowMs: number, atMs?: number): number {
  const form = formOf(store, qrId);
  const doc = readDoc(form);
  const answers = exampleAnswers(doc);
  const BATCH = 10_000;
  store.write(() => {
    for (let start = 0; start < count; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const createdMs = atMs ?? nowMs - (count - i) * 10;
        rows.push({ id: newObjectId(createdMs), qrId, accountId: form.account_id, answers: { ...answers, ...numbered(doc, i) }, createdMs });
      }
      store.submissions.insertMany(rows);
    }
  });
  return count;
}

/** Makes seeded rows differ: the first plain text field gets the row number. */
function numbered(doc: FormDoc, i: number): Record<string, unknown> {
  const f = doc.fields.find((x) => x.type === 'shortText' || x.type === 'longText');
  return f ? { [f.key]: `row ${i + 1}` } : {};
}

// ── scans ────────────────────────────────────────────────────────────────────
// docs/sandbox.md "Sandbox assumptions": where seeded visitors come from, on what, and when.

/** [city, country, IANA zone, weight] */
export const SEED_CITIES: ReadonlyArray<[string, string, string, number]> = [
  ['New York', 'United States', 'America/New_York', 10], ['San Francisco', 'United States', 'America/Los_Angeles', 5],
  ['Chicago', 'United States', 'America/Chicago', 4], ['Toronto', 'Canada', 'America/Toronto', 3],
  ['Mexico City', 'Mexico', 'America/Mexico_City', 3], ['São Paulo', 'Brazil', 'America/Sao_Paulo', 4],
  ['London', 'United Kingdom', 'Europe/London', 8], ['Manchester', 'United Kingdom', 'Europe/London', 2],
  ['Berlin', 'Germany', 'Europe/Berlin', 7], ['Munich', 'Germany', 'Europe/Berlin', 3],
  ['Paris', 'France', 'Europe/Paris', 6], ['Lyon', 'France', 'Europe/Paris', 2], ['Madrid', 'Spain', 'Europe/Madrid', 4],
  ['Lagos', 'Nigeria', 'Africa/Lagos', 2], ['Mumbai', 'India', 'Asia/Kolkata', 6], ['Singapore', 'Singapore', 'Asia/Singapore', 3],
  ['Tokyo', 'Japan', 'Asia/Tokyo', 6], ['Sydney', 'Australia', 'Australia/Sydney', 3],
];
export const SEED_DEVICES: ReadonlyArray<[string, number]> = [['Mobile', 62], ['Desktop', 29], ['Tablet', 8], ['Other', 1]];
/** relative visits per local hour: quiet nights, a lunch peak and an evening peak */
const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1.2, 2.5, 4, 5, 5.5, 6, 7, 6.5, 5.5, 5, 5.2, 6, 7, 7.5, 6.5, 5, 3.5, 2];
const USER_AGENTS: Record<string, string> = {
  Mobile: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  Desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  Tablet: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  Other: 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)',
};
/** share of seeded scans that end in a submission (created beside them) */
export const SEED_SUBMISSION_SHARE = 0.15;


function weighted<T>(items: ReadonlyArray<T>, weight: (t: T) => number, r: number): T {
  const total = items.reduce((s, i) => s + weight(i), 0);
  let x = r * total;
  for (const i of items) {
    x -= weight(i);
    if (x < 0) return i;
  }
  return items[items.length - 1]!;
}

export interface ScanSeed {
  count: number;
  days: number;
  seed?: number;
}

/**
 * `count` realistic scans over the last `days` calendar days (UTC, today included): a pool of returning visitors (each with a city
 * and a device), local daily rhythm, quieter weekends, and about 15 % ending in a submission.
 */
export function seedScans(store: SandboxStore, qrId: string, opts: ScanSeed, nowMs: number): { scans: number; submissions: number } {
  const form = formOf(store, qrId);
  const doc = readDoc(form);
  const random = seededRandom(opts.seed ?? (nowMs & 0x7fffffff));
  const visitors = Array.from({ length: Math.max(1, Math.round(opts.count * 0.72)) }, () => ({
    id: newHexId().slice(0, 16),
    place: weighted(SEED_CITIES, (c) => c[3], random()),
    device: weighted(SEED_DEVICES, (d) => d[1], random())[0],
  }));
  const answers = exampleAnswers(doc);
  const scans: NewScan[] = [];
  const submissions: Array<{ id: string; qrId: string; accountId: string; answers: Record<string, unknown>; createdMs: number }> = [];
  // the last `days` calendar days (UTC), today included: what period=month shows when days is 30
  const utcToday = localParts('UTC', nowMs);
  const firstMs = zonedEpoch('UTC', ...addDays(utcToday.year, utcToday.month, utcToday.day, 1 - opts.days));
  while (scans.length < opts.count) {
    const v = visitors[Math.floor(random() * visitors.length)]!;
    const [city, country, tz] = v.place;
    const today = localParts(tz, nowMs);
    const [y, m, d] = addDays(today.year, today.month, today.day, -Math.floor(random() * opts.days));
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    if ((weekday === 0 || weekday === 6) && random() < 0.3) continue; // quieter weekends
    const hour = weightedHour(random());
    const at = zonedEpoch(tz, y, m, d, hour, Math.floor(random() * 60)) + Math.floor(random() * 60_000);
    if (at > nowMs || at < firstMs) continue;
    let submissionId: string | null = null;
    const submittedAt = at + 60_000 + Math.floor(random() * 240_000);
    if (random() < SEED_SUBMISSION_SHARE && submittedAt <= nowMs) {
      submissionId = newObjectId(submittedAt);
      submissions.push({ id: submissionId, qrId, accountId: form.account_id, answers: { ...answers, ...numbered(doc, submissions.length) }, createdMs: submittedAt });
    }
    scans.push({ qrId, atMs: at, device: v.device, country, city, visitor: v.id, userAgent: USER_AGENTS[v.device], submissionId });
  }
  store.write(() => {
    store.scans.addMany(qrId, scans);
    if (submissions.length) store.submissions.insertMany(submissions);
  });
  return { scans: scans.length, submissions: submissions.length };
}

function weightedHour(r: number): number {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let x = r * total;
  for (let h = 0; h < 24; h++) {
    x -= HOUR_WEIGHTS[h]!;
    if (x < 0) return h;
  }
  return 23;
}
