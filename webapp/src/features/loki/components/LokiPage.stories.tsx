import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { shownText, storyText } from '@/test/storyText';
import { shopParameters } from '@/test/storybook';
import { LokiPage } from './LokiPage';

const meta = {
  title: 'loki/LokiPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: LokiPage,
  args: { now: () => new Date('2026-01-02T03:04:05.678Z') },
  parameters: shopParameters({ app: { path: '/loki', config: { logPushEnabled: true } }, fixtures: { 'pushLogs': 'success' } }),
} satisfies Meta<typeof LokiPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async (ctx) => {
    await expect(await within(ctx.canvasElement).findByText(storyText(ctx, 'loki')('sent'))).toBeInTheDocument();
  },
};

/** The push never answers. */
export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'pushLogs': 'pending' } }),
  play: async (ctx) => {
    await expect(within(ctx.canvasElement).getByRole('status')).toHaveTextContent(storyText(ctx, 'loki')('sending'));
  },
};

export const Disabled: Story = {
  parameters: shopParameters({ app: { config: { logPushEnabled: false } } }),
  play: async (ctx) => {
    await expect(within(ctx.canvasElement).getByRole('status')).toHaveTextContent(shownText(storyText(ctx, 'loki')('disabled')));
  },
};

/** The push fails (500 problem+json): the page says so, the detail goes to the console. */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'pushLogs': 500 } }),
  play: async (ctx) => {
    await expect(await within(ctx.canvasElement).findByText(shownText(storyText(ctx, 'loki')('failed')))).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
