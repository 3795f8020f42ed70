import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LiveRegion } from './LiveRegion';

/** A region and a button that changes its text, as a form's async step would. */
function Demo({ role, hidden, message }: { role: 'status' | 'alert' | 'none'; hidden: boolean; message: string }) {
  const [text, setText] = useState('');
  return (
    <div>
      <button type="button" onClick={() => setText(message)}>
        Send
      </button>
      <LiveRegion role={role} hidden={hidden}>
        {text}
      </LiveRegion>
    </div>
  );
}

const meta = {
  title: 'shared/LiveRegion',
  component: Demo,
  args: { role: 'status', hidden: false, message: 'A code is on its way to rana@example.com.' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: the region is on the page before anything is said, and takes no room. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('status');
    await expect(region).toBeEmptyDOMElement();
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region.getBoundingClientRect().height).toBeLessThanOrEqual(1);
  },
};

/** Filled: the text appears inside the same element that was there before (announced). */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const before = c.getByRole('status');
    await userEvent.click(c.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(before).toHaveTextContent('A code is on its way to rana@example.com.'));
    await expect(c.getByRole('status')).toBe(before);
  },
};

/** Error: an alert region, assertive. */
export const Error: Story = {
  args: { role: 'alert', message: 'Invalid OTP please try again' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const before = c.getByRole('alert');
    await expect(before).toHaveAttribute('aria-live', 'assertive');
    await userEvent.click(c.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(before).toHaveTextContent('Invalid OTP please try again'));
  },
};

/** Loading: heard, not seen (a visually hidden announcer without a role). */
export const Loading: Story = {
  args: { role: 'none', hidden: true, message: 'Loading search results' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Send' }));
    const region = await c.findByText('Loading search results');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveClass('visually-hidden');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { message: '3 plans found' },
};
