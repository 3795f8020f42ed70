import { whatsAppNumber } from '@/shared/support/whatsapp';

/** A script or style the runtime configuration asks to inject on one route (spec section 7). */
export type PageScript = { path: string; target: 'head' | 'body' };

/** Guest account and basic client credential; served at run time, never in the bundle. */
export type GuestAccount = { username: string; password: string; clientId: string; clientSecret: string };

/** The web app's runtime configuration, served as /config.json (docs/contract.md). */
export type RuntimeConfig = {
  brand: string;
  apiBase: string;
  supportBase: string;
  esimCheckBase: string;
  logPushUrl: string;
  logPushEnabled: boolean;
  supportPhone: string;
  supportEmail: string;
  liveChatUrl: string;
  /** Support WhatsApp number as wa.me's digits; '' hides the WhatsApp buttons. */
  whatsapp: string;
  captchaSiteKey: string;
  tagManagerId: string;
  flagBaseUrl: string;
  guest: GuestAccount;
  checkoutHosts: string[];
  pageScripts: Record<string, PageScript[]>;
  sandbox: boolean;
};

/** ConfigError says which field of /config.json is wrong, so an operator can fix it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function str(o: Obj, key: string, opts: { required?: boolean; base?: boolean } = {}): string {
  const v = o[key];
  if (v === undefined || v === null) {
    if (opts.required) throw new ConfigError(`config.json: "${key}" is required`);
    return '';
  }
  if (typeof v !== 'string') throw new ConfigError(`config.json: "${key}" must be a string`);
  if (opts.required && v.trim() === '') throw new ConfigError(`config.json: "${key}" must not be empty`);
  if (opts.base && !v.endsWith('/')) throw new ConfigError(`config.json: "${key}" must end with "/"`);
  return v;
}

function bool(o: Obj, key: string): boolean {
  const v = o[key];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ConfigError(`config.json: "${key}" must be true or false`);
  return v;
}

function parseGuest(v: unknown): GuestAccount {
  if (!isObj(v)) throw new ConfigError('config.json: "guest" must be an object');
  return {
    username: str(v, 'username', { required: true }),
    password: str(v, 'password', { required: true }),
    clientId: str(v, 'clientId', { required: true }),
    clientSecret: str(v, 'clientSecret', { required: true }),
  };
}

function parseHosts(v: unknown): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((h) => typeof h === 'string' && h.trim() !== '')) {
    throw new ConfigError('config.json: "checkoutHosts" must be a list of host names');
  }
  return v.map((h: string) => h.trim().toLowerCase());
}

function parsePageScripts(v: unknown): Record<string, PageScript[]> {
  if (v === undefined || v === null) return {};
  if (!isObj(v)) throw new ConfigError('config.json: "pageScripts" must be an object keyed by route');
  const out: Record<string, PageScript[]> = {};
  for (const [route, list] of Object.entries(v)) {
    if (!Array.isArray(list)) throw new ConfigError(`config.json: pageScripts["${route}"] must be a list`);
    out[route] = list.map((item: unknown, i) => {
      const where = `pageScripts["${route}"][${i}]`;
      if (!isObj(item)) throw new ConfigError(`config.json: ${where} must be an object`);
      const path = str(item, 'path', { required: true });
      // Scripts come from our own origin only (spec section 7): no scheme, no host.
      if (!path.startsWith('/') || path.startsWith('//')) {
        throw new ConfigError(`config.json: ${where}.path must be a path on this origin`);
      }
      const target = item.target;
      if (target !== 'head' && target !== 'body') {
        throw new ConfigError(`config.json: ${where}.target must be "head" or "body"`);
      }
      return { path, target };
    });
  }
  return out;
}

function parseWhatsApp(v: string): string {
  const digits = whatsAppNumber(v);
  if (digits === null) {
    throw new ConfigError('config.json: "whatsapp" must be an international number (country code and number, 8 to 15 digits)');
  }
  return digits;
}

/** parseConfig validates the decoded /config.json and fills defaults for optional fields. */
export function parseConfig(raw: unknown): RuntimeConfig {
  if (!isObj(raw)) throw new ConfigError('config.json: expected a JSON object');
  return {
    brand: str(raw, 'brand') || 'CedarSIM',
    apiBase: str(raw, 'apiBase', { required: true, base: true }),
    supportBase: str(raw, 'supportBase', { required: true, base: true }),
    esimCheckBase: str(raw, 'esimCheckBase', { required: true, base: true }),
    logPushUrl: str(raw, 'logPushUrl'),
    logPushEnabled: bool(raw, 'logPushEnabled'),
    supportPhone: str(raw, 'supportPhone', { required: true }),
    supportEmail: str(raw, 'supportEmail', { required: true }),
    liveChatUrl: str(raw, 'liveChatUrl'),
    whatsapp: parseWhatsApp(str(raw, 'whatsapp')),
    captchaSiteKey: str(raw, 'captchaSiteKey'),
    tagManagerId: str(raw, 'tagManagerId'),
    flagBaseUrl: str(raw, 'flagBaseUrl'),
    guest: parseGuest(raw.guest),
    checkoutHosts: parseHosts(raw.checkoutHosts),
    pageScripts: parsePageScripts(raw.pageScripts),
    sandbox: bool(raw, 'sandbox'),
  };
}

/** loadConfig fetches and validates /config.json; it is called once at start-up. */
export async function loadConfig(fetchFn: typeof fetch = fetch, url = '/config.json'): Promise<RuntimeConfig> {
  let res: Response;
  try {
    res = await fetchFn(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch (err) {
    throw new ConfigError(`load ${url}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  if (!res.ok) throw new ConfigError(`load ${url}: HTTP ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    throw new ConfigError(`load ${url}: not JSON`, { cause: err });
  }
  return parseConfig(body);
}
