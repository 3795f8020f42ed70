import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
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
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Full name'), 'Rana Haddad');
    await userEvent.type(c.getByLabelText('E-mail'), 'rana.haddad@example.com');
    await userEvent.type(c.getByLabelText('Comments'), 'Hello');
    await userEvent.click(c.getByRole('button', { name: 'Send' }));
    await expect(window.alert).toHaveBeenCalledWith('Please select a valid topic.');
    await expect(c.getByRole('alert')).toHaveTextContent('Please select a valid topic.');
    await expect(args.send).not.toHaveBeenCalled();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
