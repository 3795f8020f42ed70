import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { shopParameters } from '@/shared/testing/storybook';
import { ContactPage } from './ContactPage';

const meta = {
  title: 'contact/ContactPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: ContactPage,
  parameters: shopParameters({
    app: { path: '/contactus', config: { liveChatUrl: 'https://chat.cedarsim.example/' } },
    fixtures: { 'identity.token.guest': 'success', 'support.contactUs': 'success' },
  }),
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

export const Empty: Story = {};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = await fillAndSend(canvasElement);
    await expect(await c.findByText('Your message has been sent successfully')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'support.contactUs': 'pending' } }),
  play: async ({ canvasElement }) => {
    const c = await fillAndSend(canvasElement);
    await expect(await c.findByRole('status')).toHaveTextContent('Sending your message');
  },
};

/** The server fails the message (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'support.contactUs': 500 } }),
  play: async ({ canvasElement }) => {
    const c = await fillAndSend(canvasElement);
    await expect(await c.findByText('Unexpected error, try again later!')).toBeInTheDocument();
  },
};
