// Country search of the plans page, pinned by contract/vectors/match.json (shared with the
// Go sdk/textmatch package): trimmed, accent- and case-insensitive, matching anywhere.

const MARKS = /\p{Mn}/gu;
const APOSTROPHES = /[\u2019\u2018\u02bc]/g;

/** searchKey is the normalised form both the name and the query are compared in. */
export function searchKey(s: string): string {
  return s.trim().normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, "'").toLowerCase();
}

/** matches tells whether name contains query; a blank query matches everything. */
export function matches(name: string, query: string): boolean {
  return searchKey(name).includes(searchKey(query));
}

/**
 * A search index over items: the keys are computed once, so filtering on each keystroke
 * costs one normalisation of the query plus a substring test per item.
 */
export function createIndex<T>(items: readonly T[], nameOf: (item: T) => string) {
  const keys = items.map((item) => searchKey(nameOf(item)));
  return {
    filter(query: string): T[] {
      const q = searchKey(query);
      if (q === '') return items.slice();
      return items.filter((_, i) => keys[i]?.includes(q));
    },
  };
}
