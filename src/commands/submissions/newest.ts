// What an export or a sync resumes from: the newest createdAt it has seen and every id at exactly that
// time (spec §4.4: `since` is inclusive, so those ids come again and are skipped next time).

export class NewestSeen {
  newest: string;
  idsAtNewest: Set<string>;
  constructor(from?: { newestCreatedAt: string; idsAtNewest: string[] }) {
    this.newest = from?.newestCreatedAt ?? '';
    this.idsAtNewest = new Set(from?.idsAtNewest ?? []);
  }

  see(s: { id: string; createdAt: string }): void {
    if (s.createdAt > this.newest) {
      this.newest = s.createdAt;
      this.idsAtNewest = new Set([s.id]);
    } else if (s.createdAt === this.newest) this.idsAtNewest.add(s.id);
  }
}
