import vectors from '@contract/vectors/profile.json';
import { describe, expect, it } from 'vitest';
import { bundleTab, coveredCountries, originOf, sortHistory } from './profile';

// Every case of contract/vectors/profile.json, shared with the Go sdk/profile package.
describe('profile vectors', () => {
  it('covers every section of the vector file', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description').sort()).toEqual(['coverage', 'history', 'tab', 'topupOrigin']);
  });

  it.each(vectors.tab.cases)('tab: $name', ({ state, want }) => {
    expect(bundleTab(state)).toBe(want);
  });

  it.each(vectors.history.cases)('history: $name', ({ entries, want }) => {
    expect(sortHistory(entries as { id: string; assignmentDatetime: string | null }[]).map((e) => e.id)).toEqual(want);
  });

  it.each(vectors.coverage.cases)('coverage: $name', ({ countries, want }) => {
    expect(coveredCountries(countries as { isoCode: string; name: string | null }[])).toEqual(want);
  });
});

describe('originOf (contract/vectors/profile.json topupOrigin, shared with Go profile.TopupOrigin)', () => {
  it.each(vectors.topupOrigin.cases)('$name', ({ countries, want }) => {
    expect(originOf(countries)).toBe(want);
  });
});
