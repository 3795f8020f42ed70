// Usage rules of the profile (contract/vectors/usage.json): when a bundle warns, and when
// its data runs out at the current pace. Pure: the caller passes the time and readings.
import { loadReadings, saveReadings, type Reading } from '@/shared/usage/readings';
import { instant } from './profile';

/** A warning at this share of the quota used (exact, see usedAtLeast). */
export const LOW_DATA_SHARE = 0.8;
/** A warning this close to the end of the plan. */
export const EXPIRES_WITHIN_MS = 24 * 60 * 60_000;
/** An estimate needs readings at least this far apart (closer ones give wild paces). */
export const MIN_ESTIMATE_SPAN_MS = 15 * 60_000;
/** Readings kept per bundle. */
export const MAX_READINGS = 20;

export type UsageNotice = { lowData: boolean; expiresSoon: boolean };

type NoticeInput = {
  bundleState: string;
  initialQuantity: number;
  remainingQuantity: number;
  unlimited: boolean;
  endTime: string | null | undefined;
};

/** usageNotice says whether an Active bundle has used >= 80% of its data or ends within 24 h. */
export function usageNotice(b: NoticeInput, now: number): UsageNotice {
  if (b.bundleState !== 'Active') return { lowData: false, expiresSoon: false };
  const initial = b.initialQuantity;
  const used = initial - Math.max(b.remainingQuantity, 0);
  // used/initial >= 4/5 without division, so 79.9999% never reads as 80%.
  const lowData = !b.unlimited && initial > 0 && used * 5 >= initial * 4;
  const end = instant(b.endTime);
  const left = end === null ? null : end - now;
  return { lowData, expiresSoon: left !== null && left > 0 && left <= EXPIRES_WITHIN_MS };
}

/** addReading appends r to a bundle's readings (oldest first) by the vector's rule. */
export function addReading(list: readonly Reading[], r: Reading, max = MAX_READINGS): Reading[] {
  const last = list.at(-1);
  if (!last) return [r];
  if (r.at <= last.at) return [...list];
  if (r.initial !== last.initial || r.remaining > last.remaining) return [r];
  const before = list.at(-2);
  const next =
    r.remaining === last.remaining && before?.remaining === last.remaining && before.initial === last.initial
      ? [...list.slice(0, -1), r]
      : [...list, r];
  return next.slice(-max);
}

/** runOutAt is when the data runs out at the pace of the readings (ms), or null without enough history. */
export function runOutAt(list: readonly Reading[]): number | null {
  const first = list[0];
  const last = list.at(-1);
  if (!first || !last || list.length < 2) return null;
  const span = last.at - first.at;
  const used = first.remaining - last.remaining;
  if (span < MIN_ESTIMATE_SPAN_MS || used <= 0 || last.remaining <= 0) return null;
  // last.at + last.remaining * span / used, whole seconds rounded down.
  return last.at + Math.floor((last.remaining * span) / used / 1000) * 1000;
}

type Measured = { bundleId: string; initialQuantity: number; remainingQuantity: number; unlimited: boolean };

/**
 * recordReadings adds what the bundles of one eSIM had left at `at` to the device's
 * readings of the account (bundles without a quota are skipped) and returns them by bundle id.
 */
export function recordReadings(storage: Storage, account: string, iccid: string, bundles: readonly Measured[], at: number): Record<string, Reading[]> {
  const all = loadReadings(storage, account);
  const mine = { ...(all[iccid] ?? {}) };
  for (const b of bundles) {
    if (b.unlimited || b.initialQuantity <= 0 || !b.bundleId) continue;
    mine[b.bundleId] = addReading(mine[b.bundleId] ?? [], { at, remaining: b.remainingQuantity, initial: b.initialQuantity });
  }
  saveReadings(storage, account, { ...all, [iccid]: mine });
  return mine;
}
