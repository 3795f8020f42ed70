import { findScenario } from '@/mocks/handlers';
import type { Session } from '@/shared/api/session';

function tokens(call: 'token.otp' | 'token.guest', isGuest: Session['isGuest']): Partial<Session> {
  const body = findScenario(call, 'success').entries[0]?.body ?? '{}';
  const t = JSON.parse(body) as { access_token?: string; refresh_token?: string };
  return { token: t.access_token ?? '', refreshToken: t.refresh_token ?? '', isGuest };
}

/** The registered customer's tokens (Rana Haddad), as token.otp/success answers them. */
export const customerSession = (): Partial<Session> => tokens('token.otp', 'false');

/** A guest session, as token.guest/success answers it. */
export const guestSession = (): Partial<Session> => tokens('token.guest', 'true');

/**
 * unsignedToken builds a JWT-shaped token with the given claims. The web app only reads
 * claims (the server verifies signatures), so tests can name any customer with it.
 */
export function unsignedToken(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.sig`;
}

/** A session by name: 'visitor' (none), 'guest', 'customer', or the stored keys themselves. */
export type SessionChoice = 'visitor' | 'guest' | 'customer' | Partial<Session>;

export function sessionOf(choice: SessionChoice | undefined): Partial<Session> | null {
  if (choice === undefined || choice === 'visitor') return null;
  if (choice === 'guest') return guestSession();
  if (choice === 'customer') return customerSession();
  return choice;
}
