import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { accountKey } from '@/shared/query/queryClient';
import { customerSession } from '@/test/sessions';
import { shopParameters } from '@/test/storybook';
import { formatInstant } from '@/shared/format/format';
import { fixClock, localeOfStory, shownText, storyText } from '@/test/storyText';
import { saveReadings } from '@/shared/usage/readings';
import { PlanAccordion } from './PlanAccordion';

const esim = (JSON.parse(findScenario('listEsimsByEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims[0] as Esim;

const bundle = esim.bundles[0] as Esim['bundles'][number];
const NOW = Date.parse('2025-06-20T08:00:00Z');

/**
 * A device that read this plan a day earlier with 4.0 GB left: with today's 3.2 GB the pace
 * is about 0.78 GB a day, so the data runs out in about four days, before the plan ends.
 */
function storageWithYesterday(): Storage {
  const storage = memoryStorage();
  const session = { token: '', refreshToken: '', isGuest: '' as const, primaryProfileId: '', ...customerSession() };
  const yesterday = { at: NOW - 24 * 3600_000, remaining: 4_000_000_000, initial: bundle.initialQuantity };
  saveReadings(storage, accountKey(session), { [esim.iccid]: { [bundle.bundleId]: [yesterday] } });
  return storage;
}

const meta = {
  title: 'profile/PlanAccordion',
  component: PlanAccordion,
  args: { iccid: esim.iccid, bundle: esim.bundles[0] as Esim['bundles'][number] },
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { 'getEsimInfo': 'success' } }),
  // Mid-plan (the plan runs 2025-06-12 to 2025-07-12), the same on every run: "As of" reads it.
  beforeEach: () => fixClock(NOW),
} satisfies Meta<typeof PlanAccordion>;
export default meta;
type Story = StoryObj<typeof meta>;

const expand = async (canvasElement: HTMLElement) => {
  const c = within(canvasElement);
  await userEvent.click(c.getByRole('button', { name: /Turkey 5GB/ }));
  return c;
};

/** Collapsed: nothing loaded yet. */
export const Empty: Story = {};

export const Filled: Story = {
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = await expand(ctx.canvasElement);
    await expect(await c.findByRole('progressbar', { name: t('dataUsed') })).toBeInTheDocument();
    // The plan's start, Beirut time (Jun 12, 2025, 9:02 AM in English), as the locale writes it.
    await expect(c.getByText(shownText(formatInstant('2025-06-12T09:02:00+03:00', localeOfStory(ctx))))).toBeInTheDocument();
    // As of the fetch; no estimate from a single reading.
    await expect(c.getByText(t('usageAsOf', { time: '' }).trim(), { exact: false })).toBeInTheDocument();
    await expect(c.queryByText((t('usageRunsOutAround', { time: '§' }).split('§')[0] ?? '').trim(), { exact: false })).not.toBeInTheDocument();
    await expect(c.queryByText(t('usageLastsUntilEnd'))).not.toBeInTheDocument();
  },
};

/** A reading from yesterday on this device: the run-out estimate at the current pace. */
export const WithEstimate: Story = {
  parameters: shopParameters({ app: { storage: storageWithYesterday() } }),
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = await expand(ctx.canvasElement);
    await c.findByRole('progressbar', { name: t('dataUsed') });
    const estimate = t('usageRunsOutAround', { time: '§' }).split('§')[0] ?? '';
    await expect(c.getByText(estimate.trim(), { exact: false })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'getEsimInfo': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent(storyText(ctx, 'profile')('loadingPlan'));
  },
};

/** The details fail to load (500 problem+json): the error with Retry, inside the open accordion. */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'getEsimInfo': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent(storyText(ctx, 'profile')('planDetailsFailed'));
    await expect(c.getByRole('button', { name: storyText(ctx, 'shared')('retry') })).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
