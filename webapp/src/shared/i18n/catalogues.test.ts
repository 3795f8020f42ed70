import { describe, expect, it } from 'vitest';
import { cachedCatalogue, loadCatalogue, NAMESPACES, type Catalogue } from './catalogues';
import { LOCALES, type Locale } from './locales';

// Plural keys end in a CLDR category; each locale needs its own set (Arabic has six).
const PLURAL = /_(zero|one|two|few|many|other)$/;
const categories = (l: Locale) => new Intl.PluralRules(l).resolvedOptions().pluralCategories;
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (s: string) => [...s.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();

function baseKeys(cat: Catalogue): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const key of Object.keys(cat)) {
    const m = PLURAL.exec(key);
    const base = m ? key.slice(0, -m[0].length) : key;
    const list = out.get(base) ?? [];
    if (m?.[1]) list.push(m[1]);
    out.set(base, list);
  }
  return out;
}

describe('catalogues', () => {
  it('has the shared namespace and the frame', () => {
    expect(NAMESPACES).toContain('shared');
    expect(NAMESPACES).toContain('layout');
  });

  describe.each(NAMESPACES)('%s', (ns) => {
    const cat = (l: Locale) => {
      const c = cachedCatalogue(l, ns);
      if (!c) throw new Error(`${l}/${ns} not loaded`);
      return c;
    };

    it.each(LOCALES)('%s exists and every text is a non-empty string', async (l) => {
      const c = await loadCatalogue(l, ns);
      for (const [key, text] of Object.entries(c)) {
        expect(typeof text, `${l}/${ns}:${key}`).toBe('string');
        expect(text.trim(), `${l}/${ns}:${key}`).not.toBe('');
        expect(key, `${l}/${ns}:${key} is not camelCase`).toMatch(/^[a-z][A-Za-z0-9]*(_(zero|one|two|few|many|other))?$/);
      }
    });

    it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', (l) => {
      const en = baseKeys(cat('en'));
      const other = baseKeys(cat(l));
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [base, forms] of other) {
        // A plural key has every category of its language, and only those.
        if ((en.get(base) ?? []).length > 0) expect(forms.sort(), `${l}/${ns}:${base}`).toEqual([...categories(l)].sort());
        else expect(forms, `${l}/${ns}:${base} is plural only here`).toEqual([]);
      }
    });

    it.each(LOCALES.filter((l) => l !== 'en'))('%s uses the same {{placeholders}} and <tags> as English', (l) => {
      const en = cat('en');
      const other = cat(l);
      for (const [key, text] of Object.entries(other)) {
        const m = PLURAL.exec(key);
        const base = m ? key.slice(0, -m[0].length) : key;
        const ref = en[key] ?? en[`${base}_other`] ?? '';
        // A plural form may leave out {{count}} ("one day" written out), nothing else.
        const want = placeholders(ref).filter((p) => !(m && p === 'count'));
        const got = placeholders(text).filter((p) => !(m && p === 'count'));
        expect(got, `${l}/${ns}:${key}`).toEqual(want);
        expect(tags(text), `${l}/${ns}:${key}`).toEqual(tags(ref));
      }
    });

    it('English plural keys have every English category', () => {
      for (const [base, forms] of baseKeys(cat('en'))) {
        if (forms.length > 0) expect(forms.sort(), `en/${ns}:${base}`).toEqual([...categories('en')].sort());
      }
    });
  });

  // French typography: a narrow no-break space (U+202F) before : ; ? ! and », after «, and
  // between a number and its unit (114 Mo, 2 $, 11 %), never a plain or a missing space
  // (issue 24).
  it.each(NAMESPACES)('fr/%s writes French spacing with narrow no-break spaces', async (ns) => {
    const c = await loadCatalogue('fr', ns);
    const bad: string[] = [];
    for (const [key, text] of Object.entries(c)) {
      const rules: [RegExp, string][] = [
        [/[ \u00a0][:;?!»]/, 'a plain space before : ; ? ! »'],
        [/«[ \u00a0]/, 'a plain space after «'],
        [/[\p{L}\p{N})][;?!]/u, 'no space before ; ? !'],
        [/\d[ \u00a0]?(?:Mo|Go|\$|%)(?![\p{L}])/u, 'a plain or missing space between a number and its unit'],
      ];
      for (const [re, what] of rules) if (re.test(text)) bad.push(`${key}: ${what}: ${JSON.stringify(text)}`);
    }
    expect(bad).toEqual([]);
  });

  // A breakable hyphen lets a line end in 'Wi-' and start with 'Fi' (issue 24): every
  // catalogue writes Wi‑Fi with the non-breaking hyphen U+2011.
  it.each(NAMESPACES.flatMap((ns) => LOCALES.map((l) => [l, ns] as const)))('%s/%s never splits Wi‑Fi', async (l, ns) => {
    const c = await loadCatalogue(l, ns);
    const bad = Object.entries(c).filter(([, text]) => /wi[^\u2011\p{L}]?fi/iu.test(text) && !/wi\u2011fi/i.test(text));
    expect(bad).toEqual([]);
  });
});
