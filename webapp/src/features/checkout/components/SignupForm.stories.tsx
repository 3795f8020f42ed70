import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyCountry, storyText } from '@/test/storyText';
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
  play: async ({ canvasElement, ...ctx }) => {
    const select = within(canvasElement).getByLabelText<HTMLSelectElement>(storyText(ctx, 'checkout')('dialCode'));
    // Lebanon first, named in the page's language; its code first (a narrow select still shows
    // it), with Latin digits (isolated right to left).
    await expect(select.value).toBe('LB');
    await expect(select.options[0]?.textContent?.replace(/[\u2066\u2069]/g, '')).toBe(`+961 ${storyCountry(ctx, 'LB', 'Lebanon')}`);
  },
};

/** Filled: the checkboxes stay unticked and the form still sends (section 5). */
export const Filled: Story = {
  args: { initial: { firstName: 'Rana', lastName: 'Haddad', phone: '3123456', email: 'rana.haddad@example.com' } },
  play: async ({ canvasElement, args, ...ctx }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: storyText(ctx, 'checkout')('verifyEmail') }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ firstName: 'Rana', lastName: 'Haddad', countryCode: '961', phone: '3123456', email: 'rana.haddad@example.com' });
  },
};

/**
 * An international number typed whole: leaving the field moves its dial code to the select
 * ('+33 6 12 34 56 78' -> France +33 and '6 12 34 56 78'); Enter straight after typing
 * sends the split form too.
 */
export const InternationalNumber: Story = {
  args: { initial: { firstName: 'Rana', lastName: 'Haddad', email: 'rana.haddad@example.com' } },
  play: async ({ canvasElement, args, ...ctx }) => {
    const t = storyText(ctx, 'checkout');
    const c = within(canvasElement);
    const phone = c.getByLabelText<HTMLInputElement>(t('phoneNumber'));
    await userEvent.type(phone, '+33 6 12 34 56 78');
    await userEvent.tab();
    await expect(c.getByLabelText<HTMLSelectElement>(t('dialCode'))).toHaveValue('FR');
    await expect(phone).toHaveValue('6 12 34 56 78');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+961 71 123 456{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith({ firstName: 'Rana', lastName: 'Haddad', countryCode: '961', phone: '71 123 456', email: 'rana.haddad@example.com' });
  },
};

/** The send failed: the server's message above the form. */
export const Error: Story = {
  args: { error: 'The e-mail service is temporarily unavailable. Please try again in a few minutes.' },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
