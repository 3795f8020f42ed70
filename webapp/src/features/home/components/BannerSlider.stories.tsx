import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BannerSlider } from './BannerSlider';
import { slides } from './slides';

const meta = { title: 'home/BannerSlider', component: BannerSlider, args: { slides } } satisfies Meta<typeof BannerSlider>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Stop automatic slide show' }));
    await userEvent.click(c.getByRole('button', { name: 'Next slide' }));
    await expect(c.getByRole('group', { name: '2 of 4' })).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect(c.getByRole('group', { name: '3 of 4' })).toBeVisible();
    await expect(c.getByRole('link', { name: slides[2]?.cta ?? '' })).toHaveAttribute('href', '/plans');
  },
};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Empty: Story = { args: { slides: [] } };
