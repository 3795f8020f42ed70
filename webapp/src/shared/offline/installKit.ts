import { clear, createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/**
 * The offline install kit (docs/offline.md): what a customer needs to install their eSIMs
 * without a network, saved in this browser's IndexedDB, one record per customer. It never
 * holds a token: only the install details the profile showed. It is dropped at logout and
 * whenever another customer signs in (keepOnly).
 */

/** One plan of a saved eSIM, as the profile listed it. */
export type KitPlan = {
  name: string;
  state: string;
  /** Server dates as received (ISO); '' when none. */
  startTime: string;
  endTime: string;
};

/** One eSIM's install details. */
export type KitEsim = {
  iccid: string;
  /** The QR code, base64 PNG without a data: prefix; '' when it could not be loaded. */
  qrPng: string;
  /** The activation code "LPA:1$<SM-DP+>$<matching id>" and its two parts; '' when unknown. */
  lpa: string;
  smdp: string;
  activationCode: string;
  iosLink: string;
  androidLink: string;
  plans: KitPlan[];
};

export type InstallKit = {
  /** Whose kit this is: the account key (token subject), never the token itself. */
  owner: string;
  /** When it was saved, ISO 8601 UTC. */
  savedAt: string;
  esims: KitEsim[];
};

let defaultStore: UseStore | undefined;

/** kitStore is the IndexedDB object store of the kits, opened on first use. */
export function kitStore(): UseStore {
  defaultStore ??= createStore('cedarsim-offline', 'install-kits');
  return defaultStore;
}

const isStr = (v: unknown): v is string => typeof v === 'string';

function isKitEsim(v: unknown): v is KitEsim {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    isStr(e.iccid) &&
    isStr(e.qrPng) &&
    isStr(e.lpa) &&
    isStr(e.smdp) &&
    isStr(e.activationCode) &&
    isStr(e.iosLink) &&
    isStr(e.androidLink) &&
    Array.isArray(e.plans) &&
    e.plans.every((p: unknown) => typeof p === 'object' && p !== null && isStr((p as KitPlan).name) && isStr((p as KitPlan).state))
  );
}

/** isInstallKit checks a stored record (an older build may have written another shape). */
export function isInstallKit(v: unknown): v is InstallKit {
  if (typeof v !== 'object' || v === null) return false;
  const k = v as Record<string, unknown>;
  return isStr(k.owner) && isStr(k.savedAt) && !Number.isNaN(Date.parse(k.savedAt)) && Array.isArray(k.esims) && k.esims.every(isKitEsim);
}

/**
 * saveKit stores the customer's kit, stamped `now`. A QR code missing from this save (its
 * load failed) keeps the one saved before for the same eSIM.
 */
export async function saveKit(owner: string, esims: KitEsim[], now: Date = new Date(), store: UseStore = kitStore()): Promise<InstallKit> {
  if (owner === '') throw new Error('install kit: no owner (only a signed-in customer has one)');
  const before = await readKit(owner, store);
  const kept = new Map(before?.esims.map((e) => [e.iccid, e.qrPng]) ?? []);
  const kit: InstallKit = {
    owner,
    savedAt: now.toISOString(),
    esims: esims.map((e) => (e.qrPng === '' && kept.get(e.iccid) ? { ...e, qrPng: kept.get(e.iccid) ?? '' } : e)),
  };
  await set(owner, kit, store);
  return kit;
}

/** readKit returns the customer's saved kit, or null when there is none (or it is unreadable). */
export async function readKit(owner: string, store: UseStore = kitStore()): Promise<InstallKit | null> {
  if (owner === '') return null;
  const v: unknown = await get(owner, store);
  if (v === undefined) return null;
  if (!isInstallKit(v) || v.owner !== owner) {
    // Not ours to show: drop it rather than show a half-read kit.
    await del(owner, store);
    return null;
  }
  return v;
}

/** clearKits removes every saved kit (logout). */
export async function clearKits(store: UseStore = kitStore()): Promise<void> {
  await clear(store);
}

/**
 * keepOnly removes every kit but the given customer's: called whenever the signed-in
 * customer changes ('' after logout removes all).
 */
export async function keepOnly(owner: string, store: UseStore = kitStore()): Promise<void> {
  if (owner === '') {
    await clear(store);
    return;
  }
  const all = await keys(store);
  await Promise.all(all.filter((k) => k !== owner).map((k) => del(k, store)));
}
