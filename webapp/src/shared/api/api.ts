import { path, type ApiClient } from './client';
import { arr, at, obj, optBool, optNullableStr, optNum, optStr, reqStr, type Obj } from './decode';
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

/** newId is a random GUID v4, used as idempotency id. */
export const newId = (): string => crypto.randomUUID();

function covered(v: unknown): CoveredCountry[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((c): c is Obj => typeof c === 'object' && c !== null)
    .map((c) => ({ isoCode: optStr(c.isoCode), name: optStr(c.name) }));
}

function bundleOf(v: unknown, where: string): Bundle {
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

const bundles = (body: unknown, call: string): Bundle[] =>
  arr(at(body, 'data', call), `${call}.data`).map((b, i) => bundleOf(b, `${call}.data[${i}]`));

function areas(body: unknown, call: string): Area[] {
  return arr(at(body, 'data', call), `${call}.data`).map((a, i) => {
    const o = obj(a, `${call}.data[${i}]`);
    return { name: optStr(o.name), isoCode: optStr(o.isoCode) };
  });
}

function esimBundleOf(v: unknown, where: string): EsimBundle {
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

function esimOf(v: unknown, where: string): Esim {
  const e = obj(v, where);
  const list = Array.isArray(e.bundles) ? e.bundles : [];
  return {
    iccid: reqStr(e, 'iccid', where),
    accountId: optStr(e.accountId),
    base64QRCodeImage: optStr(e.base64QRCodeImage),
    linkOnIphone: optStr(e.linkOnIphone),
    actionDate: optNullableStr(e.actionDate),
    bundles: list.map((b, i) => esimBundleOf(b, `${where}.bundles[${i}]`)),
  };
}

/**
 * createShopApi gives one typed function per provider call the web uses, mirroring the Go
 * SDK (docs/contract.md "SDK surface"). Inputs are checked before any request.
 */
export function createShopApi(client: ApiClient) {
  const get = (call: string, service: 'api' | 'support' | 'esimcheck', p: string, auth: 'public' | 'private', query?: Record<string, string>) =>
    client.send({ call, service, method: 'GET', path: p, auth, query });

  const catalog = {
    async countries(): Promise<Country[]> {
      return areas(await get('listCountries', 'api', 'catalog/countries', 'public'), 'listCountries');
    },
    async regions(): Promise<Region[]> {
      return (await get('listRegions', 'api', 'catalog/regions', 'public').then((b) => areas(b, 'listRegions'))).map(({ name }) => ({ name }));
    },
    async specialBundles(): Promise<Bundle[]> {
      return bundles(await get('listSpecialBundles', 'api', 'catalog/bundles/special', 'public'), 'listSpecialBundles');
    },
    /** Bundles of one area: an ISO code, a region name or 'global'. */
    async areaBundles(area: string): Promise<Bundle[]> {
      const a = required('area', area);
      const call = a.toLowerCase() === 'global' ? 'listAreaBundles.global' : 'listAreaBundles';
      return bundles(await get(call, 'api', path`catalog/bundles/${a}`, 'public'), call);
    },
    async topupBundles(origin: string, iccid: string, provider: number): Promise<Bundle[]> {
      const o = required('origin', origin);
      const i = required('iccid', iccid);
      const body = await get('listAreaBundles.topup', 'api', path`catalog/bundles/${o}`, 'private', { iccid: i, provider: String(provider) });
      return bundles(body, 'listAreaBundles.topup');
    },
    async search(isoCodes: readonly string[]): Promise<Bundle[]> {
      const codes = isoCodes.map((c) => c.trim()).filter((c) => c !== '');
      if (codes.length === 0) throw new ValidationError('isoCodes', 'at least one country is required');
      if (codes.some((c) => !/^[A-Za-z]{2}$/.test(c))) throw new ValidationError('isoCodes', 'must be ISO alpha-2 codes');
      return bundles(await get('searchBundles', 'api', `catalog/search_bundles/${codes.join(',')}`, 'public'), 'searchBundles');
    },
    async bundle(id: string): Promise<Bundle> {
      const list = bundles(await get('getBundle', 'api', path`catalog/bundle/${required('bundle id', id)}`, 'public'), 'getBundle');
      const first = list[0];
      if (!first) throw new DecodeError('getBundle: empty bundle list');
      return first;
    },
    /** A caller-supplied area-list endpoint relative to the API base, e.g. 'catalog/countries'. */
    async areaList(endpoint: string): Promise<Area[]> {
      const e = required('endpoint', endpoint);
      if (/^[a-z]+:|^\/\/|(^|\/)\.\.?(\/|$)/i.test(e)) throw new ValidationError('endpoint', 'must be a path relative to the API base');
      const [p = '', q = ''] = e.split('?', 2);
      const query = Object.fromEntries(new URLSearchParams(q));
      return areas(await get('listCountries.areaList', 'api', p.replace(/^\//, ''), 'public', query), 'listCountries.areaList');
    },
    async topupBundleSelected(iccid: string, bundleName: string, provider: number): Promise<Bundle> {
      const body = await client.send({
        call: 'topupBundleSelected',
        service: 'api',
        method: 'GET',
        path: path`catalog/topup_bundle_selected/${required('iccid', iccid)}/${required('bundle name', bundleName)}/${provider}`,
        auth: 'private',
        only200: true,
      });
      const list = arr(at(body, 'data.data', 'topupBundleSelected'), 'topupBundleSelected.data.data');
      if (list.length === 0) throw new DecodeError('topupBundleSelected: no bundle in data.data');
      return bundleOf(list[0], 'topupBundleSelected.data.data[0]');
    },
  };

  const users = {
    /** The current customer, or null when the answer holds no user (spec section 4). */
    async currentUser(): Promise<CurrentUser | null> {
      const body = await get('getCurrentUser', 'api', 'users/actions/get-current-user', 'private');
      const data = (body as Obj | undefined)?.data as Obj | undefined;
      const u = data?.data;
      if (typeof u !== 'object' || u === null) return null;
      const o = u as Obj;
      return { email: optStr(o.email), firstName: optStr(o.firstName), lastName: optStr(o.lastName) };
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
      const body = await client.send({
        call: 'verifyOtp',
        service: 'api',
        method: 'POST',
        path: path`users/otp/email/${required('userId', userId)}`,
        idempotent: true,
        auth: 'public',
        json: { idempotencyId: newId(), otp: code, username: '', userId, captchaToken: required('captchaToken', captchaToken) },
      });
      const d = obj(at(body, 'data', 'verifyOtp'), 'verifyOtp.data');
      return { username: reqStr(d, 'username', 'verifyOtp.data'), oneTimeLoginPassword: reqStr(d, 'oneTimeLoginPassword', 'verifyOtp.data') };
    },
  };

  const sendCode = (address: string, login: boolean, json: unknown) =>
    client.send({ call: 'sendOtp', service: 'api', method: 'POST', path: path`users/otp/send_email/${address}/${String(login)}`, auth: 'public', json });

  function otpSent(body: unknown): OtpSent {
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
      const body = await client.send({
        call: 'canPurchase',
        service: 'support',
        method: 'POST',
        path: 'esims/can-purchase',
        auth: 'private',
        json: { bundleId: guid('bundleId', bundleId), userEmail: email('userEmail', userEmail), comment: 'source: website' },
      });
      const d = obj(at(body, 'data', 'canPurchase'), 'canPurchase.data');
      return { canContinue: d.canContinue === true, reason: optStr(d.reason) };
    },
    async contactUs(form: ContactForm): Promise<void> {
      await client.send({
        call: 'contactUs',
        service: 'support',
        method: 'POST',
        path: 'support/contact-us',
        idempotent: true,
        auth: 'public',
        json: {
          FullName: required('fullName', form.fullName),
          Email: email('email', form.email),
          Message: required('message', form.message),
          Department: required('department', form.department),
          IdempotencyId: newId(),
        },
      });
    },
  };

  const orders = {
    async create(): Promise<Order> {
      const body = await client.send({ call: 'createOrder', service: 'api', method: 'POST', path: 'orderfulfillment/orders', auth: 'basic', form: {} });
      const d = obj(at(body, 'data', 'createOrder'), 'createOrder.data');
      return { orderId: reqStr(d, 'orderId', 'createOrder.data'), newlyCreated: d.newlyCreated === true };
    },
    async delete(orderId: string): Promise<void> {
      await client.send({ call: 'deleteOrder', service: 'api', method: 'DELETE', path: path`orderfulfillment/orders/${guid('orderId', orderId)}`, auth: 'private' });
    },
    async addDetails(accountId: string, orderId: string, bundleId: string): Promise<string> {
      const account = accountId === '' ? ZERO_ACCOUNT : guid('accountId', accountId);
      const body = await client.send({
        call: 'addOrderDetails',
        service: 'api',
        method: 'POST',
        path: path`accounts/${account}/${guid('orderId', orderId)}/orderdetails`,
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
      const d = obj(at(body, 'data', 'addOrderDetails'), 'addOrderDetails.data');
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
      const body = await get('listEsimsByEmail', 'support', path`esims/useremails/${email('email', address)}`, 'private');
      const list = at(body, 'data.esims', 'listEsimsByEmail');
      if (list === null || list === undefined) return [];
      return arr(list, 'listEsimsByEmail.data.esims').map((e, i) => esimOf(e, `listEsimsByEmail.data.esims[${i}]`));
    },
    async info(iccid: string): Promise<EsimBundle[]> {
      const body = await get('getEsimInfo', 'support', path`esims/${required('iccid', iccid)}/info`, 'private');
      const list = at(body, 'data.bundles', 'getEsimInfo');
      if (list === null || list === undefined) return [];
      return arr(list, 'getEsimInfo.data.bundles').map((b, i) => esimBundleOf(b, `getEsimInfo.data.bundles[${i}]`));
    },
    /** qrCode returns the base64 PNG of the eSIM's install QR code. */
    async qrCode(iccid: string): Promise<string> {
      const body = await get('getQrCode', 'support', path`esims/${required('iccid', iccid)}/QrCode`, 'private');
      const d = obj(at(body, 'data', 'getQrCode'), 'getQrCode.data');
      const img = reqStr(d, 'base64QRCodeImage', 'getQrCode.data');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(img)) throw new DecodeError('getQrCode.data.base64QRCodeImage: not base64');
      return img;
    },
  };

  const esimCheck = {
    async check(bundleName: string, iccid: string): Promise<boolean> {
      const body = await get('checkEsim', 'esimcheck', path`esims/check/${required('bundle name', bundleName)}/${required('iccid', iccid)}`, 'private');
      return at(body, 'data.data.canContinue', 'checkEsim') === true;
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
      await client.send({
        call: 'pushLogs',
        service: 'logs',
        method: 'POST',
        path: '',
        auth: 'optional',
        json: { streams: [{ stream: { container: line.container, job: line.job, level: line.level }, values: [[ns, line.message]] }] },
      });
    },
  };

  return { auth, users, catalog, support, orders, esims, esimCheck, topupSelect, logs };
}

export type ShopApi = ReturnType<typeof createShopApi>;
