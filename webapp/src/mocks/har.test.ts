import vectors from '@contract/vectors/harkey.json';
import { describe, expect, it } from 'vitest';
import { bodyKey, FIXTURE_BASES, keyOf, type Bases } from './har';

// Every case of contract/vectors/harkey.json, which the Go contract/har package runs too.
type KeyCase = (typeof vectors.key.cases)[number];
type BodyCase = (typeof vectors.body.cases)[number];

const basesOf = (c: KeyCase): Bases => {
  if (!c.bases) return FIXTURE_BASES;
  const b: Bases = { api: c.bases.api, support: c.bases.support, esimcheck: c.bases.esimcheck, logs: c.bases.logs };
  if ('checkout' in c.bases) b.checkout = c.bases.checkout;
  return b;
};

describe('HAR match key (contract/vectors/harkey.json)', () => {
  it('has no section without a runner', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description')).toEqual(['key', 'body']);
  });
  it.each(vectors.key.cases.map((c) => [c.name, c] as const))('key: %s', (_name, c) => {
    const contentType = ('contentType' in c ? c.contentType : undefined) ?? '';
    expect(keyOf(basesOf(c), c.method, new URL(c.url), c.body, contentType)).toEqual(c.want);
  });
  it.each(vectors.body.cases.map((c) => [c.name, c] as const))('body: %s', (_name, c: BodyCase) => {
    const path = ('path' in c ? c.path : undefined) ?? '';
    expect(bodyKey(c.service, path, c.contentType, c.body)).toBe(c.want);
  });
});
