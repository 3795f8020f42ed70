import { createInstance, type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { getI18n, initReactI18next } from 'react-i18next';
import { cachedCatalogue, FRAME_NAMESPACES, loadCatalogue, NAMESPACES } from './catalogues';
import { DEFAULT_LOCALE, dirOf, isLocale, LOCALES, type Locale } from './locales';

export { FRAME_NAMESPACES };

/** The i18next backend: catalogues from the lazy JSON chunks (catalogues.ts). */
const globBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    if (!isLocale(language)) {
      callback(new Error(`i18n: unsupported locale ${language}`), false);
      return;
    }
    loadCatalogue(language, namespace).then(
      (cat) => callback(null, cat),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** syncDocument keeps `<html lang dir>` on the active locale. */
export function syncDocument(doc: Document, locale: Locale): void {
  doc.documentElement.lang = locale;
  doc.documentElement.dir = dirOf(locale);
}

export type CreateOptions = {
  locale: Locale;
  /** Namespaces the first render needs; the frame's by default. */
  namespaces?: readonly string[];
  /** The document whose `<html lang dir>` follows the locale (none in pure tests). */
  document?: Document;
  /** Make this the instance react-i18next uses without a provider (the app's own). */
  global?: boolean;
};

/**
 * createI18n builds an i18next instance. It starts synchronously with the catalogues
 * already loaded (loadCatalogues first, so the first render shows text, never keys);
 * other namespaces come from the backend when a page asks for them.
 */
export function createI18n({ locale, namespaces = FRAME_NAMESPACES, document, global = false }: CreateOptions): I18n {
  const resources: Resource = {};
  for (const l of LOCALES) {
    for (const ns of NAMESPACES) {
      const cat = cachedCatalogue(l, ns);
      if (cat) (resources[l] ??= {})[ns] = cat;
    }
  }
  const i18n = createInstance();
  i18n.use(globBackend);
  if (global) i18n.use(initReactI18next);
  void i18n.init({
    lng: locale,
    supportedLngs: [...LOCALES],
    // A text missing in ar or fr shows the English one, never a key (the catalogue test
    // keeps them complete; this guards a branch merged before its translations).
    fallbackLng: DEFAULT_LOCALE,
    ns: [...namespaces],
    defaultNS: 'shared',
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    // React escapes; i18next escaping would show &amp; in texts.
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
  });
  if (document) {
    syncDocument(document, locale);
    i18n.on('languageChanged', (lng) => {
      if (isLocale(lng)) syncDocument(document, lng);
    });
  }
  return i18n;
}

/**
 * preloadNamespace loads a page's catalogue with its module (routes.tsx), so the page
 * renders text at once instead of suspending after it arrived.
 */
export async function preloadNamespace(ns: string): Promise<void> {
  const i18n = getI18n() as I18n | undefined;
  // A feature without texts yet has no catalogue: nothing to wait for.
  if (i18n && NAMESPACES.includes(ns)) await i18n.loadNamespaces(ns);
}
