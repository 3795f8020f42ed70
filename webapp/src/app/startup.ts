import { loadConfig } from '@/shared/config/config';
import { FRAME_NAMESPACES, loadCatalogues } from '@/shared/i18n/catalogues';
import { browserLocale } from '@/shared/i18n/locales';

// What main.tsx starts first, before the app's code is evaluated (in several tasks: see
// taskBreaks/): the configuration and the frame's texts are on their way meanwhile.

/** The visitor's language (docs/i18n.md). */
export const locale = browserLocale();

/** The languages whose texts load: the visitor's, and English, the fallback of missing texts. */
export const locales = locale === 'en' ? (['en'] as const) : ([locale, 'en'] as const);

/** The configuration, fetched at start-up, never baked into the bundle. */
export const configLoad = loadConfig();

/** The frame's texts (layout, shared) in the chosen language, so the first render shows text and no key. */
export const frameTexts = loadCatalogues(locales, FRAME_NAMESPACES);

// Awaited by main.tsx once its code has run; a failure must not be reported as unhandled
// before that (main shows the start-up error).
configLoad.catch(() => undefined);
frameTexts.catch(() => undefined);
