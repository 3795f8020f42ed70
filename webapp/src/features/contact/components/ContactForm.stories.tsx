import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { ContactForm } from './ContactForm';

const meta = {
  title: 'contact/ContactForm',
  component: ContactForm,
  decorators: [(Story) => <div style={{ maxWidth: 560, padding: 16 }}>{Story()}</div>],
  args: { send: fn(async () => {}) },
  argTypes: { initialStatus: { control: 'inline-radio', options: ['idle', 'sending', 'success', 'error'] } },
} satisfies Meta<typeof ContactForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Loading: Story = { args: { initialStatus: 'sending' } };
export const Filled: Story = { args: { initialStatus: 'success' } };
export const Error: Story = { args: { initialStatus: 'error' } };

export const InvalidTopic: Story = {
  beforeEach: () => {
    const original = window.alert;
    window.alert = fn();
    return () => {
      window.alert = original;
    };
  },
  play: async ({ canvasElement, args, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'contact');
    const invalidTopic = storyText(ctx, 'shared')('invalidTopic');
    await userEvent.type(c.getByLabelText(t('fullName')), 'Rana Haddad');
    await userEvent.type(c.getByLabelText(t('email')), 'rana.haddad@example.com');
    await userEvent.type(c.getByLabelText(t('comments')), 'Hello');
    await userEvent.click(c.getByRole('button', { name: t('send') }));
    await expect(window.alert).toHaveBeenCalledWith(invalidTopic);
    await expect(c.getByRole('alert')).toHaveTextContent(invalidTopic);
    await expect(args.send).not.toHaveBeenCalled();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
