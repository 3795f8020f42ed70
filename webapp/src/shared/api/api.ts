import type { ApiClient } from './client';
import { list, obj, optBool, optNullableStr, optNum, optStr, reqStr } from './decode';
import { DecodeError, InvalidPlanError, PurchaseRefusedError, ValidationError } from './errors';
import type {
  Area,
  Bundle,
  CheckoutResult,
  ContactForm,
  Country,
  CoveredCountry,
  CurrentUser,
  Esim,
  EsimBundle,
  LogLine,
  Order,
  OtpSent,
  OtpVerification,
  PurchaseCheck,
  Region,
  SignupForm,
} from './types';
import type { Received } from './operations';
import { contactDepartmentValues, type components } from './wire.gen';

type Wire = components['schemas'];

/** The all-zero account of an order that is not a top-up (spec section 9). */
export const ZERO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isMissing = (v: string | undefined | null) => v === undefined || v === null || v.trim() === '';

function required(field: string, v: string | undefined | null): string {
  if (isMissing(v)) throw new ValidationError(field, 'is required');
  return (v as string).trim();
}

function guid(field: string, v: string): string {
  if (!GUID.test(v)) throw new ValidationError(field, 'must be a GUID');
  return v;
}

function email(field: string, v: string): string {
  const e = required(field, v);
  if (!EMAIL.test(e)) throw new ValidationError(field, 'must be a valid e-mail address');
  return e;
}

/** department checks a contact topic against the contract's ContactDepartment values. */
function department(v: string): Wire['ContactDepartment'] {
  const d = required('department', v);
  const topic = contactDepartmentValues.find((t) => t === d);
  if (!topic) throw new ValidationError('department', `must be one of ${contactDepartmentValues.join(', ')}`);
  return topic;
}

/** newId is a random GUID v4, used as idempotency id. */
export const newId = (): string => crypto.randomUUID();

function covered(v: Received<Wire['Country'][]>): CoveredCountry[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((c): c is Received<Wire['Country']> => typeof c === 'object' && c !== null)
    .map((c) => ({ isoCode: optStr(c.isoCode), name: optStr(c.name) }));
}

function bundleOf(v: Received<Wire['Bundle']> | null | undefined, where: string): Bundle {
  const b = obj(v, where);
  const price = b.price;
  return {
    id: reqStr(b, 'id', where),
    name: optStr(b.name),
    businessTitle: optStr(b.businessTitle),
    listingDisplayTitle: optStr(b.listingDisplayTitle),
    quotaInMB: optNum(b.quotaInMB),
    durationInDays: optNum(b.durationInDays),
    price: typeof price === 'number' && Number.isFinite(price) ? price : null,
    flagsCodes: Array.isArray(b.flagsCodes) ? b.flagsCodes.filter((c): c is string => typeof c === 'string') : [],
    roamingCountries: covered(b.roamingCountries),
    isSpecial: optBool(b.isSpecial),
    bundleUsageLevel: optStr(b.bundleUsageLevel),
    canTopup: optBool(b.canTopup),
    thirdPartyProvider: optNum(b.thirdPartyProvider),
    fupMsg: optStr(b.fupMsg),
    group: optStr(b.group),
    groupIconCode: optStr(b.groupIconCode),
  };
}

/** bundles reads the data list of a bundle-list answer. */
const bundles = (body: Received<Wire['BundleList']> | undefined, call: string): Bundle[] =>
  list(obj(body, call).data, `${call}.data`).map((b, i) => bundleOf(b, `${call}.data[${i}]`));

/** areas reads an area list: countries, regions or a caller-supplied area-list endpoint. */
function areas(body: Received<Wire['CountryList']> | undefined, call: string): Area[] {
  return list(obj(body, call).data, `${call}.data`).map((a, i) => {
    const o = obj(a, `${call}.data[${i}]`);
    return { name: optStr(o.name), isoCode: optStr(o.isoCode) };
  });
}

function esimBundleOf(v: Received<Wire['EsimBundle']> | null | undefined, where: string): EsimBundle {
  const b = obj(v, where);
  const description = optStr(b.description);
  return {
    bundleId: optStr(b.bundleId),
    // An empty display name falls back to the description (spec section 3).
    bundleDisplayName: optStr(b.bundleDisplayName) || description,
    description,
    assignmentDatetime: optNullableStr(b.assignmentDatetime),
    startTime: optNullableStr(b.startTime),
    endTime: optNullableStr(b.endTime),
    bundleState: optStr(b.bundleState),
    initialQuantity: optNum(b.initialQuantity),
    remainingQuantity: optNum(b.remainingQuantity),
    unlimited: optBool(b.unlimited),
    countries: covered(b.countries),
    roamingCountries: covered(b.roamingCountries),
    canTopup: optBool(b.canTopup),
    thirdPartyProvider: optNum(b.thirdPartyProvider),
    name: optStr(b.name),
  };
}

