/** Where a checkout link may send the browser (docs/contract.md "checkoutHosts"). */
export type LinkPolicy = { checkoutHosts: readonly string[]; sandbox: boolean };

/**
 * allowedCheckoutLink returns the link to follow, or null when it must be refused: only
 * https on a configured host, or the page's own origin when the sandbox is on. A link
 * from the server is not trusted blindly because following it sends the buyer away.
 */
export function allowedCheckoutLink(link: string, policy: LinkPolicy, origin: string): URL | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '') return null;
  if (policy.sandbox && url.origin === new URL(origin).origin) return url;
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase();
  return policy.checkoutHosts.some((h) => h.toLowerCase() === host) ? url : null;
}
