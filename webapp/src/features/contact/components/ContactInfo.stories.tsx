import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withShop } from '@/shared/testing/stories';
import { ContactInfo } from './ContactInfo';

const meta = { title: 'contact/ContactInfo', component: ContactInfo, decorators: [withShop] } satisfies Meta<typeof ContactInfo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithLiveChat: Story = {
  parameters: { shop: { config: { liveChatUrl: 'https://chat.cedarsim.example/' } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: /Chat with us now/ })).toHaveAttribute('href', 'https://chat.cedarsim.example/');
  },
};
export const WithoutLiveChat: Story = {};
