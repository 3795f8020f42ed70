import { describe, expect, it } from 'vitest';
import { DEFAULT_DIAL_CODE, dialCodes } from './dialCodes';

describe('dialCodes', () => {
  const list = dialCodes();

  it('puts Lebanon (961) first and makes it the default', () => {
    expect(list[0]).toEqual({ iso: 'LB', name: 'Lebanon', code: '961' });
    expect(DEFAULT_DIAL_CODE).toBe(list[0]?.code);
  });

  it.each([
    ['TR', '90'],
    ['FR', '33'],
    ['AE', '971'],
    ['US', '1'],
  ])('has %s with %s', (iso, code) => {
    expect(list).toContainEqual(expect.objectContaining({ iso, code }));
  });

  it('lists Lebanon once and sorts the rest by name', () => {
    expect(list.filter((d) => d.iso === 'LB')).toHaveLength(1);
    const names = list.slice(1).map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list.length).toBeGreaterThan(200);
  });
});
