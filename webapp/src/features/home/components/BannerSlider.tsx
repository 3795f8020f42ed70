import { useCallback, useEffect, useId, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '@/shared/i18n/useLocale';
import { dirOf } from '@/shared/i18n/locales';
import type { Slide } from './slides';
import styles from './BannerSlider.module.css';

type BannerSliderProps = {
  slides: readonly Slide[];
  /** Time each slide shows while playing. */
  intervalMs?: number;
};

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const mql = window.matchMedia(reducedMotionQuery);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(reducedMotionQuery).matches;
}

/** The user's motion preference; a prerendered page hydrates as the build rendered it (no preference), then follows it. */
const useReducedMotion = () => useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);

/**
 * The home banner: an accessible carousel (WAI-ARIA APG pattern). It rotates only while
 * nobody hovers or focuses it, never when the user prefers reduced motion, and has a
 * visible pause button, previous/next buttons, slide pickers and arrow keys.
 */
export function BannerSlider({ slides, intervalMs = 6000 }: BannerSliderProps) {
  const { t } = useTranslation('home');
  const rtl = dirOf(useLocale()) === 'rtl';
  const id = useId();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const reducedMotion = useReducedMotion();
  // The pause button's choice, once made, wins over the preference.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const stopped = chosen ?? reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = !stopped && !hovered && !focused && count > 1;

  const go = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);

  useEffect(() => {
    if (!playing) return undefined;
    const t = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(t);
  }, [playing, intervalMs, count]);

  const onKeyDown = (e: KeyboardEvent) => {
    // Right-to-left, the next slide is to the left.
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === forward) {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === back) {
      e.preventDefault();
      go(index - 1);
    }
  };

  if (count === 0) return null;

  return (
    // Hover and focus pause the rotation; arrow keys are a shortcut for the buttons inside.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      className={`${styles.carousel} surface-dark`}
      aria-roledescription={t('carouselRole')}
      aria-label={t('carouselLabel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          onClick={() => setChosen(!stopped)}
          aria-label={stopped ? t('startShow') : t('stopShow')}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
        </button>
        <button type="button" className={styles.control} aria-controls={id} aria-label={t('previousSlide')} onClick={() => go(index - 1)}>
          <Chevron d="M12.5 4.5 7 10l5.5 5.5" />
        </button>
        <button type="button" className={styles.control} aria-controls={id} aria-label={t('nextSlide')} onClick={() => go(index + 1)}>
          <Chevron d="M7.5 4.5 13 10l-5.5 5.5" />
        </button>
      </div>
      <div id={id} className={styles.slides} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((s, i) => (
          <div
            key={s.title}
            role="group"
            aria-roledescription={t('slideRole')}
            aria-label={t('slidePosition', { position: i + 1, count })}
            className={styles.slide}
            hidden={i !== index}
          >
            <img className={styles.image} src={s.image} alt="" width="1200" height="400" decoding="async" />
            <div className={styles.caption}>
              <h2 className={styles.title}>{s.title}</h2>
              <p className={styles.text}>{s.text}</p>
              <Link className={styles.cta} to="/plans">
                {s.cta}
              </Link>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.dots}>
        {slides.map((s, i) => (
          <button
            key={s.title}
            type="button"
            className={styles.dot}
            aria-label={t('showSlide', { position: i + 1, title: s.title })}
            aria-current={i === index ? 'true' : undefined}
            aria-controls={id}
            onClick={() => go(i)}
          />
        ))}
      </div>
    </section>
  );
}

/**
 * A chevron drawn for left to right, turned around right to left (mirror-rtl): Next points
 * left in Arabic, where the next slide is. A drawing, not a character: text arrows (‹ ›) are
 * already mirrored by the bidi algorithm, so mirror-rtl turned them back to point inward.
 */
function Chevron({ d }: { d: string }) {
  return (
    <svg className={`mirror-rtl ${styles.chevron}`} viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
