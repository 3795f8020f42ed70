import { path, type ApiClient } from '@/shared/api/client';
import { parseClaims } from '@/shared/api/claims';
import { DecodeError, ValidationError } from '@/shared/api/errors';

/** localStorage key of the subject id kept when the e-mail is not confirmed yet (spec section 2). */
export const SUB_KEY = 'sub';

export type TokenCheck = { emailConfirmed: boolean; sub: string };

/**
 * checkEmailToken is the token landing's check. The spec does not show the request; we
 * call GET users/actions/verify-email-token/:token on the API base (docs/contract.md) and
 * read data.data.emailConfirmed and, when present, data.data.sub.
 */
export async function checkEmailToken(client: ApiClient, token: string): Promise<TokenCheck> {
  const t = token.trim();
  if (t === '') throw new ValidationError('token', 'is required');
  // Not in the contract (the spec shows neither request nor answer): the one untyped call.
  const body = await client.sendUndocumented({
    call: 'verifyEmailToken',
    method: 'GET',
    path: path`users/actions/verify-email-token/${t}`,
    auth: 'public',
  });
  const data = (body as { data?: { data?: unknown } } | undefined)?.data?.data;
  if (typeof data !== 'object' || data === null) throw new DecodeError('verifyEmailToken: no data.data');
  const d = data as Record<string, unknown>;
  return { emailConfirmed: d.emailConfirmed === true, sub: typeof d.sub === 'string' ? d.sub : '' };
}

/**
 * landWithToken runs the landing routine: the check, then the login routine when the
 * e-mail is confirmed (the token, a customer's access token, becomes the registered
 * session), else the subject id is kept locally. Errors are the caller's to log.
 */
export async function landWithToken(client: ApiClient, token: string, storage: Storage = window.localStorage): Promise<'login' | 'sub'> {
  const check = await checkEmailToken(client, token);
  const claims = parseClaims(token);
  if (check.emailConfirmed) {
    if (!claims || claims.isGuest) throw new DecodeError('token landing: the token is not a customer access token');
    client.store.save({ token, refreshToken: '', isGuest: 'false' });
    return 'login';
  }
  const sub = check.sub || claims?.sub || '';
  if (sub) storage.setItem(SUB_KEY, sub);
  return 'sub';
}
