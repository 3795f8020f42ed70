/**
 * Usage readings kept on this device: what an eSIM bundle had left, and when the shop read
 * it. The provider has no usage history call, so the run-out estimate (features/profile
 * api/usage.ts) is built from these. One localStorage entry holds the readings of one
 * customer; another customer's or a logged-out visitor's readings are never read (the
 * QueryProvider clears them when the customer changes, logout included). See docs/contract.md.
 */

/** One reading: ms since the epoch it was fetched, and the bundle's bytes then. */
export type Reading = { at: number; remaining: number; initial: number };

/** Per eSIM (ICCID), per bundle id, oldest first. */
export type ReadingsByEsim = Record<string, Record<string, Reading[]>>;

export const READINGS_KEY = 'usageReadings';

/** At most this many eSIMs are kept (the ones read most recently win). */
export const MAX_ESIMS = 20;

type Stored = { account: string; esims: ReadingsByEsim };

const isReading = (r: unknown): r is Reading =>
  typeof r === 'object' &&
  r !== null &&
  ['at', 'remaining', 'initial'].every((k) => Number.isFinite((r as Record<string, unknown>)[k]));

/** loadReadings returns the account's readings; anything unreadable or another account's is empty. */
export function loadReadings(storage: Storage, account: string): ReadingsByEsim {
  if (account === '') return {};
  let raw: string | null;
  try {
    raw = storage.getItem(READINGS_KEY);
  } catch {
    return {};
  }
  if (!raw) return {};
  try {
    const s = JSON.parse(raw) as Partial<Stored>;
    if (s.account !== account || typeof s.esims !== 'object' || s.esims === null) return {};
    const out: ReadingsByEsim = {};
    for (const [iccid, bundles] of Object.entries(s.esims)) {
      if (typeof bundles !== 'object' || bundles === null) continue;
      const kept: Record<string, Reading[]> = {};
      for (const [id, list] of Object.entries(bundles)) {
        if (Array.isArray(list)) kept[id] = list.filter(isReading);
      }
      out[iccid] = kept;
    }
    return out;
  } catch {
    return {};
  }
}

/** saveReadings stores the account's readings, keeping the MAX_ESIMS most recently read eSIMs. */
export function saveReadings(storage: Storage, account: string, esims: ReadingsByEsim): void {
  if (account === '') return;
  const latest = (bundles: Record<string, Reading[]>) => Math.max(0, ...Object.values(bundles).flatMap((l) => l.map((r) => r.at)));
  const kept = Object.entries(esims)
    .sort(([, a], [, b]) => latest(b) - latest(a))
    .slice(0, MAX_ESIMS);
  try {
    storage.setItem(READINGS_KEY, JSON.stringify({ account, esims: Object.fromEntries(kept) } satisfies Stored));
  } catch (err) {
    // A full or blocked storage only costs the estimate; the page goes on.
    console.warn('usage readings not saved', err instanceof Error ? err.message : err);
  }
}

/** clearReadings forgets every reading (logout, or another customer signing in). */
export function clearReadings(storage: Storage): void {
  try {
    storage.removeItem(READINGS_KEY);
  } catch {
    // Nothing stored that could be read back.
  }
}
