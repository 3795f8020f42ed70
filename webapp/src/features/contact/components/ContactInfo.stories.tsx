import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { shopParameters } from '@/shared/testing/storybook';
import { ContactInfo } from './ContactInfo';

const meta = { title: 'contact/ContactInfo', component: ContactInfo } satisfies Meta<typeof ContactInfo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  parameters: shopParameters({ app: { config: { liveChatUrl: 'https://chat.cedarsim.example/' } } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: /Chat with us now/ })).toHaveAttribute('href', 'https://chat.cedarsim.example/');
  },
};
/** No live chat configured: the chat line is left out. */
export const WithoutLiveChat: Story = {};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };
