import type { Bundle, Country, Region } from '../api/types';

/** One entry of the area list: a country, a region or a group of special bundles. */
export type Area = {
  /** Unique within the list. */
  key: string;
  kind: 'country' | 'region' | 'special';
  name: string;
  /** What the flag is chosen from: ISO code, region name or special icon code. */
  flag: string;
  /** The catalog/bundles/:area origin; empty for special groups (bundles known already). */
  origin: string;
  /** A special area's group as the provider names it (its bundles carry it); name may be translated. */
  group?: string;
};

/** One area per country; nameOf names it in the page's language (the provider's name when it gives none). */
export const countryAreas = (countries: readonly Country[], nameOf?: (c: Country) => string | undefined): Area[] =>
  countries.map((c) => ({ key: `c:${c.isoCode}`, kind: 'country', name: nameOf?.(c) ?? c.name, flag: c.isoCode, origin: c.isoCode }));

/** One area per region; nameOf names it in the page's language (the provider's name as sent otherwise). */
export const regionAreas = (regions: readonly Region[], nameOf: (name: string) => string = (n) => n): Area[] =>
  regions.map((r) => ({ key: `r:${r.name}`, kind: 'region', name: nameOf(r.name), flag: r.name, origin: r.name }));

/** One area per special group, in first-seen order: groups never repeat. nameOf names a group (by its name and icon code) in the page's language. */
export function specialAreas(bundles: readonly Bundle[], nameOf: (group: string, code: string) => string = (g) => g): Area[] {
  const seen = new Set<string>();
  const out: Area[] = [];
  for (const b of bundles) {
    const group = b.group?.trim();
    if (!group || seen.has(group.toLowerCase())) continue;
    seen.add(group.toLowerCase());
    const flag = b.groupIconCode ?? b.flagsCodes?.[0] ?? '';
    out.push({ key: `s:${group}`, kind: 'special', name: nameOf(group, flag), flag, origin: '', group });
  }
  return out;
}

/** The special bundles of one group. */
export const bundlesOfGroup = (bundles: readonly Bundle[], group: string): Bundle[] =>
  bundles.filter((b) => b.group?.trim().toLowerCase() === group.toLowerCase());
