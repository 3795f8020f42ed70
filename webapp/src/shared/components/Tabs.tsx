import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { dirOf } from '@/shared/i18n/locales';
import { useLocale } from '@/shared/i18n/useLocale';
import styles from './Tabs.module.css';

export type TabItem<K extends string> = { key: K; label: string; panel: () => ReactNode };

type TabsProps<K extends string> = {
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
};

/**
 * An accessible tablist (WAI-ARIA APG, automatic activation): arrow keys, Home and End
 * move between tabs; only the selected tab is in the tab order. Only the selected panel
 * is rendered.
 */
export function Tabs<K extends string>({ label, items, selected, onSelect }: TabsProps<K>) {
  // Right-to-left, the next tab is to the left (WAI-ARIA APG).
  const rtl = dirOf(useLocale()) === 'rtl';
  const [nextKey, prevKey] = rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const move = (e: KeyboardEvent, from: number) => {
    let to: number;
    if (e.key === nextKey) to = (from + 1) % items.length;
    else if (e.key === prevKey) to = (from - 1 + items.length) % items.length;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = items.length - 1;
    else return;
    e.preventDefault();
    const next = items[to];
    if (!next) return;
    onSelect(next.key);
    refs.current.get(next.key)?.focus();
  };

  const current = items.find((t) => t.key === selected);
  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.tablist}>
        {items.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              if (el) refs.current.set(t.key, el);
              else refs.current.delete(t.key);
            }}
            id={`${id}-tab-${t.key}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={t.key === selected}
            // Only the selected panel exists; an inactive tab pointing at a missing
            // panel is an ARIA error.
            aria-controls={t.key === selected ? `${id}-panel-${t.key}` : undefined}
            tabIndex={t.key === selected ? 0 : -1}
            onClick={() => onSelect(t.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${id}-panel-${current.key}`}
          aria-labelledby={`${id}-tab-${current.key}`}
          className={styles.panel}
          // APG: the panel is focusable so keyboard users reach content without links in it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          {current.panel()}
        </div>
      )}
    </div>
  );
}
