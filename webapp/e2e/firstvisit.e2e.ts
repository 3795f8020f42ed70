// A guard on the first visit (issue 23 item 3): /plans audited as the Lighthouse CLI does by
// default (mobile: simulated slow 4G, 4x CPU slowdown; storage reset, a fresh browser). It
// fails when the page regresses badly, e.g. its heading no longer in the HTML: LCP over
// 2.5 s. A guard, not the benchmark (`go tool task bench:lighthouse`, docs/performance.md).
import { describe, expect, inject, it } from 'vitest';
import { audit } from './harness/lighthouse';

const shopURL = inject('shopURL');

/** Lighthouse's "good" LCP threshold; the benchmark's target is 1.5 s. */
const LCP_BUDGET_MS = 2500;

describe('first visit of /plans under Lighthouse mobile settings', () => {
  it(`shows its largest content within ${LCP_BUDGET_MS / 1000} s`, async () => {
    let r = await audit(`${shopURL}/plans`, { categories: ['performance'] });
    // Lighthouse sometimes loses its own trace on a busy machine (NO_NAVSTART): once more.
    if (r.runtimeError) r = await audit(`${shopURL}/plans`, { categories: ['performance'] });
    expect(r.runtimeError).toBe('');
    expect(r.landed).toBe('/plans');
    expect(r.lcp, `LCP ${r.lcp} ms (${r.lcpElement}; ${JSON.stringify(r.breakdown)})`).toBeLessThanOrEqual(LCP_BUDGET_MS);
  }, 300_000);
});
