import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import { shopParameters } from '@/shared/testing/storybook';
import { EsimCard } from './EsimCard';

const esims = (JSON.parse(findScenario('esims.byEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims;
const [first, , third] = esims as [Esim, Esim, Esim];

const meta = {
  title: 'profile/EsimCard',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: EsimCard,
  args: { esim: first, bundles: first.bundles, ios: false },
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { 'esims.info': 'success', 'esims.qrCode': 'success' } }),
} satisfies Meta<typeof EsimCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('link', { name: 'Top up this eSIM' })).toBeInTheDocument();
    await expect(c.queryByRole('link', { name: 'Install on this iPhone' })).not.toBeInTheDocument();
  },
};

export const OnIPhone: Story = {
  args: { ios: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Install on this iPhone' })).toHaveAttribute('href', first.linkOnIphone);
  },
};

/** The list carried no QR code: it loads 500 ms later. */
export const Loading: Story = {
  args: { esim: third, bundles: third.bundles },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: `QR code to install the eSIM ${third.iccid}` })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
