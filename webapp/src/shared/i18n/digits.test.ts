import vectors from '@contract/vectors/digits.json';
import { describe, expect, it } from 'vitest';
import { asciiDigits } from './digits';

describe('contract/vectors/digits.json', () => {
  it('has a runner for every section', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description')).toEqual(['ascii']);
  });
  it.each(vectors.ascii.cases)('ascii: $name', ({ input, want }) => {
    expect(asciiDigits(input)).toBe(want);
  });
});
