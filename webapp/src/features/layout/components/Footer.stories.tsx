import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { containing, storyText } from '@/test/storyText';
import { Footer } from './Footer';

const meta = {
  title: 'layout/Footer',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual', 'visual-rtl'],
  component: Footer,
  args: { brand: 'CedarSIM', year: 2026 },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'layout');
    await expect(c.getByText('v09302025.0')).toBeVisible();
    await expect(c.getByText(containing(t('rightsReserved', { year: 2026, brand: 'CedarSIM' })))).toBeVisible();
    await expect(c.getByRole('link', { name: t('opensInNewTab', { name: 'Facebook' }) })).toHaveAttribute('target', '_blank');
    await expect(c.getByRole('link', { name: t('privacy') })).toHaveAttribute('href', '/privacy');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('v09302025.0')).toBeVisible();
  },
};
