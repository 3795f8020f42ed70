import { parseClaims } from './claims';
import type { CurrentUser } from './types';

/**
 * customerOf is the logged-in customer, by the rule every client follows (Go:
 * sdk.Client.Customer, used by the CLI and TUI): the access token's claims when they carry
 * an e-mail, else the current-user lookup. It rejects when neither names an e-mail.
 * Pinned by contract/vectors/identity.json.
 */
export async function customerOf(token: string, lookup: () => Promise<CurrentUser | null>): Promise<CurrentUser> {
  const claims = parseClaims(token);
  const email = claims?.email.trim() ?? '';
  if (claims && email) return { email, firstName: claims.firstName, lastName: claims.lastName };
  const user = await lookup();
  const fetched = user?.email.trim() ?? '';
  if (!user || !fetched) throw new Error('customer: no e-mail in the token or the current user');
  return { email: fetched, firstName: user.firstName, lastName: user.lastName };
}
