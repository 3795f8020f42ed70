import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyText } from '@/test/storyText';
import { Spinner } from './Spinner';

const meta = { component: Spinner, title: 'shared/Spinner' } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(storyText(ctx, 'shared')('loading'));
  },
};

export const Labelled: Story = {
  args: { label: 'Loading plans' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading plans');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
