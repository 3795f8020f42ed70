import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Bundle } from '@/shared/api/types';
import { CartSummary } from './CartSummary';

const bundle = (JSON.parse(findScenario('catalog.bundle', 'success').entries[0]?.body ?? '{}') as { data: Bundle[] }).data[0] ?? null;

const meta = { title: 'checkout/CartSummary', tags: ['visual'], component: CartSummary } satisfies Meta<typeof CartSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  args: { bundle },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('13.00 USD')).toBeInTheDocument();
  },
};

export const Loading: Story = { args: { bundle: null, loading: true } };

/** No bundle (it failed to load), or one without a price: 'NA'. */
export const Error: Story = {
  args: { bundle: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('NA')).toHaveLength(2);
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };
