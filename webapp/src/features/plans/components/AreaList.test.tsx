import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/test/fixtureConfig';
import { AreaList, FIRST_AREAS } from './AreaList';
import type { Area } from './areas';

const areasOf = (n: number): Area[] =>
  Array.from({ length: n }, (_, i) => ({ key: `c:${i}`, kind: 'country', name: `Country ${i}`, flag: 'tr', origin: 'TR' }));

describe('AreaList: first screens first, then the rest', () => {
  it.each([
    { name: 'fewer than the first batch', n: 5 },
    { name: 'exactly the first batch', n: FIRST_AREAS },
    { name: 'a full catalogue', n: 250 },
  ])('renders every area in order ($name)', async ({ n }) => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: false, media: q, addEventListener: () => {}, removeEventListener: () => {} }));
    render(
      <ConfigProvider config={fixtureConfig()}>
        <AreaList areas={areasOf(n)} specials={[]} api={{ areaBundles: () => Promise.resolve([]) }} loading={false} label="Countries" />
      </ConfigProvider>,
    );
    const list = screen.getByRole('list', { name: 'Countries' });
    await within(list).findByRole('button', { name: `Country ${n - 1}` });
    expect(within(list).getAllByRole('button').map((b) => b.textContent?.replace(/[+−]$/, ''))).toEqual(areasOf(n).map((a) => a.name));
  });
});
