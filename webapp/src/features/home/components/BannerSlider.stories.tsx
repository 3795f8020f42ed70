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
/**
 * The arrows point outward, the way their slide lies: Next to the right in English and French,
 * to the left in Arabic (and sits on that side). The direction is read from where the
 * chevron's tip is drawn on screen, transforms included.
 */
export const Arrows: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'home');
    const rtl = dirOf(localeOfStory(ctx)) === 'rtl';
    const pointsRight = (button: HTMLElement): boolean => {
      const path = button.querySelector('svg path');
      if (!(path instanceof SVGPathElement)) throw new Error(`${button.getAttribute('aria-label')}: no drawn chevron`);
      const m = path.getScreenCTM();
      if (!m) throw new Error('no screen transform');
      const screenX = (p: DOMPoint) => new DOMPoint(p.x, p.y).matrixTransform(m).x;
      const len = path.getTotalLength();
      return screenX(path.getPointAtLength(len / 2)) > screenX(path.getPointAtLength(0));
    };
    const next = c.getByRole('button', { name: t('nextSlide') });
    const previous = c.getByRole('button', { name: t('previousSlide') });
    await expect(pointsRight(next)).toBe(!rtl);
    await expect(pointsRight(previous)).toBe(rtl);
    const side = next.getBoundingClientRect().left - previous.getBoundingClientRect().left;
    await expect(rtl ? side < 0 : side > 0).toBe(true);
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Empty: Story = { args: { empty: true } };
