import vectors from '@contract/vectors/profile.json';
import { describe, expect, it } from 'vitest';
import { bundleTab, coveredCountries, originOf, sortHistory } from './profile';

// Every case of contract/vectors/profile.json, shared with the Go sdk/profile package.
describe('profile vectors', () => {
  it('covers every section of the vector file', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description').sort()).toEqual(['coverage', 'history', 'tab']);
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

describe('originOf', () => {
  it.each([
    { name: 'ISO code first', countries: [{ isoCode: 'TR', name: 'Turkey' }], want: 'TR' },
    { name: 'name when no code', countries: [{ isoCode: '', name: 'Europe' }], want: 'Europe' },
    { name: 'only the first entry counts', countries: [{ isoCode: 'FR', name: 'France' }, { isoCode: 'TR', name: 'Turkey' }], want: 'FR' },
    { name: 'empty list', countries: [], want: '' },
  ])('$name', ({ countries, want }) => {
    expect(originOf(countries)).toBe(want);
  });
});
