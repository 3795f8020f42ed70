/**
 * The document head is the served index.html's: `esim serve` writes the title, description,
 * keywords, Open Graph and Twitter tags into it (previewers run no JavaScript). The app
 * only updates those tags, never adds a second copy: a page has one <title> and one
 * description whatever route it went through.
 */

/** setDocumentTitle updates the one <title> (document.title writes the first, or adds it when none). */
export function setDocumentTitle(title: string): void {
  if (document.title !== title) document.title = title;
  // A copy added by another script or an older build: one title stays.
  document.querySelectorAll('title').forEach((t, i) => {
    if (i > 0) t.remove();
  });
}

/** metaContent reads a <meta name|property=key>'s content ('' when absent). */
export function metaContent(key: string): string {
  return document.head.querySelector<HTMLMetaElement>(`meta[name="${key}"], meta[property="${key}"]`)?.content ?? '';
}

/** setMeta updates the <meta name=key> (or property= for og:*), adding it only when missing. */
export function setMeta(key: string, content: string): void {
  const attr = key.startsWith('og:') ? 'property' : 'name';
  const all = document.head.querySelectorAll<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  let tag = all[0];
  all.forEach((t, i) => {
    if (i > 0) t.remove();
  });
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.append(tag);
  }
  if (tag.content !== content) tag.content = content;
}
