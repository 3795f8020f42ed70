import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import { shopParameters } from '@/shared/testing/storybook';
import { PlanAccordion } from './PlanAccordion';

const esim = (JSON.parse(findScenario('esims.byEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims[0] as Esim;

const meta = {
  title: 'profile/PlanAccordion',
  component: PlanAccordion,
  args: { iccid: esim.iccid, bundle: esim.bundles[0] as Esim['bundles'][number] },
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { 'esims.info': 'success' } }),
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
  play: async ({ canvasElement }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('progressbar', { name: 'Data used' })).toBeInTheDocument();
    await expect(c.getByText('Jun 12, 2025, 9:02 AM')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'esims.info': 'pending' } }),
  play: async ({ canvasElement }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('Loading the plan details');
  },
};

/** The details fail to load (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'esims.info': 500 } }),
  play: async ({ canvasElement }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent('The plan details could not be loaded.');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
