import { describe, expect, it } from 'vitest';
import { readPrompt } from '../../../src/domain/drafter/draft.js';
import { CORPUS, HELD_OUT, HELD_OUT_2, INDEPENDENT, STRANGER, STRANGER2_HOLD, STRANGER2_TUNE, misses } from './corpusCheck.js';

// The measure of the drafter (spec §4.7): the share of the corpus's sentences whose draft has what a
// person expects. Reports the misses and the time per draft (reported, never asserted).

describe('the drafter against the corpus of sentences people type', () => {
  it('has at least 150 sentences in the five languages', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(150);
    const locales = new Set(CORPUS.map((e) => e.locale ?? 'en'));
    expect([...locales].sort()).toEqual(['de', 'en', 'es', 'fr', 'pt']);
  });

  it('meets at least 95 % of the expectations', () => {
    const missed = CORPUS.map((e) => ({ p: e.p, why: misses(e) })).filter((m) => m.why.length);
    const share = (CORPUS.length - missed.length) / CORPUS.length;
    console.log(`drafter corpus: ${CORPUS.length - missed.length}/${CORPUS.length} met (${(share * 100).toFixed(1)} %)`);
    for (const m of missed) console.log(`  miss: ${m.p} — ${m.why.join('; ')}`);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('reports the share met on held-out sentences (never tuned on; reported, not asserted)', () => {
    const missed = HELD_OUT.map((e) => ({ p: e.p, why: misses(e) })).filter((m) => m.why.length);
    console.log(`drafter held-out: ${HELD_OUT.length - missed.length}/${HELD_OUT.length} met`);
    for (const m of missed) console.log(`  held-out miss: ${m.p} — ${m.why.join('; ')}`);
    expect(HELD_OUT.length).toBeGreaterThan(20);
  });

  it('reports the share met on the second held-out set (never tuned on; reported, not asserted)', () => {
    const missed = HELD_OUT_2.map((e) => ({ p: e.p, why: misses(e) })).filter((m) => m.why.length);
    console.log(`drafter held-out 2: ${HELD_OUT_2.length - missed.length}/${HELD_OUT_2.length} met`);
    for (const m of missed) console.log(`  held-out 2 miss: ${m.p} — ${m.why.join('; ')}`);
    expect(HELD_OUT_2.length).toBeGreaterThanOrEqual(40);
  });

  it('meets at least 85 % of the expectations of sentences written by someone who never saw the drafter', () => {
    const missed = INDEPENDENT.map((e) => ({ e, why: misses(e) })).filter((m) => m.why.length);
    const share = (INDEPENDENT.length - missed.length) / INDEPENDENT.length;
    const byLocale = [...new Set(INDEPENDENT.map((e) => e.locale ?? 'en'))].map((l) => {
      const all = INDEPENDENT.filter((e) => (e.locale ?? 'en') === l);
      return `${l} ${all.length - missed.filter((m) => (m.e.locale ?? 'en') === l).length}/${all.length}`;
    });
    console.log(`drafter independent: ${INDEPENDENT.length - missed.length}/${INDEPENDENT.length} met (${(share * 100).toFixed(1)} %; ${byLocale.join(', ')})`);
    for (const m of missed) console.log(`  independent miss: ${m.e.p} — ${m.why.join('; ')}`);
    expect(INDEPENDENT.length).toBe(80);
    expect(share).toBeGreaterThanOrEqual(0.85);
  });

  it('reports the share met on a second stranger\'s sentences, never tuned on (the honest figure: reported, not asserted)', () => {
    const missed = STRANGER.map((e) => ({ e, why: misses(e) })).filter((m) => m.why.length);
    // only the share: printing its misses would invite tuning on them
    console.log(`drafter stranger (never tuned on): ${STRANGER.length - missed.length}/${STRANGER.length} met`);
    expect(STRANGER.length).toBe(80);
  });

  it('reports the share met on the tuned half of a new stranger\'s sentences (reported, not asserted)', () => {
    const missed = STRANGER2_TUNE.map((e) => ({ p: e.p, why: misses(e) })).filter((m) => m.why.length);
    console.log(`drafter stranger 2, tuned half: ${STRANGER2_TUNE.length - missed.length}/${STRANGER2_TUNE.length} met (${((100 * (STRANGER2_TUNE.length - missed.length)) / STRANGER2_TUNE.length).toFixed(1)} %)`);
    for (const m of missed) console.log(`  stranger 2 tune miss: ${m.p} — ${m.why.join('; ')}`);
    expect(STRANGER2_TUNE.length).toBe(50);
  });

  it('reports the share met on the held-out half of the new stranger\'s sentences (never seen while tuning; the honest figure)', () => {
    const missed = STRANGER2_HOLD.map((e) => misses(e)).filter((why) => why.length);
    const expected = STRANGER2_HOLD.reduce((n, e) => n + 1 + (e.has?.length ?? 0) + (e.options?.length ?? 0) + (e.required?.length ?? 0) + (e.not?.length ?? 0) + (e.labels?.length ?? 0) + (e.quiz ? 1 : 0) + (e.pass === undefined ? 0 : 1), 0);
    const unmet = missed.reduce((n, why) => n + why.length, 0);
    // only the figures: printing its misses would invite tuning on them
    console.log(`drafter stranger 2, held-out half: ${STRANGER2_HOLD.length - missed.length}/${STRANGER2_HOLD.length} drafts met whole; ${expected - unmet}/${expected} expectations met`);
    expect(STRANGER2_HOLD.length).toBe(50);
  });

  it('reports the time per draft (median over the corpus, three rounds)', () => {
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (const e of CORPUS) {
        const t = performance.now();
        readPrompt(e.p);
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    console.log(`drafter time per draft: median ${times[Math.floor(times.length / 2)]!.toFixed(3)} ms, p95 ${times[Math.floor(times.length * 0.95)]!.toFixed(3)} ms`);
  });
});
