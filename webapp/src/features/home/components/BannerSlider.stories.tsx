import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BannerSlider } from './BannerSlider';
import en from '../locales/en.json';
import { useSlides } from './slides';

/** The home page's slides in the story's locale. */
function HomeSlides({ empty = false }: { empty?: boolean }) {
  const slides = useSlides();
  return <BannerSlider slides={empty ? [] : slides} />;
}

const meta = { title: 'home/BannerSlider', component: HomeSlides } satisfies Meta<typeof HomeSlides>;
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
    await expect(c.getByRole('link', { name: en.slide3Cta })).toHaveAttribute('href', '/plans');
  },
};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Empty: Story = { args: { empty: true } };
