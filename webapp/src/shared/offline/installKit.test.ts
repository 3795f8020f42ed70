import { createStore, set, type UseStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearKits, isInstallKit, keepOnly, readKit, saveKit, type KitEsim } from './installKit';

const esim = (iccid: string, qrPng = 'iVBORw0KGgo='): KitEsim => ({
  iccid,
  qrPng,
  lpa: 'LPA:1$smdp.example$ABC-123',
  smdp: 'smdp.example',
  activationCode: 'ABC-123',
  iosLink: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example%24ABC-123',
  androidLink: 'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example%24ABC-123',
  plans: [{ name: 'Turkey 5GB', state: 'Active', startTime: '2026-11-20T10:00:00Z', endTime: '2026-11-27T10:00:00Z' }],
});

let store: UseStore;
let n = 0;
beforeEach(() => {
  // A fresh database per test: no test sees another's kits.
  n += 1;
  store = createStore(`kit-test-${n}`, 'install-kits');
});

describe('install kit store', () => {
  it('saves a kit and reads it back with the time it was saved', async () => {
    const at = new Date('2026-11-23T18:30:00Z');
    const saved = await saveKit('user-a', [esim('8996100001')], at, store);
    expect(saved.savedAt).toBe('2026-11-23T18:30:00.000Z');
    const read = await readKit('user-a', store);
    expect(read).toEqual({ owner: 'user-a', savedAt: '2026-11-23T18:30:00.000Z', esims: [esim('8996100001')] });
  });

  it('keeps one kit per customer: another customer reads nothing of it', async () => {
    await saveKit('user-a', [esim('8996100001')], new Date(), store);
    await saveKit('user-b', [esim('8996100002')], new Date(), store);
    expect((await readKit('user-a', store))?.esims.map((e) => e.iccid)).toEqual(['8996100001']);
    expect((await readKit('user-b', store))?.esims.map((e) => e.iccid)).toEqual(['8996100002']);
    expect(await readKit('user-c', store)).toBeNull();
    // A visitor (no account) has no kit.
    expect(await readKit('', store)).toBeNull();
  });

  it('a new save replaces the kit and its time, keeping a QR code this load could not fetch', async () => {
    await saveKit('user-a', [esim('8996100001', 'QUFB'), esim('8996100002', 'QkJC')], new Date('2026-11-23T10:00:00Z'), store);
    await saveKit('user-a', [esim('8996100001', ''), esim('8996100003', '')], new Date('2026-11-23T12:00:00Z'), store);
    const kit = await readKit('user-a', store);
    expect(kit?.savedAt).toBe('2026-11-23T12:00:00.000Z');
    expect(kit?.esims.map((e) => [e.iccid, e.qrPng])).toEqual([
      ['8996100001', 'QUFB'],
      ['8996100003', ''],
    ]);
  });

  it('is cleared at logout (keepOnly with no customer, clearKits)', async () => {
    await saveKit('user-a', [esim('8996100001')], new Date(), store);
    await keepOnly('', store);
    expect(await readKit('user-a', store)).toBeNull();
    await saveKit('user-a', [esim('8996100001')], new Date(), store);
    await clearKits(store);
    expect(await readKit('user-a', store)).toBeNull();
  });

  it('drops other customers’ kits when another customer signs in', async () => {
    await saveKit('user-a', [esim('8996100001')], new Date(), store);
    await saveKit('user-b', [esim('8996100002')], new Date(), store);
    await keepOnly('user-b', store);
    expect(await readKit('user-a', store)).toBeNull();
    expect(await readKit('user-b', store)).not.toBeNull();
  });

  it('refuses to save without a customer', async () => {
    await expect(saveKit('', [esim('8996100001')], new Date(), store)).rejects.toThrow(/no owner/);
  });

  it('drops a record it cannot read (another shape, another owner) instead of showing it', async () => {
    await set('user-a', { owner: 'user-a', savedAt: 'yesterday', esims: [] }, store);
    expect(await readKit('user-a', store)).toBeNull();
    await set('user-a', { owner: 'user-b', savedAt: '2026-11-23T10:00:00Z', esims: [] }, store);
    expect(await readKit('user-a', store)).toBeNull();
  });

  it('never stores a token: only the kit fields', async () => {
    const kit = await saveKit('user-a', [esim('8996100001')], new Date(), store);
    expect(isInstallKit(kit)).toBe(true);
    expect(Object.keys(kit).sort()).toEqual(['esims', 'owner', 'savedAt']);
    expect(Object.keys(kit.esims[0] ?? {}).sort()).toEqual(['activationCode', 'androidLink', 'iccid', 'iosLink', 'lpa', 'plans', 'qrPng', 'smdp']);
  });
});
