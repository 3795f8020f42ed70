import { describe, expect, it } from 'vitest';
import { browserLocale, detectLocale, dirOf, localeOfTag, LOCALE_COOKIE, LOCALE_STORAGE_KEY, readCookie, readStored, rememberLocale } from './locales';

describe('detectLocale', () => {
  it.each([
    { name: 'URL param wins over everything', input: { search: '?lang=ar', stored: 'fr', languages: ['fr-FR'] }, want: 'ar' },
    { name: 'URL param with region and case', input: { search: '?x=1&lang=FR-ca' }, want: 'fr' },
    { name: 'unknown URL param falls to the remembered choice', input: { search: '?lang=de', stored: 'ar' }, want: 'ar' },
    { name: 'remembered choice wins over the browser', input: { stored: 'fr', languages: ['ar-LB'] }, want: 'fr' },
    { name: 'corrupt remembered value is skipped', input: { stored: 'klingon', languages: ['ar-LB'] }, want: 'ar' },
    { name: 'first browser language the shop speaks', input: { languages: ['de-DE', 'fr-BE', 'ar'] }, want: 'fr' },
    { name: 'browser language with underscore', input: { languages: ['ar_LB'] }, want: 'ar' },
    { name: 'nothing known: English', input: { languages: ['de', 'es'] }, want: 'en' },
    { name: 'nothing at all: English', input: {}, want: 'en' },
  ])('$name', ({ input, want }) => expect(detectLocale(input)).toBe(want));
});

describe('localeOfTag and dirOf', () => {
  it('reads base languages only', () => {
    expect(localeOfTag('ar-LB')).toBe('ar');
    expect(localeOfTag(' en ')).toBe('en');
    expect(localeOfTag('arx')).toBeUndefined();
    expect(localeOfTag(null)).toBeUndefined();
  });
  it('Arabic is right-to-left, the others left-to-right', () => {
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('en')).toBe('ltr');
    expect(dirOf('fr')).toBe('ltr');
  });
});

describe('remembered choice', () => {
  it('round-trips through storage', () => {
    rememberLocale(window.localStorage, 'fr');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
    expect(readStored(window.localStorage)).toBe('fr');
  });
  it('a blocked storage loses the memory, not the page', () => {
    const blocked = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Storage;
    expect(() => rememberLocale(blocked, 'ar')).not.toThrow();
    expect(readStored(blocked)).toBeNull();
  });
});

describe('browserLocale', () => {
  const fakeWindow = (search: string, stored: string | null, languages: string[]) =>
    ({
      location: { search },
      localStorage: { getItem: (k: string) => (k === LOCALE_STORAGE_KEY ? stored : null) },
      navigator: { languages, language: languages[0] ?? '' },
    }) as unknown as Window;

  it('URL > remembered > navigator > en', () => {
    expect(browserLocale(fakeWindow('?lang=fr', 'ar', ['ar']))).toBe('fr');
    expect(browserLocale(fakeWindow('', 'ar', ['fr']))).toBe('ar');
    expect(browserLocale(fakeWindow('', null, ['fr-CA']))).toBe('fr');
    expect(browserLocale(fakeWindow('', null, ['ja']))).toBe('en');
  });
  it('the cookie (what the server chose by) comes before storage', () => {
    const win = (stored: string | null, cookie: string) => ({ ...fakeWindow('', stored, ['en']), document: { cookie } }) as unknown as Window;
    expect(browserLocale(win(null, `theme=dark; ${LOCALE_COOKIE}=ar`))).toBe('ar');
    expect(browserLocale(win('fr', `${LOCALE_COOKIE}=ar`))).toBe('ar');
    expect(browserLocale(win('fr', 'theme=dark'))).toBe('fr');
  });
});

describe('the locale cookie (what esim serve reads to pick the prerendered page)', () => {
  it('is written with the stored choice, for the whole site, for a year', () => {
    const doc = { cookie: '' } as Document;
    rememberLocale(window.localStorage, 'fr', doc);
    expect(doc.cookie).toBe(`${LOCALE_COOKIE}=fr; Path=/; Max-Age=31536000; SameSite=Lax`);
  });
  it('is read among other cookies; none is null', () => {
    expect(readCookie({ cookie: `a=1; ${LOCALE_COOKIE}=fr; b=2` } as Document)).toBe('fr');
    expect(readCookie({ cookie: 'a=1' } as Document)).toBeNull();
    expect(readCookie(undefined)).toBeNull();
  });
});
