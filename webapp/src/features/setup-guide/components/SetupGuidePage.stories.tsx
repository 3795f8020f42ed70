import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { withShop } from '@/shared/testing/stories';
import { SetupGuidePage } from './SetupGuidePage';

const meta = {
  title: 'setup-guide/SetupGuidePage',
  component: SetupGuidePage,
  decorators: [withShop],
  parameters: { shop: { path: '/setup-guide/:item?', url: '/setup-guide' } },
} satisfies Meta<typeof SetupGuidePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const IOS: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(within(c.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(11);
    await userEvent.click(c.getByRole('tab', { name: 'Android' }));
    await expect(within(c.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(15);
  },
};
export const Android: Story = { parameters: { shop: { url: '/setup-guide/android' } } };
export const AndroidMobile: Story = { ...Android, globals: { viewport: { value: 'mobile', isRotated: false } } };
