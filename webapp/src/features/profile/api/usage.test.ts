import { describe, expect, it } from 'vitest';
import vectors from '@contract/vectors/usage.json';
import type { Reading } from '@/shared/usage/readings';
import { addReading, runOutAt, usageNotice } from './usage';

type WireReading = { at: string; remaining: number; initial: number };
const reading = (r: WireReading): Reading => ({ ...r, at: Date.parse(r.at) });
const wire = (r: Reading): WireReading => ({ ...r, at: new Date(r.at).toISOString().replace('.000Z', 'Z') });

// contract/vectors/usage.json; sdk/usage runs the notice section in Go.
describe('usage vectors', () => {
  it('has a runner for every section', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description').sort()).toEqual(['addReading', 'estimate', 'notice']);
  });

  it.each(vectors.notice.cases)('notice: $name', (c) => {
    expect(usageNotice(c.bundle, Date.parse(c.now))).toEqual(c.want);
  });

  it.each(vectors.addReading.cases)('addReading: $name', (c) => {
    expect(addReading(c.readings.map(reading), reading(c.add)).map(wire)).toEqual(c.want);
  });

  it.each(vectors.estimate.cases)('estimate: $name', (c) => {
    const got = runOutAt(c.readings.map(reading));
    expect(got === null ? null : wire({ at: got, remaining: 0, initial: 0 }).at).toBe(c.want);
  });
});

describe('addReading', () => {
  it('does not change the list it is given', () => {
    const list = [reading({ at: '2026-12-01T10:00:00Z', remaining: 900, initial: 1000 })];
    addReading(list, reading({ at: '2026-12-01T11:00:00Z', remaining: 800, initial: 1000 }));
    expect(list).toHaveLength(1);
  });
});