function esimOf(v: Received<Wire['Esim']> | null | undefined, where: string): Esim {
  const e = obj(v, where);
  const bs = Array.isArray(e.bundles) ? e.bundles : [];
  return {
    iccid: reqStr(e, 'iccid', where),
    accountId: optStr(e.accountId),
    base64QRCodeImage: optStr(e.base64QRCodeImage),
    linkOnIphone: optStr(e.linkOnIphone),
    actionDate: optNullableStr(e.actionDate),
    bundles: bs.map((b, i) => esimBundleOf(b, `${where}.bundles[${i}]`)),
  };
}

/**
 * createShopApi gives one typed function per provider call the web uses, mirroring the Go
 * SDK (docs/contract.md "SDK surface"). Inputs are checked before any request; each call
 * is sent by its operationId (ApiClient.send), typed by the contract.
 */
export function createShopApi(client: ApiClient) {
  const catalog = {
    async countries(): Promise<Country[]> {
      return areas(await client.send('listCountries', { auth: 'public' }), 'listCountries');
    },
    async regions(): Promise<Region[]> {
      return areas(await client.send('listRegions', { auth: 'public' }), 'listRegions').map(({ name }) => ({ name }));
    },
    async specialBundles(): Promise<Bundle[]> {
      return bundles(await client.send('listSpecialBundles', { auth: 'public' }), 'listSpecialBundles');
    },
    /** Bundles of one area: an ISO code, a region name or 'global'. */
    async areaBundles(area: string): Promise<Bundle[]> {
      const a = required('area', area);
      const global = a.toLowerCase() === 'global';
      const body = await client.send('listAreaBundles', { params: { area: a }, auth: 'public', variant: global ? 'global' : undefined });
      return bundles(body, global ? 'listAreaBundles.global' : 'listAreaBundles');
    },
    async topupBundles(origin: string, iccid: string, provider: number): Promise<Bundle[]> {
      const o = required('origin', origin);
      const i = required('iccid', iccid);
      const body = await client.send('listAreaBundles', { params: { area: o }, query: { iccid: i, provider }, auth: 'private', variant: 'topup' });
      return bundles(body, 'listAreaBundles.topup');
    },
    async search(isoCodes: readonly string[]): Promise<Bundle[]> {
      const codes = isoCodes.map((c) => c.trim()).filter((c) => c !== '');
      if (codes.length === 0) throw new ValidationError('isoCodes', 'at least one country is required');
      if (codes.some((c) => !/^[A-Za-z]{2}$/.test(c))) throw new ValidationError('isoCodes', 'must be ISO alpha-2 codes');
      return bundles(await client.send('searchBundles', { params: { isoCodes: codes.join(',') }, auth: 'public' }), 'searchBundles');
    },
    async bundle(id: string): Promise<Bundle> {
      const found = bundles(await client.send('getBundle', { params: { bundleId: required('bundle id', id) }, auth: 'public' }), 'getBundle');
      const first = found[0];
      if (!first) throw new DecodeError('getBundle: empty bundle list');
      return first;
    },
    /** A caller-supplied area-list endpoint relative to the API base, e.g. 'catalog/countries'. */
    async areaList(endpoint: string): Promise<Area[]> {
      const e = required('endpoint', endpoint);
      if (/^[a-z]+:|^\/\/|(^|\/)\.\.?(\/|$)/i.test(e)) throw new ValidationError('endpoint', 'must be a path relative to the API base');
      const [p = '', q = ''] = e.split('?', 2);
      const query = Object.fromEntries(new URLSearchParams(q));
      const body = await client.send('listCountries', { at: { path: p.replace(/^\//, ''), query }, auth: 'public', variant: 'areaList' });
      return areas(body, 'listCountries.areaList');
    },
    async topupBundleSelected(iccid: string, bundleName: string, provider: number): Promise<Bundle> {
      const body = await client.send('topupBundleSelected', {
        params: { iccId: required('iccid', iccid), bundleName: required('bundle name', bundleName), thirdPartyProvider: provider },
        auth: 'private',
        only200: true,
      });
      const call = 'topupBundleSelected';
      const found = list(obj(obj(body, call).data, `${call}.data`).data, `${call}.data.data`);
      if (found.length === 0) throw new DecodeError('topupBundleSelected: no bundle in data.data');
      return bundleOf(found[0], 'topupBundleSelected.data.data[0]');
    },
  };

  const users = {
    /** The current customer, or null when the answer holds no user (spec section 4). */
    async currentUser(): Promise<CurrentUser | null> {
      const body = await client.send('getCurrentUser', { auth: 'private' });
      const u = body?.data?.data;
      if (typeof u !== 'object' || u === null) return null;
      return { email: optStr(u.email), firstName: optStr(u.firstName), lastName: optStr(u.lastName) };
    },
    async sendSignupCode(form: SignupForm): Promise<OtpSent> {
      const f = {
        firstName: required('firstName', form.firstName),
        lastName: required('lastName', form.lastName),
        countryCode: required('countryCode', form.countryCode),
        phone: required('phone', form.phone),
        email: email('email', form.email),
      };
      return otpSent(await sendCode(f.email, false, f));
    },
    async sendLoginCode(address: string): Promise<OtpSent> {
      const e = email('email', address);
      return otpSent(await sendCode(e, true, { email: e }));
    },
    async verifyCode(userId: string, otp: string, captchaToken: string): Promise<OtpVerification> {
      const code = required('otp', otp);
      if (!/^\d+$/.test(code)) throw new ValidationError('otp', 'must be numeric');
      const body = await client.send('verifyOtp', {
        params: { userId: required('userId', userId) },
        idempotent: true,
        auth: 'public',
        json: { idempotencyId: newId(), otp: code, username: '', userId, captchaToken: required('captchaToken', captchaToken) },
      });
      const d = obj(obj(body, 'verifyOtp').data, 'verifyOtp.data');
      return { username: reqStr(d, 'username', 'verifyOtp.data'), oneTimeLoginPassword: reqStr(d, 'oneTimeLoginPassword', 'verifyOtp.data') };
    },
  };

  const sendCode = (address: string, login: boolean, json: Wire['OtpSendForm']) =>
    client.send('sendOtp', { params: { email: address, flag: login }, auth: 'public', json });

  function otpSent(body: Received<Wire['OtpSentAnswer']> | undefined): OtpSent {
    const b = obj(body, 'sendOtp');
    const d = obj(b.data, 'sendOtp.data');
    return { status: optNum(b.status, 200), userId: reqStr(d, 'userId', 'sendOtp.data') };
  }

  const auth = {
    guestLogin: () => client.guestLogin(),
    /** logout clears the flag, both tokens and the profile id. */
    logout: () => client.store.clear(),
    /** login verifies the code, exchanges it for tokens and stores a registered session. */
    async login(userId: string, otp: string, captchaToken: string) {
      const v = await users.verifyCode(userId, otp, captchaToken);
      const t = await client.exchangeOtp(v.username, v.oneTimeLoginPassword);
      client.store.save({ token: t.accessToken, refreshToken: t.refreshToken, isGuest: 'false' });
      return t;
    },
  };

  const support = {
    async canPurchase(bundleId: string, userEmail: string): Promise<PurchaseCheck> {
      const body = await client.send('canPurchase', {
        auth: 'private',
        json: { bundleId: guid('bundleId', bundleId), userEmail: email('userEmail', userEmail), comment: 'source: website' },
      });
      const d = obj(obj(body, 'canPurchase').data, 'canPurchase.data');
      return { canContinue: d.canContinue === true, reason: optStr(d.reason) };
    },
    async contactUs(form: ContactForm): Promise<void> {
      await client.send('contactUs', {
        idempotent: true,
        auth: 'public',
        json: {
          FullName: required('fullName', form.fullName),
          Email: email('email', form.email),
          Message: required('message', form.message),
          Department: department(form.department),
          IdempotencyId: newId(),
        },
      });
    },
  };

  const orders = {
    async create(): Promise<Order> {
      const body = await client.send('createOrder', { auth: 'basic', form: {} });
      const d = obj(obj(body, 'createOrder').data, 'createOrder.data');
      return { orderId: reqStr(d, 'orderId', 'createOrder.data'), newlyCreated: d.newlyCreated === true };
    },
    async delete(orderId: string): Promise<void> {
      await client.send('deleteOrder', { params: { orderId: guid('orderId', orderId) }, auth: 'private' });
    },
    async addDetails(accountId: string, orderId: string, bundleId: string): Promise<string> {
      const account = accountId === '' ? ZERO_ACCOUNT : guid('accountId', accountId);
      const body = await client.send('addOrderDetails', {
        params: { accountId: account, orderId: guid('orderId', orderId) },
        idempotent: true,
        auth: 'private',
        json: {
          idempotencyId: newId(),
          discountAmount: '0',
          tax: '0',
          quantity: '1',
          order: [{ ServiceItemId: guid('bundleId', bundleId), keepCurrentPlan: false, addCredits: false, type: 15 }],
        },
      });
      const d = obj(obj(body, 'addOrderDetails').data, 'addOrderDetails.data');
      const link = reqStr(d, 'checkoutURL', 'addOrderDetails.data');
      try {
        return new URL(link).toString();
      } catch {
        throw new DecodeError('addOrderDetails.data.checkoutURL: not an absolute URL');
      }
    },
    /**
     * checkout is "Proceed to Pay" (spec section 4): pre-check, order create (delete and
     * recreate when not newly created), order line, and the link with currency and quantity.
     */
    async checkout(req: { bundleId: string; email: string; topupAccountId?: string }): Promise<CheckoutResult> {
      guid('bundleId', req.bundleId);
      email('email', req.email);
      if (req.topupAccountId) guid('topupAccountId', req.topupAccountId);
      const pc = await support.canPurchase(req.bundleId, req.email);
      if (!pc.canContinue) throw new PurchaseRefusedError(pc.reason);
      let o = await orders.create();
      if (!o.newlyCreated) {
        await orders.delete(o.orderId);
        o = await orders.create();
      }
      const link = new URL(await orders.addDetails(req.topupAccountId ?? '', o.orderId, req.bundleId));
      link.searchParams.set('currency', 'usd');
      link.searchParams.set('quantity', '1');
      return { orderId: o.orderId, checkoutUrl: link.toString() };
    },
  };

  const esims = {
    async byEmail(address: string): Promise<Esim[]> {
      const body = await client.send('listEsimsByEmail', { params: { email: email('email', address) }, auth: 'private' });
      const found = obj(obj(body, 'listEsimsByEmail').data, 'listEsimsByEmail.data').esims;
      if (found === null || found === undefined) return [];
      return list(found, 'listEsimsByEmail.data.esims').map((e, i) => esimOf(e, `listEsimsByEmail.data.esims[${i}]`));
    },
    async info(iccid: string): Promise<EsimBundle[]> {
      const body = await client.send('getEsimInfo', { params: { iccid: required('iccid', iccid) }, auth: 'private' });
      const found = obj(obj(body, 'getEsimInfo').data, 'getEsimInfo.data').bundles;
      if (found === null || found === undefined) return [];
      return list(found, 'getEsimInfo.data.bundles').map((b, i) => esimBundleOf(b, `getEsimInfo.data.bundles[${i}]`));
    },
    /** qrCode returns the base64 PNG of the eSIM's install QR code. */
    async qrCode(iccid: string): Promise<string> {
      const body = await client.send('getQrCode', { params: { iccid: required('iccid', iccid) }, auth: 'private' });
      const d = obj(obj(body, 'getQrCode').data, 'getQrCode.data');
      const img = reqStr(d, 'base64QRCodeImage', 'getQrCode.data');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(img)) throw new DecodeError('getQrCode.data.base64QRCodeImage: not base64');
      return img;
    },
  };

  const esimCheck = {
    async check(bundleName: string, iccid: string): Promise<boolean> {
      const body = await client.send('checkEsim', {
        params: { bundleName: required('bundle name', bundleName), iccId: required('iccid', iccid) },
        auth: 'private',
      });
      return obj(obj(obj(body, 'checkEsim').data, 'checkEsim.data').data, 'checkEsim.data.data').canContinue === true;
    },
  };

  /** topupSelect is the top-up buy button: the eSIM check, then the server's bundle choice. */
  async function topupSelect(iccid: string, bundleName: string, provider: number): Promise<string> {
    if (!(await esimCheck.check(bundleName, iccid))) throw new InvalidPlanError();
    return (await catalog.topupBundleSelected(iccid, bundleName, provider)).id;
  }

  const logs = {
    /** push sends one line to the log push endpoint; callers only log its errors. */
    async push(line: LogLine): Promise<void> {
      const ns = `${BigInt((line.time ?? new Date()).getTime()) * 1_000_000n}`;
      await client.send('pushLogs', {
        auth: 'optional',
        json: { streams: [{ stream: { container: line.container, job: line.job, level: line.level }, values: [[ns, line.message]] }] },
      });
    },
  };

  return { auth, users, catalog, support, orders, esims, esimCheck, topupSelect, logs };
}

export type ShopApi = ReturnType<typeof createShopApi>;
