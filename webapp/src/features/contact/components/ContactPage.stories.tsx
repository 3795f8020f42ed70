import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fixtureHandlers, pendingHandlers, withShop } from '@/shared/testing/stories';
import { ContactPage } from './ContactPage';

const meta = {
  title: 'contact/ContactPage',
  component: ContactPage,
  decorators: [withShop],
  parameters: {
    shop: { path: '/contactus', config: { liveChatUrl: 'https://chat.cedarsim.example/' } },
    msw: { handlers: fixtureHandlers({ 'identity.token.guest': 'success', 'support.contactUs': 'success' }) },
  },
} satisfies Meta<typeof ContactPage>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSend(canvasElement: HTMLElement, topic = 'Support') {
  const c = within(canvasElement);
  await userEvent.type(c.getByLabelText('Full name'), 'Rana Haddad');
  await userEvent.selectOptions(c.getByLabelText('Topic'), topic);
  await userEvent.type(c.getByLabelText('E-mail'), 'rana.haddad@example.com');
  await userEvent.type(c.getByLabelText('Comments'), 'Which plan covers Cyprus?');
  await userEvent.click(c.getByRole('button', { name: 'Send' }));
  return c;
}

export const Idle: Story = {};
export const IdleMobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const c = await fillAndSend(canvasElement);
    await expect(await c.findByText('Your message has been sent successfully')).toBeInTheDocument();
  },
};

export const Sending: Story = {
  parameters: { msw: { handlers: pendingHandlers() } },
  play: async ({ canvasElement }) => {
    const c = await fillAndSend(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('Sending your message');
  },
};

/** No contact-us fixture is loaded, so the server answers an error. */
export const Failure: Story = {
  parameters: { msw: { handlers: fixtureHandlers({ 'identity.token.guest': 'success' }) } },
  play: async ({ canvasElement }) => {
    const c = await fillAndSend(canvasElement);
    await expect(await c.findByText('Unexpected error, try again later!')).toBeInTheDocument();
  },
};
