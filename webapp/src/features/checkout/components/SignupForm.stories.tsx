import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SignupForm } from './SignupForm';

const meta = {
  title: 'checkout/SignupForm',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: SignupForm,
  args: { onSubmit: fn(async () => {}) },
} satisfies Meta<typeof SignupForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByLabelText<HTMLSelectElement>('Country dial code');
    await expect(select.options[0]).toHaveTextContent('Lebanon (+961)');
  },
};

/** Filled: the checkboxes stay unticked and the form still sends (section 5). */
export const Filled: Story = {
  args: { initial: { firstName: 'Rana', lastName: 'Haddad', phone: '3123456', email: 'rana.haddad@example.com' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Verify your E-mail' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ firstName: 'Rana', lastName: 'Haddad', countryCode: '961', phone: '3123456', email: 'rana.haddad@example.com' });
  },
};

/** The send failed: the server's message above the form. */
export const Error: Story = {
  args: { error: 'The e-mail service is temporarily unavailable. Please try again in a few minutes.' },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
