// Two tabs share one session (localStorage) and find its access token expired together. A
// provider that rotates refresh tokens strictly accepts the old one once; both tabs must
// stay signed in, so only one of them may redeem it (the SESSION_LOCK around re-authentication).
import { describe, expect, it } from 'vitest';
import { fixtureConfig } from '@/test/fixtureConfig';
import { ApiClient, SESSION_LOCK, type SessionLocks } from './client';
import { memoryStorage } from './memoryStorage';
import { SessionStore } from './session';

/** exclusiveLocks grants each named lock to one holder at a time, in request order, like navigator.locks. */
function exclusiveLocks(): SessionLocks & { names: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, fn: () => Promise<T>): Promise<T> {
      names.push(name);
      const prev = tails.get(name) ?? Promise.resolve();
      const run = prev.then(fn, fn);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** strictProvider rotates refresh tokens with no grace period and takes only the newest access token. */
function strictProvider() {
  let generation = 0;
  const state = { access: 'access-0', refresh: 'refresh-0', accepted: 0, rejected: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.endsWith('/connect/token')) {
      const form = new URLSearchParams(String(init?.body ?? ''));
      // Both tabs' refreshes are in flight before either answer arrives.
      await new Promise((r) => setTimeout(r, 20));
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== state.refresh) {
        state.rejected++;
        return new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400, headers: { 'Content-Type': 'application/json' } });
      }
      state.accepted++;
      generation++;
      state.access = `access-${generation}`;
      state.refresh = `refresh-${generation}`;
      return Response.json({ access_token: state.access, refresh_token: state.refresh, expires_in: 900 });
    }
    const auth = new Headers(init?.headers).get('Authorization');
    if (auth !== `Bearer ${state.access}`) {
      return new Response(JSON.stringify({ title: 'Unauthorized', status: 401, detail: 'Token expired' }), {
        status: 401,
        headers: { 'Content-Type': 'application/problem+json' },
      });
    }
    return Response.json({ data: { ok: true } });
  };
  return { state, fetch };
}

const privateRead = (c: ApiClient) => c.send('getCurrentUser', { auth: 'private' });

describe('two tabs whose token expired', () => {
  it('refresh once between them and both stay signed in', async () => {
    const storage = memoryStorage({ token: 'access-expired', refreshToken: 'refresh-0', isGuest: 'false' });
    const provider = strictProvider();
    const locks = exclusiveLocks();
    // Each tab has its own client and store object over the one localStorage.
    const tab = () => new ApiClient({ config: fixtureConfig(), store: new SessionStore(storage), fetch: provider.fetch, locks });
    const [a, b] = [tab(), tab()];

    const results = await Promise.allSettled([privateRead(a), privateRead(b)]);

    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(provider.state).toMatchObject({ accepted: 1, rejected: 0 });
    expect(storage.getItem('token')).toBe(provider.state.access);
    expect(storage.getItem('refreshToken')).toBe(provider.state.refresh);
    expect(storage.getItem('isGuest')).toBe('false');
    expect(locks.names).toEqual([SESSION_LOCK, SESSION_LOCK]);
  });

  it('both see the session end when the refresh is rejected', async () => {
    const storage = memoryStorage({ token: 'access-expired', refreshToken: 'refresh-revoked', isGuest: 'false' });
    const provider = strictProvider();
    const locks = exclusiveLocks();
    const tab = () => new ApiClient({ config: fixtureConfig(), store: new SessionStore(storage), fetch: provider.fetch, locks });

    const results = await Promise.allSettled([privateRead(tab()), privateRead(tab())]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // The second tab read the cleared session and did not try the revoked token again.
    expect(provider.state).toMatchObject({ accepted: 0, rejected: 1 });
    expect(storage.getItem('token')).toBeNull();
  });
});
