// In vitest the bundled flags are dev-server URLs (/@fs/...svg?...); a build hashes them.

import { describe, expect, it } from 'vitest';
import { flagSrc, placeholderSrc } from '@/shared/components/flagSources';

describe('flagSrc', () => {
  it.each([
    { code: 'TR', base: '', want: /flag-icons\/flags\/4x3\/tr\.svg(\?.*)?$/ },
    { code: 'lb', base: '', want: /flag-icons\/flags\/4x3\/lb\.svg(\?.*)?$/ },
    { code: 'TR', base: 'https://flags.example/4x3/', want: /^https:\/\/flags\.example\/4x3\/tr\.svg$/ },
    { code: 'Europe', base: 'https://flags.example/', want: /\/images\/regions\/europe\.svg$/ },
    { code: 'Middle East', base: '', want: /\/images\/regions\/middle-east\.svg$/ },
    { code: 'LATAM', base: '', want: /\/images\/regions\/south-america\.svg$/ },
    { code: 'paris-olympics', base: '', want: /\/images\/regions\/paris-olympics\.svg$/ },
  ])('$code with base "$base"', ({ code, base, want }) => {
    expect(flagSrc(code, base)).toMatch(want);
  });

  it.each([null, undefined, '', 'XQ', 'not a code'])('falls back to the placeholder for %j', (code) => {
    expect(flagSrc(code)).toBe(placeholderSrc);
  });
});
