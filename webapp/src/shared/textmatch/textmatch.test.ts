import vectors from '@contract/vectors/match.json';
import { describe, expect, it } from 'vitest';
import { createIndex, matches, searchKey } from './textmatch';

describe('match vectors', () => {
  it.each(vectors.normalize.cases)('normalize: $name', (c) => expect(searchKey(c.input)).toBe(c.want));
  it.each(vectors.match.cases)('match: $name', (c) => expect(matches(c.country, c.query)).toBe(c.want));
  it.each(vectors.filter.cases)('filter: $name', (c) => {
    const index = createIndex(c.countries, (n) => n);
    expect(index.filter(c.query)).toEqual(c.want);
    expect(c.countries.filter((n) => matches(n, c.query))).toEqual(c.want);
  });
});

describe('createIndex', () => {
  it('returns a copy for a blank query, never the input array', () => {
    const items = [{ name: 'Turkey' }];
    const out = createIndex(items, (i) => i.name).filter('  ');
    expect(out).toEqual(items);
    expect(out).not.toBe(items);
  });
});
