import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { LoadError } from './LoadError';

const meta = {
  title: 'shared/LoadError',
  component: LoadError,
  args: { message: 'The plans could not be loaded.', onRetry: fn() },
} satisfies Meta<typeof LoadError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What a failed load shows: an alert saying what failed, and Retry (in the story's locale). */
export const Error: Story = {
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    const t = storyText(ctx, 'shared');
    await expect(c.getByRole('alert')).toHaveTextContent(ctx.args.message);
    await userEvent.click(c.getByRole('button', { name: t('retry') }));
    await expect(ctx.args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Retry is reachable by keyboard: Tab, then Enter. */
export const Keyboard: Story = {
  play: async (ctx) => {
    const t = storyText(ctx, 'shared');
    await userEvent.tab();
    await expect(within(ctx.canvasElement).getByRole('button', { name: t('retry') })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(ctx.args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
