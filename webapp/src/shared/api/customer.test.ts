import vectors from '@contract/vectors/identity.json';
import { describe, expect, it } from 'vitest';
import { customerOf } from './customer';

// Every case of contract/vectors/identity.json, shared with Go sdk.Client.Customer.
const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** tokenFor builds an unsigned JWT carrying the claims, or an unreadable token for null. */
const tokenFor = (c: { email: string; firstName: string; lastName: string } | null): string =>
  c ? `${b64({ alg: 'none' })}.${b64({ email: c.email, first_name: c.firstName, last_name: c.lastName })}.` : 'not-a-token';

describe('customer identity vectors', () => {
  it('covers every section of the vector file', () => {
    expect(Object.keys(vectors).filter((k) => k !== 'description')).toEqual(['customer']);
  });

  it.each(vectors.customer.cases)('$name', async (c) => {
    let lookedUp = false;
    const got = customerOf(tokenFor(c.claims), async () => {
      lookedUp = true;
      if (!c.currentUser) throw new Error('current user failed');
      return c.currentUser;
    });
    if (c.want === null) {
      await expect(got).rejects.toThrow();
      return;
    }
    const { lookedUp: wantLookedUp, ...want } = c.want;
    await expect(got).resolves.toEqual(want);
    expect(lookedUp).toBe(wantLookedUp);
  });
});
