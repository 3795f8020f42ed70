import { describe, expect, it } from 'vitest';
import { fromIPhoneLink, iPhoneLink, LpaError, lpaString, parseLpa } from './lpa';

// The same examples as sdk/lpa's Go tests.
describe('parseLpa', () => {
  it.each([
    { in: 'LPA:1$smdp.example.com$ABC-123', want: { smdp: 'smdp.example.com', matchingId: 'ABC-123' } },
    { in: 'lpa:1$smdp.example.com$ABC', want: { smdp: 'smdp.example.com', matchingId: 'ABC' } },
    {
      in: 'LPA:1$rsp.truphone.com:8443$QRF-BETTERROAMING-PMRDGIR2EARDEIT5',
      want: { smdp: 'rsp.truphone.com:8443', matchingId: 'QRF-BETTERROAMING-PMRDGIR2EARDEIT5' },
    },
  ])('reads $in', ({ in: s, want }) => {
    expect(parseLpa(s)).toEqual(want);
  });

  it.each([
    '',
    'LPA:',
    '1$smdp.example.com$ABC',
    'LPA:2$smdp.example.com$ABC',
    'LPA:1$smdp.example.com',
    'LPA:1$$ABC',
    'LPA:1$smdp.example.com$',
    'LPA:1$smdp.example.com$ABC$1.3.6.1$1',
    'LPA:1$smdp example.com$ABC',
    'LPA:1$smdp.example.com:$ABC',
    'LPA:1$smdp.example.com:80a$ABC',
    'LPA:1$.example.com$ABC',
    'LPA:1$smdp.example.com$AB C',
    'LPA:1$smdp.example.com$AB&C',
  ])('refuses %j', (s) => {
    expect(() => parseLpa(s)).toThrow(LpaError);
  });

  it('round-trips through its string', () => {
    const c = { smdp: 'smdp.cedarsim.example', matchingId: 'K2-1A2B3C-4D5E6F' };
    expect(lpaString(c)).toBe('LPA:1$smdp.cedarsim.example$K2-1A2B3C-4D5E6F');
    expect(parseLpa(lpaString(c))).toEqual(c);
  });
});

describe('iPhone link', () => {
  it('writes and reads the link as the Go package does', () => {
    const c = { smdp: 'smdp.cedarsim.example', matchingId: 'K2-1A2B' };
    const want = 'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24smdp.cedarsim.example%24K2-1A2B';
    expect(iPhoneLink(c)).toBe(want);
    expect(fromIPhoneLink(want)).toEqual(c);
  });

  it.each([
    '',
    'http://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b%24C',
    'https://evil.example/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b%24C',
    'https://esimsetup.apple.com/other?carddata=LPA%3A1%24a.b%24C',
    'https://esimsetup.apple.com/esim_qrcode_provisioning',
    'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=a&carddata=b',
    'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=%zz',
    'https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA%3A1%24a.b',
    '://bad',
  ])('refuses %j', (link) => {
    expect(() => fromIPhoneLink(link)).toThrow(LpaError);
  });
});
