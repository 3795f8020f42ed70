// Activation codes "LPA:1$<SM-DP+>$<matching id>" and the one-tap install links, with the
// rules of the Go sdk/lpa package (both run contract/vectors/lpa.json).

export type ActivationCode = { smdp: string; matchingId: string };

export class LpaError extends Error {
  override name = 'LpaError';
}

const APPLE_HOST = 'esimsetup.apple.com';
const APPLE_PATH = '/esim_qrcode_provisioning';

function validate(c: ActivationCode): ActivationCode {
  if (c.smdp === '') throw new LpaError('SM-DP+ address is empty');
  let host = c.smdp;
  const colon = host.indexOf(':');
  if (colon >= 0) {
    const port = host.slice(colon + 1);
    if (!/^\d+$/.test(port)) throw new LpaError(`SM-DP+ address ${JSON.stringify(c.smdp)} has a bad port`);
    host = host.slice(0, colon);
  }
  if (host === '' || host.startsWith('.') || host.endsWith('.') || host.includes('..') || !/^[A-Za-z0-9.-]+$/.test(host)) {
    throw new LpaError(`SM-DP+ address ${JSON.stringify(c.smdp)} is not a host name`);
  }
  if (c.matchingId === '') throw new LpaError('matching id is empty');
  if (!/^[A-Za-z0-9-]+$/.test(c.matchingId)) throw new LpaError(`matching id ${JSON.stringify(c.matchingId)} has a bad character`);
  return c;
}

/** parseLpa reads "LPA:1$smdp$matchingId" (prefix case-insensitive; no optional fields). */
export function parseLpa(s: string): ActivationCode {
  if (s.slice(0, 4).toUpperCase() !== 'LPA:') throw new LpaError(`${JSON.stringify(s)} must start with "LPA:"`);
  const parts = s.slice(4).split('$');
  if (parts[0] !== '1') throw new LpaError(`unsupported format version ${JSON.stringify(parts[0])}`);
  if (parts.length !== 3) throw new LpaError(`${JSON.stringify(s)} needs exactly three $-separated fields`);
  return validate({ smdp: parts[1] ?? '', matchingId: parts[2] ?? '' });
}

export const lpaString = (c: ActivationCode): string => `LPA:1$${c.smdp}$${c.matchingId}`;

/** iPhoneLink is Apple's universal link that installs the code on an iPhone. */
export const iPhoneLink = (c: ActivationCode): string =>
  `https://${APPLE_HOST}${APPLE_PATH}?carddata=${encodeURIComponent(lpaString(c)).replace(/%20/g, '+')}`;

const ANDROID_LINK = 'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=';

/** androidLink is Android's one-tap install link (carddata is the URL-encoded LPA string). */
export const androidLink = (c: ActivationCode): string =>
  `${ANDROID_LINK}${encodeURIComponent(lpaString(c)).replace(/%20/g, '+')}`;

/** fromIPhoneLink reads the code back from the link's carddata (exactly one, strictly decoded). */
export function fromIPhoneLink(link: string): ActivationCode {
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    throw new LpaError(`${JSON.stringify(link)} is not a URL`);
  }
  if (u.protocol !== 'https:' || u.hostname.toLowerCase() !== APPLE_HOST || u.port !== '' || u.pathname !== APPLE_PATH) {
    throw new LpaError(`${JSON.stringify(link)} is not an https://${APPLE_HOST}${APPLE_PATH} link`);
  }
  const values: string[] = [];
  for (const pair of u.search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const [k = '', v = ''] = pair.split('=', 2);
    let key: string;
    let value: string;
    try {
      // URLSearchParams would accept "%zz"; the Go parser refuses it, and so do we.
      key = decodeURIComponent(k.replace(/\+/g, ' '));
      value = decodeURIComponent(v.replace(/\+/g, ' '));
    } catch {
      throw new LpaError('iPhone link has a badly escaped query');
    }
    if (key === 'carddata') values.push(value);
  }
  if (values.length !== 1) throw new LpaError(`iPhone link needs exactly one carddata parameter, has ${values.length}`);
  return parseLpa(values[0] ?? '');
}
