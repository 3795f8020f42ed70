import { flagFor } from '@/shared/format/format';

// flag-icons SVGs, bundled so flags work offline (contract: empty flagBaseUrl). Each is
// emitted as its own file (no-inline): inlining 270 data URIs would bloat the chunk.
const bundled = import.meta.glob<string>('../../../../node_modules/flag-icons/flags/4x3/*.svg', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

const byCode = new Map<string, string>();
for (const [file, url] of Object.entries(bundled)) {
  const code = /\/([a-z0-9-]+)\.svg$/.exec(file)?.[1];
  if (code) byCode.set(code, url);
}

const imagesBase = `${import.meta.env.BASE_URL}images/`;

/** The placeholder shown when a flag is unknown or its image fails to load. */
export const placeholderSrc = `${imagesBase}regions/placeholder.svg`;

/**
 * flagSrc is the image of flagsCodes[0] (or an ISO code): a drawn regional icon for the
 * named regions and special codes, else the configured flag service, else the bundled SVG.
 */
export function flagSrc(code: string | null | undefined, flagBaseUrl = ''): string {
  const f = flagFor(code);
  switch (f.kind) {
    case 'region':
      return `${imagesBase}regions/${f.icon}.svg`;
    case 'flag':
      if (flagBaseUrl) return `${flagBaseUrl}${f.code}.svg`;
      return byCode.get(f.code) ?? placeholderSrc;
    default:
      return placeholderSrc;
  }
}
