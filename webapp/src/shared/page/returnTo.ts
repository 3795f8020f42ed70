/**
 * Where login sends the customer back to. A page that needs a registered customer (the
 * top-up list) sends a visitor to /login?next=<its path and query>; the login and code
 * pages carry `next` along, and after the code is verified the customer lands there
 * instead of /profile.
 */
export const RETURN_PARAM = 'next';

/**
 * safeReturnPath accepts only a path of this shop: it starts with one '/', is not a
 * protocol-relative or backslash URL (an open redirect), and is not the login or code page
 * itself. Anything else is '' (the caller's default).
 */
export function safeReturnPath(v: string | null | undefined): string {
  if (!v || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\')) return '';
  // Control characters (a newline, a tab) could split the URL or a header.
  for (const ch of v) {
    const c = ch.charCodeAt(0);
    if (c < 0x20 || c === 0x7f) return '';
  }
  const path = v.split(/[?#]/, 1)[0] ?? '';
  if (/^\/(login|otp)(\/|$)/i.test(path)) return '';
  return v;
}

/** returnParam reads `next` from a location's search string, checked. */
export const returnParam = (search: string): string => safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));

/** withReturn appends ?next=<path> (when there is one) to a path of the login flow. */
export function withReturn(path: string, next: string): string {
  const safe = safeReturnPath(next);
  return safe ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: safe }).toString()}` : path;
}
