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
  formatInstant,
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
  // The web keeps a time with its period (a no-break space before AM/PM); the vectors write a plain one.
  it.each(vectors.date.cases)('date: $name', (c) =>
    expect(formatDate(c.input)).toEqual({ text: c.want.replace(/ (AM|PM)$/, '\u00a0$1'), invalid: c.invalid }),
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
  it('uses the same spaces whatever the ICU version puts before AM/PM: plain ones, a no-break one before the period', () => {
    expect(formatDate('2026-11-22T13:40:00Z').text).toMatch(/^[\x20-\x7e]+\u00a0PM$/);
  });
});

describe('per locale (Latin digits, prices in USD, Beirut time)', () => {
  it.each([
    // Arabic: Latin MB/GB isolated left to right (LRI ... PDI), so a right-to-left line reads '500 MB'.
    { locale: 'ar', quota: ['غير محدود', '\u2066500 MB\u2069', '\u20661.5 GB\u2069'], days: ['يوم واحد', 'يومان', '3 أيام', '11 يوماً', '100 يوم'] },
    // French: a narrow no-break space between the number and its unit.
    { locale: 'fr', quota: ['Illimité', '500\u202fMo', '1,5\u202fGo'], days: ['1 jour', '2 jours', '3 jours', '11 jours', '100 jours'] },
    { locale: 'en', quota: ['Unlimited', '500 MB', '1.5 GB'], days: ['1 Day', '2 Days', '3 Days', '11 Days', '100 Days'] },
  ] as const)('$locale', ({ locale, quota, days }) => {
    expect([formatQuota(-1, locale), formatQuota(500, locale), formatQuota(1500, locale)]).toEqual(quota);
    expect([1, 2, 3, 11, 100].map((d) => formatValidity(d, locale))).toEqual(days);
  });

  it('prices per locale through Intl.NumberFormat with the currency (English: the spec)', () => {
    expect(formatPrice(4.55)).toBe('4.55 USD');
    expect(formatPrice(4.55, 'en')).toBe('4.55 USD');
    expect(formatPrice(4.55, 'fr')).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'USD', currencyDisplay: 'code' }).format(4.55));
    expect(formatPrice(4.55, 'fr')).toMatch(/^4,55[\u00a0\u202f]USD$/);
    expect(formatPrice(1234.5, 'fr')).toMatch(/^1[\u00a0\u202f]234,50[\u00a0\u202f]USD$/);
    // Arabic: right to left (Intl's RLM first), Latin digits, the decimal point.
    expect(formatPrice(4.55, 'ar')).toMatch(/^\u200f?4\.55[\u00a0 ]USD$/);
    expect(formatPrice(null, 'fr')).toBe('NA');
  });

  // A line may break at any plain space: the time and its day period must not part (issue 24).
  it.each([
    ['en', 'Nov 22, 2026, 5:03\u00a0PM'],
    ['ar', /5:03\u00a0م$/],
    ['fr', /17:03$/],
  ] as const)('keeps a %s time whole: no breakable space inside it', (locale, want) => {
    const text = formatDate('2026-11-22T15:03:00Z', locale).text;
    if (typeof want === 'string') expect(text).toBe(want);
    else expect(text).toMatch(want);
    expect(text).not.toMatch(/\d:\d\d[ \u2009-\u200a\t]\S+$/);
    expect(formatInstant(Date.parse('2026-11-22T15:03:00Z'), locale)).toBe(text);
  });

  it('keeps an Arabic time with its period: 5:03 م never breaks before م', () => {
    const text = formatDate('2026-11-22T15:03:00Z', 'ar').text;
    expect(text).toMatch(/5:03\u00a0م$/);
    expect(text).not.toMatch(/5:03 م/);
  });

  it('dates: Beirut time, Latin digits, the locale’s words', () => {
    const ar = formatDate('2026-11-22T10:05:00Z', 'ar').text;
    expect(ar).toMatch(/تشرين الثاني/);
    expect(ar).toMatch(/2026/);
    expect(ar).toMatch(/12:05/);
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(formatDate('2026-11-22T10:05:00Z', 'fr').text).toMatch(/22 nov\. 2026.*12:05/);
    expect(formatDate('not a date', 'fr')).toEqual({ text: '', invalid: true });
  });

  it('consumption and bytes', () => {
    expect(consumption(1000, 550, false, 'fr').text).toMatch(/^45[\u00a0\u202f]%$/);
    // French percentages are exactly what Intl writes (a no-break space before %).
    const intlFr = new Intl.NumberFormat('fr-FR-u-nu-latn', { style: 'percent', maximumFractionDigits: 2 });
    expect(consumption(1000, 200, false, 'fr').text).toBe(intlFr.format(0.8));
    expect(consumption(5_000_000_000, 3_117_500_000, false, 'fr').text).toBe(intlFr.format(0.3765));
    expect(consumption(1000, 550, false, 'ar').text).toBe('45%');
    expect(consumption(0, 0, true, 'ar').text).toBe('غير محدود');
    expect(formatBytesGB(1_500_000_000, 'fr')).toBe('1,50\u202fGo');
    expect(formatUsedMB(2_000_000, 1_000_000, 'fr')).toBe('1\u202fMo');
    expect(formatBytesGB(500_000_000, 'ar')).toBe('\u20660.50 GB\u2069');
  });
});

describe('formatInstant', () => {
  const at = Date.parse('2026-11-23T18:05:00Z'); // 20:05 in Beirut (UTC+2 in winter)
  it('writes English as the shop does, in Beirut time', () => {
    expect(formatInstant(at, 'en')).toBe('Nov 23, 2026, 8:05\u00a0PM');
  });
  it.each(['ar', 'fr'] as const)('writes %s with Latin digits, in Beirut time', (locale) => {
    const text = formatInstant(at, locale);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/20:05|8:05/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });
  it('writes French months', () => {
    expect(formatInstant(at, 'fr')).toContain('nov.');
  });
});

describe('formatInstant', () => {
  it('writes the time in Beirut, in the locale, with Latin digits', () => {
    const at = '2026-11-23T18:30:00Z'; // 20:30 in Beirut
    expect(formatInstant(at, 'en')).toMatch(/Nov 23, 2026.*8:30\s?PM/);
    expect(formatInstant(at, 'fr')).toMatch(/23 nov\. 2026.*20:30/);
    const ar = formatInstant(at, 'ar');
    expect(ar).toMatch(/20:30|8:30/);
    expect(ar).not.toMatch(/[٠-٩]/);
  });

  it('is empty for a date it cannot read', () => {
    expect(formatInstant('not a date', 'en')).toBe('');
  });
});
