// The naive baseline: what a quick script does — sequential pages at the default limit=50, every
// row kept in memory, the CSV written at the end. Usage: node naive-export.mjs BASE_URL KEY QRID OUT
import { writeFileSync } from 'node:fs';

const [baseUrl, key, qrId, out] = process.argv.slice(2);
const rows = [];
let requests = 0;
for (let page = 1; ; page++) {
  const res = await fetch(`${baseUrl}/forms/${qrId}/submissions?page=${page}&limit=50`, { headers: { authorization: `Bearer ${key}` } });
  requests++;
  const body = await res.json();
  for (const s of body.data.items) rows.push([s.id, s.createdAt, JSON.stringify(s.answers)]);
  if (page >= body.data.totalPages) break;
}
writeFileSync(out, rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')).join('\n'));
console.log(JSON.stringify({ rows: rows.length, requests }));
