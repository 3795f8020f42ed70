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
    const c = within(canvasElement);
    await expect(c.getByRole('link', { name: /Chat with us now/ })).toHaveAttribute('href', 'https://chat.cedarsim.example/');
    await expect(c.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\/96171555010\?text=/));
  },
};
/** No live chat and no WhatsApp configured: those lines are left out. */
export const WithoutLiveChat: Story = {
  parameters: shopParameters({ app: { config: { whatsapp: '' } } }),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByRole('link', { name: /Chat with us now/ })).not.toBeInTheDocument();
    await expect(c.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };
