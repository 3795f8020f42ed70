import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './catalogues';
import { createI18n } from './i18n';
import { areaName, byName, planTitle } from './areaNames';
import type { Locale } from './locales';

const tOf = (locale: Locale) => createI18n({ locale, namespaces: NAMESPACES }).getFixedT(locale, 'shared');
// formatQuota isolates Arabic quantities with LRI ... PDI, so they read '500 MB' in a right-to-left line.
const iso = (s: string) => `\u2066${s}\u2069`;

describe('areaName', () => {
  it.each([
    { locale: 'ar' as const, name: 'Europe', want: 'أوروبا' },
    { locale: 'ar' as const, name: 'Middle East', want: 'الشرق الأوسط' },
    { locale: 'fr' as const, name: 'middle east', want: 'Moyen-Orient' },
    { locale: 'fr' as const, name: 'Global', want: 'Monde' },
    { locale: 'en' as const, name: 'Middle East', want: 'Middle East' },
    { locale: 'ar' as const, name: 'Atlantis', want: 'Atlantis' },
  ])('$locale: $name', ({ locale, name, want }) => {
    expect(areaName(tOf(locale), locale, name)).toBe(want);
  });

  it('names a special group by its icon code, whatever its English name', () => {
    expect(areaName(tOf('ar'), 'ar', 'Hajj & Umrah', 'haj')).toBe('الحج والعمرة');
    expect(areaName(tOf('fr'), 'fr', 'Hajj and Umrah', 'haj')).toBe('Hajj et Omra');
    expect(areaName(tOf('en'), 'en', 'Hajj & Umrah', 'haj')).toBe('Hajj & Umrah');
  });
});

describe('planTitle', () => {
  const turkey = { countries: [{ isoCode: 'TR', name: 'Turkey' }] };
  const tr = new Intl.DisplayNames(['ar-LB'], { type: 'region' }).of('TR');
  const trFr = new Intl.DisplayNames(['fr-FR'], { type: 'region' }).of('TR');
  it.each([
    { locale: 'fr' as const, title: 'Turkey 500MB 1 Day', ctx: turkey, want: `${trFr} 500\u202fMo 1 jour` },
    { locale: 'ar' as const, title: 'Turkey 500MB 1 Day', ctx: turkey, want: `${tr} ${iso('500 MB')} لمدة يوم واحد` },
    { locale: 'fr' as const, title: 'Europe 5GB 30 Days', ctx: {}, want: 'Europe 5\u202fGo 30 jours' },
    { locale: 'ar' as const, title: 'Middle East 20GB 30 Days', ctx: {}, want: `الشرق الأوسط ${iso('20 GB')} لمدة 30 يوماً` },
    { locale: 'fr' as const, title: 'Global Unlimited 15 Days', ctx: {}, want: 'Monde Illimité 15 jours' },
    { locale: 'ar' as const, title: 'Hajj & Umrah 5GB 15 Days', ctx: { group: 'Hajj & Umrah', groupCode: 'haj' }, want: `الحج والعمرة ${iso('5 GB')} لمدة 15 يوماً` },
    // Shown as sent: English, another pattern, an area the shop cannot name.
    { locale: 'en' as const, title: 'Turkey 500MB 1 Day', ctx: turkey, want: 'Turkey 500MB 1 Day' },
    { locale: 'fr' as const, title: 'Turkey Starter Pack', ctx: turkey, want: 'Turkey Starter Pack' },
    { locale: 'fr' as const, title: 'Atlantis 1GB 7 Days', ctx: turkey, want: 'Atlantis 1GB 7 Days' },
    { locale: 'ar' as const, title: '5GB - 15 Days', ctx: {}, want: '5GB - 15 Days' },
  ])('$locale: $title', ({ locale, title, ctx, want }) => {
    expect(planTitle(tOf(locale), locale, title, ctx)).toBe(want);
  });
});

describe('byName', () => {
  it('sorts Arabic names in Arabic alphabetical order, not by the English names', () => {
    const names = ['ألمانيا', 'تركيا', 'اليونان', 'إيطاليا', 'فرنسا', 'النمسا'];
    // The hamza forms of alef sort with alef (ألمانيا, إيطاليا), and the article is spelt out:
    // أل-م < ال-ن < ال-ي < إي. By the English names (Austria, France, ...) it would start with النمسا.
    expect(byName(names, 'ar', (n) => n)).toEqual(['ألمانيا', 'النمسا', 'اليونان', 'إيطاليا', 'تركيا', 'فرنسا']);
  });
  it('keeps English in the catalogue order', () => {
    expect(byName(['Turkey', 'France'], 'en', (n) => n)).toEqual(['Turkey', 'France']);
  });
  it('sorts French accents with their letters', () => {
    expect(byName(['Équateur', 'Estonie', 'Égypte', 'Érythrée', 'Espagne'], 'fr', (n) => n)).toEqual(['Égypte', 'Équateur', 'Érythrée', 'Espagne', 'Estonie']);
  });
});

describe('planTitle of a country bundle', () => {
  it('names the country of its first flag when its countries do not name it', () => {
    const t = tOf('fr');
    const name = new Intl.DisplayNames(['fr-FR'], { type: 'region' }).of('TR');
    expect(planTitle(t, 'fr', 'Turkey 1GB 7 Days', { countryCode: 'TR' })).toBe(`${name} 1\u202fGo 7 jours`);
  });
});
