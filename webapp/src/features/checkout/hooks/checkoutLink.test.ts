import { describe, expect, it } from 'vitest';
import { allowedCheckoutLink } from './checkoutLink';

const origin = 'http://127.0.0.1:8080';

describe('allowedCheckoutLink', () => {
  it.each([
    ['https on a configured host', 'https://pay.example.com/checkout?x=1', false, true],
    ['host compared case-insensitively', 'https://PAY.example.com/c', false, true],
    ['http on a configured host', 'http://pay.example.com/checkout', false, false],
    ['another host', 'https://evil.example.net/checkout', false, false],
    ['a sub-domain of a configured host', 'https://a.pay.example.com/', false, false],
    ['a look-alike suffix', 'https://pay.example.com.evil.net/', false, false],
    ['credentials in the link', 'https://user:pw@pay.example.com/', false, false],
    ['javascript scheme', 'javascript:alert(1)', false, false],
    ['not a URL', 'checkout', false, false],
    ['sandbox origin with sandbox on', `${origin}/sandbox/checkout?o=1`, true, true],
    ['sandbox origin with sandbox off', `${origin}/sandbox/checkout?o=1`, false, false],
    ['other port with sandbox on', 'http://127.0.0.1:9999/sandbox/checkout', true, false],
    ['configured host with sandbox on', 'https://pay.example.com/c', true, true],
  ])('%s', (_name, link, sandbox, ok) => {
    const got = allowedCheckoutLink(link, { checkoutHosts: ['pay.example.com'], sandbox }, origin);
    expect(got !== null).toBe(ok);
    if (ok) expect(got?.toString()).toBe(new URL(link).toString());
  });
});
