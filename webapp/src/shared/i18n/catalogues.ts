import type { Locale } from './locales';

// Catalogues are JSON, one namespace per feature folder plus `shared`, each locale a
// separate chunk: a page fetches only its own namespace in the active language.
export type Catalogue = Record<string, string>;
type Loader = () => Promise<{ default: Catalogue }>;

const featureFiles = import.meta.glob<{ default: Catalogue }>('../../features/*/locales/*.json');
const sharedFiles = import.meta.glob<{ default: Catalogue }>('./locales/*.json');

const loaders = new Map<string, Loader>();
for (const [file, load] of Object.entries(featureFiles)) {
  const m = /features\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(file);
  if (m) loaders.set(`${m[2]}/${m[1]}`, load);
}
for (const [file, load] of Object.entries(sharedFiles)) {
  const m = /locales\/([a-z]+)\.json$/.exec(file);
  if (m) loaders.set(`${m[1]}/shared`, load);
}

/**
 * The namespaces every page needs: the frame (layout) and the shared texts. Here, not in
 * i18n.ts, so start-up can fetch them without evaluating i18next (app/startup.ts).
 */
export const FRAME_NAMESPACES = ['shared', 'layout'] as const;

/** Every namespace with a catalogue: `shared` and the feature folders that have locales/. */
export const NAMESPACES: readonly string[] = [...new Set([...loaders.keys()].map((k) => k.split('/')[1] ?? ''))].sort();

// Loaded catalogues are immutable data; keeping them lets a new i18n instance (a story, a
// test, AppProviders) start synchronously with what is already here.
const loaded = new Map<string, Catalogue>();

/** cachedCatalogue is a catalogue already loaded, or undefined. */
export const cachedCatalogue = (locale: Locale, ns: string): Catalogue | undefined => loaded.get(`${locale}/${ns}`);

/** loadCatalogue fetches one locale's namespace; a namespace without a file is an error. */
export async function loadCatalogue(locale: Locale, ns: string): Promise<Catalogue> {
  const key = `${locale}/${ns}`;
  const hit = loaded.get(key);
  if (hit) return hit;
  const load = loaders.get(key);
  if (!load) throw new Error(`i18n: no catalogue ${ns} for ${locale}`);
  const cat = (await load()).default;
  loaded.set(key, cat);
  return cat;
}

/** loadCatalogues fetches several namespaces of several locales in parallel. */
export async function loadCatalogues(locales: readonly Locale[], namespaces: readonly string[]): Promise<void> {
  await Promise.all(locales.flatMap((l) => namespaces.map((ns) => loadCatalogue(l, ns))));
}
