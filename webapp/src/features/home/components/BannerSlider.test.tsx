import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerSlider } from './BannerSlider';
import { useSlides } from './slides';

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
}

const current = () => screen.getAllByRole('group').find((g) => !g.hidden)?.getAttribute('aria-label');

function Slider() {
  return <BannerSlider slides={useSlides()} intervalMs={1000} />;
}

function renderSlider() {
  return render(
    <MemoryRouter>
      <Slider />
    </MemoryRouter>,
  );
}

describe('BannerSlider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('has 4 slides, each linking to /plans', () => {
    reducedMotion(false);
    renderSlider();
    const groups = screen.getAllByRole('group', { hidden: true });
    expect(groups).toHaveLength(4);
    for (const g of groups) expect(g.querySelector('a')?.getAttribute('href')).toBe('/plans');
  });

  it('rotates on its own and pauses while hovered or focused', () => {
    reducedMotion(false);
    renderSlider();
    expect(current()).toBe('1 of 4');
    act(() => void vi.advanceTimersByTime(1000));
    expect(current()).toBe('2 of 4');
    const region = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(region);
    act(() => void vi.advanceTimersByTime(3000));
    expect(current()).toBe('2 of 4');
    fireEvent.mouseLeave(region);
    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
    act(() => void vi.advanceTimersByTime(3000));
    expect(current()).toBe('2 of 4');
  });

  it('does not rotate when the user prefers reduced motion, and the pause button toggles rotation', () => {
    reducedMotion(true);
    renderSlider();
    act(() => void vi.advanceTimersByTime(5000));
    expect(current()).toBe('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    act(() => void vi.advanceTimersByTime(1000));
    expect(current()).toBe('2 of 4');
  });

  it('moves with the buttons, the slide pickers and the arrow keys, wrapping around', () => {
    reducedMotion(true);
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe('4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe('1 of 4');
    fireEvent.click(screen.getByRole('button', { name: /^Show slide 3/ }));
    expect(current()).toBe('3 of 4');
    expect(screen.getByRole('button', { name: /^Show slide 3/ })).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(screen.getByRole('region', { name: 'Highlights' }), { key: 'ArrowRight' });
    expect(current()).toBe('4 of 4');
    fireEvent.keyDown(screen.getByRole('region', { name: 'Highlights' }), { key: 'ArrowLeft' });
    expect(current()).toBe('3 of 4');
  });
});
