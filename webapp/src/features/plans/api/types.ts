import type { Bundle, Country, Region } from '@/shared/api/types';

export type { Bundle, Country, Region };

/**
 * The catalogue calls the plans page makes: a subset of the shop API's catalog, so the
 * page runs on the real client in the app and on an in-memory catalogue in the bench.
 */
export type CatalogApi = {
  countries(): Promise<Country[]>;
  regions(): Promise<Region[]>;
  specialBundles(): Promise<Bundle[]>;
  /** Bundles of one area: an ISO code, a region name or "global". */
  areaBundles(area: string): Promise<Bundle[]>;
  search(isoCodes: readonly string[]): Promise<Bundle[]>;
};
