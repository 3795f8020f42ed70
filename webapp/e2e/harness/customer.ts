// Customers made directly through the sandbox's API, for journeys that start from an
// existing account (a returning customer, a customer with unpaid orders) and for
// Lighthouse on /profile. The web app's own flows are what the journeys test; this only
// prepares state, the way an earlier visit would have left it.
import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import constants from '../../../contract/constants.json';
import type { components } from '../../src/shared/api/wire.gen';
import { mailboxCode } from './sandbox';

type Wire = components['schemas'];

interface ShopConfig {
  apiBase: string;
  supportBase: string;
  guest: { username: string; password: string; clientId: string; clientSecret: string };
}

export interface Customer {
  email: string;
  token: string;
  refreshToken: string;
}

const ZERO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

export class SandboxAPI {
  private constructor(
    private readonly shop: string,
    private readonly cfg: ShopConfig,
  ) {}

  static async connect(shop: string): Promise<SandboxAPI> {
    const res = await fetch(`${shop}/config.json`, { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) throw new Error(`GET /config.json: ${res.status}`);
    return new SandboxAPI(shop, (await res.json()) as ShopConfig);
  }

  private url(base: 'api' | 'support', path: string): string {
    return `${this.shop}${base === 'api' ? this.cfg.apiBase : this.cfg.supportBase}${path}`;
  }

  private basic(): string {
    return 'Basic ' + Buffer.from(`${this.cfg.guest.clientId}:${this.cfg.guest.clientSecret}`).toString('base64');
  }

  private async call<T>(what: string, url: string, init: RequestInit): Promise<T> {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  private async tokenGrant(what: string, form: Record<string, string>): Promise<Wire['TokenAnswer']> {
    return this.call(what, this.url('api', 'connect/token'), {
      method: 'POST',
      headers: { Authorization: this.basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
  }

  private bearerJSON(token: string, method: string, body: unknown): RequestInit {
    return { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  }

  private guestToken(): Promise<Wire['TokenAnswer']> {
    const g = this.cfg.guest;
    return this.tokenGrant('guest token', {
      grant_type: 'password',
      username: g.username,
      password: g.password,
      scope: constants.scope.guest,
    });
  }

  /**
   * areaBundles lists an area's bundles (a country's ISO code or a region's name) as the
   * plans page's area panel loads them, in the catalogue's order, with a guest's bearer.
   */
  async areaBundles(area: string): Promise<Wire['Bundle'][]> {
    const guest = await this.guestToken();
    const list = await this.call<Wire['BundleList']>('area bundles', this.url('api', `catalog/bundles/${encodeURIComponent(area)}`), {
      headers: { Authorization: `Bearer ${guest.access_token}` },
    });
    return list.data;
  }

  /** searchBundles lists the bundles the plans search shows for countries, in the catalogue's order (no bearer, spec section 7). */
  async searchBundles(isoCodes: string): Promise<Wire['Bundle'][]> {
    return (await this.call<Wire['BundleList']>('search bundles', this.url('api', `catalog/search_bundles/${isoCodes}`), {})).data;
  }

  /** signUp registers a new customer with the e-mail code from the mailbox. */
  async signUp(email: string, firstName = 'Rana', lastName = 'Haddad'): Promise<Customer> {
    const guest = await this.guestToken();
    const since = new Date();
    const sent = await this.call<Wire['OtpSentAnswer']>(
      'send code',
      this.url('api', `users/otp/send_email/${encodeURIComponent(email)}/false`),
      this.bearerJSON(guest.access_token, 'POST', { firstName, lastName, countryCode: '961', phone: '3123456', email }),
    );
    const code = await mailboxCode(this.shop, email, since);
    const verified = await this.call<Wire['OtpVerifyAnswer']>(
      'verify code',
      this.url('api', `users/otp/email/${sent.data.userId}`),
      this.bearerJSON(guest.access_token, 'POST', {
        idempotencyId: randomUUID(),
        otp: code,
        username: email,
        userId: sent.data.userId,
        captchaToken: 'dev-captcha',
      }),
    );
    const t = await this.tokenGrant('customer token', {
      grant_type: 'password',
      username: verified.data.username,
      password: verified.data.oneTimeLoginPassword,
      scope: constants.scope.otp,
    });
    return { email, token: t.access_token, refreshToken: t.refresh_token };
  }

  /** openOrder creates an order for the bundle, bound to the customer, and returns its checkout URL. */
  async openOrder(c: Customer, bundleId: string, accountId = ZERO_ACCOUNT): Promise<string> {
    const created = await this.call<Wire['OrderAnswer']>('create order', this.url('api', 'orderfulfillment/orders'), {
      method: 'POST',
      headers: { Authorization: this.basic(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ currency: 'usd', quantity: '1' }),
    });
    const details = await this.call<Wire['CheckoutAnswer']>(
      'order details',
      this.url('api', `accounts/${accountId}/${created.data.orderId}/orderdetails`),
      this.bearerJSON(c.token, 'POST', { idempotencyId: randomUUID(), order: [{ ServiceItemId: bundleId, type: 1 }] }),
    );
    return details.data.checkoutURL;
  }

  /** pay submits the sandbox's hosted checkout page with a card and returns the shop URL it redirects to. */
  async pay(checkoutURL: string, card = '4242 4242 4242 4242'): Promise<string> {
    const res = await fetch(checkoutURL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: card }),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const to = res.headers.get('location');
    if (res.status !== 303 || !to) throw new Error(`pay ${checkoutURL}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return to;
  }

  /**
   * turkeyBundleId returns the id of a Turkey bundle as the plans search lists it; with
   * toppable, the first one that can be topped up.
   */
  async turkeyBundleId(c: Customer, toppable = false): Promise<string> {
    const found = await this.call<Wire['BundleList']>(
      'search bundles',
      this.url('api', 'catalog/search_bundles/TR'),
      { headers: { Authorization: `Bearer ${c.token}` } },
    );
    const pick = found.data.find((b) => b.businessTitle.startsWith('Turkey ') && (!toppable || b.canTopup));
    if (!pick) throw new Error(`search bundles: no ${toppable ? 'toppable ' : ''}Turkey bundle`);
    return pick.id;
  }
}

/**
 * sharedSandboxAPI gives a test file one client of the shop's sandbox API, connected before
 * its tests. Call it at the file's top level; call what it returns inside tests and hooks.
 */
export function sharedSandboxAPI(shopURL: string): () => SandboxAPI {
  let api: SandboxAPI | undefined;
  beforeAll(async () => {
    api = await SandboxAPI.connect(shopURL);
  });
  return () => {
    if (!api) throw new Error('sharedSandboxAPI: used before its beforeAll ran');
    return api;
  };
}
