import { describe, expect, it } from 'vitest';
import type { Esim, EsimBundle } from '@/shared/api/types';
import { kitEsims } from './installKit';

const bundle = (state: string, name: string): EsimBundle =>
  ({
    bundleId: `b-${name}`,
    bundleDisplayName: name,
    description: '',
    name,
    assignmentDatetime: '2026-11-20T10:00:00Z',
    startTime: state === 'Queued' ? null : '2026-11-20T10:00:00Z',
    endTime: state === 'Queued' ? null : '2026-11-27T10:00:00Z',
    bundleState: state,
    initialQuantity: 1,
    remainingQuantity: 1,
    unlimited: false,
    countries: [],
    roamingCountries: [],
    canTopup: false,
    thirdPartyProvider: 0,
  }) as EsimBundle;

const esim = (iccid: string, bundles: EsimBundle[], qr = ''): Esim =>
  ({
    iccid,
    accountId: 'acc',
    base64QRCodeImage: qr,
    linkOnIphone: 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24K2-ABC',
    actionDate: '2026-11-20T10:00:00Z',
    bundles,
  }) as Esim;

describe('kitEsims', () => {
  it('keeps eSIMs with a plan under Active eSIM, with those plans, codes and both install links', () => {
    const kit = kitEsims(
      [esim('1', [bundle('Active', 'Turkey 5GB'), bundle('Expired', 'Old'), bundle('Queued', 'Turkey 1GB')], 'QUFB'), esim('2', [bundle('Expired', 'Gone')])],
      new Map(),
    );
    expect(kit).toHaveLength(1);
    const [first] = kit;
    expect(first).toMatchObject({
      iccid: '1',
      qrPng: 'QUFB',
      lpa: 'LPA:1$smdp.example.com$K2-ABC',
      smdp: 'smdp.example.com',
      activationCode: 'K2-ABC',
      androidLink: 'https://esimsetup.android.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.example.com%24K2-ABC',
    });
    expect(first?.iosLink).toContain('esimsetup.apple.com');
    expect(first?.plans.map((p) => [p.name, p.state, p.endTime])).toEqual([
      ['Turkey 5GB', 'Active', '2026-11-27T10:00:00Z'],
      ['Turkey 1GB', 'Queued', ''],
    ]);
  });

  it('takes a QR code loaded separately when the list carried none', () => {
    expect(kitEsims([esim('1', [bundle('Active', 'A')])], new Map([['1', 'QkJC']]))[0]?.qrPng).toBe('QkJC');
  });

  it('keeps the QR code and plans when the install link cannot be read, without codes or links', () => {
    const e = { ...esim('1', [bundle('Active', 'A')], 'QUFB'), linkOnIphone: 'not a link' };
    expect(kitEsims([e])[0]).toMatchObject({ qrPng: 'QUFB', lpa: '', smdp: '', activationCode: '', iosLink: '', androidLink: '' });
  });
});
