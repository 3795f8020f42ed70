// List rules of the profile page (spec sections 4 and 5), pinned by
// contract/vectors/profile.json (shared with the Go sdk/profile package).
import { formatDate } from '@/shared/format/format';
import { isBundleState, type BundleState, type CoveredCountry } from '@/shared/api/types';

export type Tab = 'active' | 'expired' | 'hidden';

/** The tab of each contract state (a state added to the contract fails the type-check here). */
const TABS: Record<BundleState, Tab> = {
  Processing: 'active',
  Queued: 'active',
  Active: 'active',
  Depleted: 'expired',
  Expired: 'expired',
  Revoked: 'expired',
};

/** bundleTab maps a bundle state to its tab; exact and case-sensitive, as the server sends it. */
export function bundleTab(state: string | null | undefined): Tab {
  return typeof state === 'string' && isBundleState(state) ? TABS[state] : 'hidden';
}

/** instant of a server date in ms, or null when it counts as no date (see the vector). */
export function instant(input: string | null | undefined): number | null {
  const f = formatDate(input);
  if (f.invalid || f.text === '' || typeof input !== 'string') return null;
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(input);
  const ms = Date.parse(zoned ? input : `${input}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** sortHistory orders purchases newest first, undated last; stable otherwise. */
export function sortHistory<T extends { assignmentDatetime: string | null | undefined }>(entries: readonly T[]): T[] {
  return entries
    .map((e, i) => ({ e, i, t: instant(e.assignmentDatetime) }))
    .sort((a, b) => {
      if (a.t === null || b.t === null) return a.t === b.t ? a.i - b.i : a.t === null ? 1 : -1;
      return b.t - a.t || a.i - b.i;
    })
    .map((x) => x.e);
}

// The covered-country name check is one rule for the profile and the plan cards
// (contract/vectors/profile.json `coverage`); it lives in shared/format.
export { coveredCountries, usableName } from '@/shared/format/format';

/** origin of a bundle for the top-up link: countries[0].isoCode, else its name. */
export function originOf(countries: readonly CoveredCountry[]): string {
  const first = countries[0];
  if (!first) return '';
  return first.isoCode.trim() || first.name.trim();
}
