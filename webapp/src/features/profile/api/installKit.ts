import type { Esim, EsimBundle } from '@/shared/api/types';
import type { KitEsim } from '@/shared/offline/installKit';
import { bundleTab } from './profile';
import { androidLink, fromIPhoneLink, lpaString } from './lpa';

/** kitEsim is one eSIM's install details with the given plans; qr is a QR code loaded separately. */
export function kitEsim(esim: Esim, bundles: readonly EsimBundle[], qr = ''): KitEsim {
  let lpa = '';
  let smdp = '';
  let activationCode = '';
  let android = '';
  try {
    const c = fromIPhoneLink(esim.linkOnIphone);
    lpa = lpaString(c);
    smdp = c.smdp;
    activationCode = c.matchingId;
    android = androidLink(c);
  } catch {
    // No readable code: the kit still keeps the QR code and the plans.
  }
  const supplied = esim.base64QRCodeImage;
  return {
    iccid: esim.iccid,
    qrPng: /^[A-Za-z0-9+/]+={0,2}$/.test(supplied) ? supplied : qr,
    lpa,
    smdp,
    activationCode,
    iosLink: lpa ? esim.linkOnIphone : '',
    androidLink: android,
    plans: bundles.map((b) => ({
      name: b.bundleDisplayName || b.name || b.description || '',
      state: b.bundleState,
      startTime: b.startTime ?? '',
      endTime: b.endTime ?? '',
    })),
  };
}

/**
 * kitEsims picks what the offline kit keeps of the customer's eSIMs: those with a plan under
 * Active eSIM (the ones still to install or in use), with those plans; `qr` has the QR codes
 * loaded separately, by ICCID.
 */
export function kitEsims(esims: readonly Esim[], qr: ReadonlyMap<string, string> = new Map()): KitEsim[] {
  return esims.flatMap((esim) => {
    const plans = esim.bundles.filter((b) => bundleTab(b.bundleState) === 'active');
    return plans.length === 0 ? [] : [kitEsim(esim, plans, qr.get(esim.iccid) ?? '')];
  });
}
