// The shop's own catalogues (src/features/<ns>/locales, src/shared/i18n/locales): a journey
// in Arabic or French asserts the texts the shop ships, looked up by key, never retyped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

export type Locale = 'en' | 'ar' | 'fr';

/** texts returns t(key, vars) over one namespace's catalogue in one locale; a missing key throws. */
export function texts(ns: string, locale: Locale): (key: string, vars?: Record<string, string | number>) => string {
  const file = ns === 'shared' ? path.join(src, 'shared/i18n/locales', `${locale}.json`) : path.join(src, 'features', ns, 'locales', `${locale}.json`);
  const cat = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return (key, vars = {}) => {
    const text = cat[key];
    if (typeof text !== 'string') throw new Error(`catalogue ${ns}/${locale} has no key ${key}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
  };
}
