/** Claims of the provider's access token (docs/contract.md "Token"). */
export type Claims = { sub: string; email: string; firstName: string; lastName: string; exp: number; isGuest: boolean };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function base64UrlDecode(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(s.length / 4) * 4, '=');
  const bin = atob(b64);
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/**
 * parseClaims decodes a JWT's payload without verifying it (the server does that); it
 * returns null for anything that is not a readable token.
 */
export function parseClaims(token: string): Claims | null {
  const part = token.split('.')[1];
  if (!part) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(part));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  return {
    sub: text(p.sub),
    email: text(p.email),
    firstName: text(p.first_name),
    lastName: text(p.last_name),
    exp: typeof p.exp === 'number' ? p.exp : 0,
    isGuest: p.is_guest === true || p.is_guest === 'true',
  };
}
