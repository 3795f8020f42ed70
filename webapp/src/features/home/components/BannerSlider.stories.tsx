import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { dirOf } from '@/shared/i18n/locales';
import { localeOfStory, storyText } from '@/test/storyText';
import { BannerSlider } from './BannerSlider';
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
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'home');
    // Forward is the arrow that points at the next slide: left in Arabic (right to left).
    const forward = dirOf(localeOfStory(ctx)) === 'rtl' ? '{ArrowLeft}' : '{ArrowRight}';
    await userEvent.click(c.getByRole('button', { name: t('stopShow') }));
    await userEvent.click(c.getByRole('button', { name: t('nextSlide') }));
    await expect(c.getByRole('group', { name: t('slidePosition', { position: 2, count: 4 }) })).toBeVisible();
    await userEvent.keyboard(forward);
    await expect(c.getByRole('group', { name: t('slidePosition', { position: 3, count: 4 }) })).toBeVisible();
    await expect(c.getByRole('link', { name: t('slide3Cta') })).toHaveAttribute('href', '/plans');
  },
};
export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Empty: Story = { args: { empty: true } };
