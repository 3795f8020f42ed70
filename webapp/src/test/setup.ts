import '@testing-library/jest-dom/vitest';
// IndexedDB for the offline install kit (jsdom has none).
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalogues, NAMESPACES } from '@/shared/i18n/catalogues';
import { createI18n } from '@/shared/i18n/i18n';
import { LOCALES } from '@/shared/i18n/locales';
import { clearKits } from '@/shared/offline/installKit';

// findBy*/waitFor wait up to 5 s, as the story tests do: on a loaded 2-core CI machine a
// page's first data render took over the default 1 s (routes.test.tsx failed so).
configure({ asyncUtilTimeout: 5_000 });

// Every catalogue is in memory before a test renders: AppProviders then starts in any
// locale synchronously, and components outside it (the route table) read English from
// the global instance.
await loadCatalogues(LOCALES, NAMESPACES);
createI18n({ locale: 'en', namespaces: NAMESPACES, global: true });

afterEach(async () => {
  // Files that run in the node environment have no DOM to clean.
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  // Each test starts with no saved install kit.
  await clearKits();
});
