import vectors from '@contract/vectors/harkey.json';
import { describe, expect, it } from 'vitest';
import { FIXTURE_BASES, keyOf, type Bases } from './har';

// Every case of contract/vectors/harkey.json, which the Go contract/har package runs too.
type Case = (typeof vectors.key.cases)[number];

const basesOf = (c: Case): Bases =>
  c.bases ? { api: c.bases.api, support: c.bases.support, esimcheck: c.bases.esimcheck, logs: c.bases.logs } : FIXTURE_BASES;

describe('HAR match key (contract/vectors/harkey.json)', () => {
  it('has no section without a runner', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description')).toEqual(['key']);
  });
  it.each(vectors.key.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(keyOf(basesOf(c), c.method, new URL(c.url), c.body)).toEqual(c.want);
  });
});
