import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { SetupGuidePage } from './SetupGuidePage';

const meta = {
  title: 'setup-guide/SetupGuidePage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: SetupGuidePage,
  parameters: shopParameters({ app: { path: '/setup-guide/:item?', url: '/setup-guide' } }),
} satisfies Meta<typeof SetupGuidePage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The iOS guide, then the Android tab. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(within(c.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(11);
    await userEvent.click(c.getByRole('tab', { name: 'Android' }));
    await expect(within(c.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(15);
  },
};
export const Android: Story = { parameters: shopParameters({ app: { url: '/setup-guide/android' } }) };
export const Mobile: Story = { ...Android, globals: { viewport: { value: 'mobile', isRotated: false } } };
