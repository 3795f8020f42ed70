import { describe, expect, it } from 'vitest';
import { DEFAULT_DIAL_CODE, dialCodes, splitDialCode } from './dialCodes';

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

  it('lists every country once, with its country calling code (issue 24: Kosovo was there 4 times, the Dominican Republic 3)', () => {
    const isos = list.map((d) => d.iso);
    expect(isos.length).toBe(new Set(isos).size);
    expect(list.filter((d) => d.iso === 'XK')).toEqual([{ iso: 'XK', name: 'Kosovo', code: '383' }]);
    expect(list.filter((d) => d.iso === 'DO')).toEqual([{ iso: 'DO', name: 'Dominican Republic', code: '1' }]);
    // Svalbard dials Norway's +47; 79 belongs to the number. No area code stands in for a country code.
    expect(list.find((d) => d.iso === 'SJ')?.code).toBe('47');
    expect(list.find((d) => d.iso === 'JM')?.code).toBe('1');
    expect(list.filter((d) => d.code.length === 4)).toEqual([]);
  });

  it('lists Lebanon once and sorts the rest by name', () => {
    expect(list.filter((d) => d.iso === 'LB')).toHaveLength(1);
    const names = list.slice(1).map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(list.length).toBeGreaterThan(200);
  });
});

describe('splitDialCode', () => {
  const known = new Set(dialCodes().map((d) => d.code));
  it.each([
    ['+961 71 123 456', { code: '961', rest: '71 123 456' }],
    ['  +961-71-123456 ', { code: '961', rest: '71-123456' }],
    ['+96171123456', { code: '961', rest: '71123456' }],
    ['+33 6 12 34 56 78', { code: '33', rest: '6 12 34 56 78' }],
    ['+447700900123', { code: '44', rest: '7700900123' }],
    ['+1 212 555 0100', { code: '1', rest: '212 555 0100' }],
  ])('%j -> %j', (typed, want) => expect(splitDialCode(typed, known)).toEqual(want));

  it.each(['71 123 456', '+961', '+961 ', '+', '961+71123456', '+999 123'])('leaves %j as typed', (typed) => {
    expect(splitDialCode(typed, known)).toBeNull();
  });
});
