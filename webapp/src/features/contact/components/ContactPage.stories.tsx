import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { shownText, storyText } from '@/test/storyText';
import { ContactPage } from './ContactPage';

const meta = {
  title: 'contact/ContactPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: ContactPage,
  parameters: shopParameters({
    app: { path: '/contactus', config: { liveChatUrl: 'https://chat.cedarsim.example/' } },
    fixtures: { 'token.guest': 'success', 'contactUs': 'success' },
  }),
} satisfies Meta<typeof ContactPage>;
export default meta;
type Story = StoryObj<typeof meta>;

type Ctx = Parameters<typeof storyText>[0];

/** Fills the form in the story's locale (labels and topic from the contact catalogue) and sends it. */
async function fillAndSend(canvasElement: HTMLElement, ctx: Ctx) {
  const c = within(canvasElement);
  const t = storyText(ctx, 'contact');
  await userEvent.type(c.getByLabelText(t('fullName')), 'Rana Haddad');
  await userEvent.selectOptions(c.getByLabelText(t('topic')), t('topicSupport'));
  await userEvent.type(c.getByLabelText(t('email')), 'rana.haddad@example.com');
  await userEvent.type(c.getByLabelText(t('comments')), 'Which plan covers Cyprus?');
  await userEvent.click(c.getByRole('button', { name: t('send') }));
  return c;
}

export const Empty: Story = {};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = await fillAndSend(canvasElement, ctx);
    await expect(await c.findByText(storyText(ctx, 'shared')('contactSent'))).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'contactUs': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = await fillAndSend(canvasElement, ctx);
    await expect(await c.findByRole('status')).toHaveTextContent(storyText(ctx, 'contact')('sending'));
  },
};

/** The server fails the message (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'contactUs': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = await fillAndSend(canvasElement, ctx);
    await expect(await c.findByText(shownText(storyText(ctx, 'shared')('contactFailed')))).toBeInTheDocument();
  },
};
