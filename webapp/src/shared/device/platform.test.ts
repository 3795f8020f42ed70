import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPlatform, platformOf } from './platform';

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadOld: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iPadDesktop: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iPhoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  pixel: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  samsung: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};

describe('platformOf', () => {
  it.each([
    { name: 'iPhone Safari', ua: UA.iPhone, touch: 5, want: 'ios' },
    { name: 'iPhone Chrome (CriOS)', ua: UA.iPhoneChrome, touch: 5, want: 'ios' },
    { name: 'old iPad', ua: UA.iPadOld, touch: 5, want: 'ios' },
    { name: 'iPadOS reporting a Mac with touch', ua: UA.iPadDesktop, touch: 5, want: 'ios' },
    { name: 'Mac (no touch)', ua: UA.iPadDesktop, touch: 0, want: 'other' },
    { name: 'Mac with a single touch point is not an iPad', ua: UA.iPadDesktop, touch: 1, want: 'other' },
    { name: 'Pixel Chrome', ua: UA.pixel, touch: 5, want: 'android' },
    { name: 'Samsung Internet', ua: UA.samsung, touch: 5, want: 'android' },
    { name: 'Android tablet', ua: UA.androidTablet, touch: 10, want: 'android' },
    { name: 'Windows with a touch screen', ua: UA.windows, touch: 10, want: 'other' },
    { name: 'Linux desktop', ua: UA.linux, touch: 0, want: 'other' },
    { name: 'empty', ua: '', touch: 0, want: 'other' },
  ])('$name: $want', ({ ua, touch, want }) => {
    expect(platformOf(ua, touch)).toBe(want);
  });
});

describe('currentPlatform', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('reads the navigator', () => {
    vi.stubGlobal('navigator', { userAgent: UA.pixel, maxTouchPoints: 5 });
    expect(currentPlatform()).toBe('android');
    vi.stubGlobal('navigator', { userAgent: UA.iPadDesktop, maxTouchPoints: 5 });
    expect(currentPlatform()).toBe('ios');
  });
});
