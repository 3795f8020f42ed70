import { parseClaims } from '@/shared/api/claims';
import { isRegistered, type Session } from '@/shared/api/session';

/**
 * accountKey names whose data an account query holds: the token's subject (else its
 * e-mail), '' for a visitor. It is the same before and after a token refresh.
 */
export function accountKey(session: Session): string {
  if (!isRegistered(session)) return '';
  const c = parseClaims(session.token);
  return c?.sub || c?.email || 'registered';
}
