import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { findScenario, handlersFor } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import type { Esim } from '@/shared/api/types';
import { registeredSession, withAccount } from '@/shared/testing/AccountProviders';
import { PlanAccordion } from './PlanAccordion';

const esim = (JSON.parse(findScenario('esims.byEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims[0] as Esim;

const meta = {
  title: 'profile/PlanAccordion',
  component: PlanAccordion,
  decorators: [withAccount({ session: registeredSession() })],
  args: { iccid: esim.iccid, bundle: esim.bundles[0] as Esim['bundles'][number] },
  parameters: { msw: { handlers: handlersFor({ 'esims.info': 'success' }) } },
} satisfies Meta<typeof PlanAccordion>;
export default meta;
type Story = StoryObj<typeof meta>;

const expand = async (canvasElement: HTMLElement) => {
  const c = within(canvasElement);
  await userEvent.click(c.getByRole('button', { name: /Turkey 5GB/ }));
  return c;
};

export const Collapsed: Story = {};

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('progressbar', { name: 'Data used' })).toBeInTheDocument();
    await expect(c.getByText('Jun 12, 2025, 9:02 AM')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.all(`${FIXTURE_BASES.support}*`, () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('Loading the plan details');
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: handlersFor({}) } },
  play: async ({ canvasElement }) => {
    const c = await expand(canvasElement);
    await expect(await c.findByRole('alert')).toHaveTextContent('The plan details could not be loaded.');
  },
};
