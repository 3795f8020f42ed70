import vectors from '@contract/vectors/format.json';
import { describe, expect, it } from 'vitest';
import {
  bundleTitle,
  cardCoverage,
  consumption,
  flagEmoji,
  flagFor,
  formatBytesGB,
  formatDate,
  formatPrice,
  formatQuota,
  formatUsedMB,
  formatValidity,
  gridRow,
  isMobileWidth,
} from './format';

// Every case of every section of the shared vectors (contract/vectors/format.json).
describe('format vectors', () => {
  it('covers every section of the vector file', () => {
    const sections = Object.keys(vectors).filter((k) => k !== 'description');
    expect(sections.sort()).toEqual(
      ['bundleTitle', 'bytesToGB', 'cardCoverage', 'consumption', 'date', 'flag', 'flagEmoji', 'gridRow', 'mobile', 'price', 'quota', 'usedMB', 'validity'].sort(),
    );
  });

  it.each(vectors.price.cases)('price: $name', (c) => expect(formatPrice(c.price)).toBe(c.want));
  it.each(vectors.quota.cases)('quota: $name', (c) => expect(formatQuota(c.quotaInMB)).toBe(c.want));
  it.each(vectors.validity.cases)('validity: $name', (c) => expect(formatValidity(c.durationInDays)).toBe(c.want));
  it.each(vectors.bytesToGB.cases)('bytesToGB: $name', (c) => expect(formatBytesGB(c.bytes)).toBe(c.want));
  it.each(vectors.usedMB.cases)('usedMB: $name', (c) =>
    expect(formatUsedMB(c.initialQuantity, c.remainingQuantity)).toBe(c.want),
  );
  it.each(vectors.consumption.cases)('consumption: $name', (c) =>
    expect(consumption(c.initialQuantity, c.remainingQuantity, c.unlimited)).toEqual(c.want),
  );
  it.each(vectors.date.cases)('date: $name', (c) =>
    expect(formatDate(c.input)).toEqual({ text: c.want, invalid: c.invalid }),
  );
  it.each(vectors.flag.cases)('flag: $name', (c) => expect(flagFor(c.input)).toEqual(c.want));
  it.each(vectors.flagEmoji.cases)('flagEmoji: $name', (c) => expect(flagEmoji(c.input)).toBe(c.want));
  it.each(vectors.cardCoverage.cases)('cardCoverage: $name', (c) => expect(cardCoverage(c.count)).toEqual(c.want));
  it.each(vectors.gridRow.cases)('gridRow: $name', (c) => expect(gridRow(c.position, c.mobile)).toBe(c.want));
  it.each(vectors.bundleTitle.cases)('bundleTitle: $name', (c) =>
    expect(bundleTitle({ businessTitle: c.businessTitle, listingDisplayTitle: c.listingDisplayTitle, name: c.bundleName })).toBe(c.want),
  );
  it.each(vectors.mobile.cases)('mobile: $name', (c) => expect(isMobileWidth(c.width)).toBe(c.want));
});

describe('formatDate', () => {
  it('uses plain ASCII spaces whatever the ICU version puts before AM/PM', () => {
    expect(formatDate('2026-11-22T13:40:00Z').text).toMatch(/^[\x20-\x7e]+$/);
  });
});
