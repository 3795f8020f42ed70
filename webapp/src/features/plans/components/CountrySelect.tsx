import { useCombobox, useMultipleSelection, type UseComboboxGetMenuPropsReturnValue, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type CSSProperties, type ReactNode, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { byName } from '@/shared/i18n/areaNames';
import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import { dirOf, type Locale } from '@/shared/i18n/locales';
import { createIndex } from '@/shared/textmatch/textmatch';
import type { Country } from '../api/types';
import css from './CountrySelect.module.css';
import { filterStatus } from './selectAnnouncements';

/** A country to pick; search also finds it by the provider's English name (`alt`). */
export type CountryOption = { value: string; label: string; alt?: string };

/**
 * countryOption names a country in the page's language, keeping the provider's English name
 * as `alt` so a search finds it either way ('Turquie' or 'Turkey' on a French page). Without
 * the English name (the list not loaded yet) the ISO code stands in.
 */
export function countryOption(code: string, english: string | undefined, locale: Locale): CountryOption {
  const local = locale === 'en' ? undefined : countryName(code, locale);
  return local && english && local !== english ? { value: code, label: local, alt: english } : { value: code, label: english ?? code };
}

type CountrySelectProps = {
  /** The countries to choose from (listCountries), each offered under its name in the page's language. */
  countries: readonly Country[];
  /** The countries are still loading: the open menu says so instead of "no options". */
  loading: boolean;
  /** The chosen countries, in the order they were picked (a controlled value). */
  value: readonly CountryOption[];
  /** Called with the new choice when a country is picked or removed. */
  onChange: (value: readonly CountryOption[]) => void;
  /** The input's id, for the page's <label htmlFor>; the widget has no visible label of its own. */
  inputId?: string;
};

/** The select widget constants of spec section 9. */
export const MENU = { maxMenuHeight: 300, minMenuHeight: 140, pageSize: 5 } as const;

/** Height of one option row (CountrySelect.module.css), for the windowed menu. */
export const OPTION_HEIGHT = 40;
const OVERSCAN = 6;

const types = useCombobox.stateChangeTypes;
const optionKey = (o: CountryOption | null) => o?.value ?? '';
const optionText = (o: CountryOption | null) => o?.label ?? '';

/**
 * What the combobox does on each of its events, on top of downshift's defaults: a pick
 * empties the text and closes the menu (it would cover the results it just changed, and a
 * click meant for the first card would pick another country); leaving the field picks
 * nothing; PageUp/PageDown move by the spec's page size.
 */
function reduce(state: UseComboboxState<CountryOption>, { type, changes, props }: UseComboboxStateChangeOptions<CountryOption>): Partial<UseComboboxState<CountryOption>> {
  switch (type) {
    case types.InputKeyDownEnter:
    case types.ItemClick:
      return { ...changes, inputValue: '', isOpen: false, highlightedIndex: -1 };
    case types.InputBlur:
      return { ...changes, inputValue: '', selectedItem: state.selectedItem };
    case types.InputKeyDownPageDown:
      return { ...changes, highlightedIndex: Math.min(props.items.length - 1, Math.max(0, state.highlightedIndex) + MENU.pageSize) };
    case types.InputKeyDownPageUp:
      return { ...changes, highlightedIndex: Math.max(0, state.highlightedIndex - MENU.pageSize) };
    default:
      return changes;
  }
}

/**
 * The country multi-select: an ARIA 1.2 combobox (downshift's `useCombobox`) with the chosen
 * countries before it as remove buttons (`useMultipleSelection`: Left from the start of the
 * text reaches them, Backspace in an empty field removes the last).
 *
 * Filtering uses the shared matcher over a precomputed index (trimmed, accent- and
 * case-insensitive, anywhere), so a keystroke costs one normalisation of the query plus a
 * substring test per country, and the menu renders only the rows in view (plus a few either
 * side): with ~250 countries a full menu costs more than a frame per keystroke. The typed
 * text lives here, so typing never re-renders the rest of the plans page. What happened is
 * said in a polite live region in the page's language: results per search, each pick and
 * each removal.
 */
export const CountrySelect = memo(function CountrySelect({ countries, loading, value, onChange, inputId }: CountrySelectProps) {
  const { t } = useTranslation('plans');
  const locale = useLocale();
  const rtl = dirOf(locale) === 'rtl';
  const id = useId();
  const [input, setInput] = useState('');
  // The last pick or removal, said until the next keystroke.
  const [said, setSaid] = useState('');

  // In the page's alphabetical order (Intl.Collator): Arabic names sorted as Arabic, not by the English ones.
  const options = useMemo(() => byName(countries.map((c) => countryOption(c.isoCode, c.name, locale)), locale, (o) => o.label), [countries, locale]);
  const index = useMemo(() => createIndex(options, (o) => (o.alt ? `${o.label} ${o.alt}` : o.label)), [options]);
  const chosen = useMemo(() => new Set(value.map((v) => v.value)), [value]);
  // Chosen countries leave the menu, as their chips show them.
  const items = useMemo(() => {
    const found = index.filter(input);
    return chosen.size === 0 ? found : found.filter((o) => !chosen.has(o.value));
  }, [index, input, chosen]);

  const { getSelectedItemProps, getDropdownProps, removeSelectedItem } = useMultipleSelection<CountryOption>({
    selectedItems: value as CountryOption[],
    itemToKey: optionKey,
    keyNavigationPrevious: rtl ? 'ArrowRight' : 'ArrowLeft',
    keyNavigationNext: rtl ? 'ArrowLeft' : 'ArrowRight',
    // Every removal (the chip, Backspace, Delete) comes through here and is said.
    onSelectedItemsChange: ({ selectedItems }) => {
      const gone = value.find((v) => !selectedItems.some((s) => s.value === v.value));
      onChange(selectedItems);
      if (gone) setSaid(t('srDeselected', { label: gone.label }));
    },
  });

  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = useCombobox<CountryOption>({
    items,
    inputId,
    itemToKey: optionKey,
    itemToString: optionText,
    // The text is controlled from here and set in the input's own change event (below), so the
    // filtered items are rendered before the next event: Enter right after a paste or an
    // autofill picks from the pasted text's matches. downshift reports its changes from an
    // effect, one render later; only its own changes (emptied on a pick or blur) come that way.
    inputValue: input,
    selectedItem: null,
    defaultHighlightedIndex: 0,
    // The windowed menu keeps the highlighted row in view itself.
    scrollIntoView: noScroll,
    stateReducer: reduce,
    onInputValueChange: ({ inputValue = '', type }) => {
      if (type !== types.InputChange) setInput(inputValue);
    },
    onStateChange: ({ type, selectedItem }) => {
      if ((type === types.InputKeyDownEnter || type === types.ItemClick) && selectedItem) {
        onChange([...value, selectedItem]);
        setSaid(t('srSelected', { label: selectedItem.label }));
      }
    },
  });

  const showList = isOpen && items.length > 0;
  const message = isOpen && items.length === 0 ? t(loading ? 'loadingOptions' : 'noOptions') : '';
  const status = said || (isOpen && !loading ? filterStatus(t, input, items.length) : '');
  const hintId = `${id}-hint`;
  const chipHintId = `${id}-chip-hint`;

  return (
    <div className={css.select}>
      <div className={css.control}>
        {value.map((item, i) => (
          <button
            key={item.value}
            type="button"
            className={css.chip}
            aria-label={t('removeCountry', { name: item.label })}
            aria-describedby={chipHintId}
            {...getSelectedItemProps({ selectedItem: item, index: i })}
            // Replaces downshift's click (which only makes the chip active): a second action in
            // the same event would start again from the old `value` and undo the removal.
            onClick={() => removeSelectedItem(item)}
          >
            <span className={css.chipText}>{item.label}</span>
            <span className={css.chipX} aria-hidden="true">
              ×
            </span>
          </button>
        ))}
        <input
          className={css.input}
          placeholder={value.length === 0 ? t('searchPlaceholder') : undefined}
          aria-describedby={hintId}
          {...getInputProps(
            getDropdownProps({
              preventKeyAction: isOpen,
              onChange: (e: ChangeEvent<HTMLInputElement>) => {
                setInput(e.currentTarget.value);
                setSaid('');
              },
            }),
          )}
          // The page's <label for> names the field; downshift would point at a label of its own.
          aria-labelledby={undefined}
        />
        {/* The menu opens from the field too; the arrow is a pointer's shortcut, not a tab stop. */}
        <button type="button" className={css.toggle} {...getToggleButtonProps({ tabIndex: -1, 'aria-hidden': true })}>
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M4.5 7.5 10 13l5.5-5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <Menu open={showList} count={items.length} highlighted={highlightedIndex} menuProps={getMenuProps({ 'aria-label': t('countryOptions') })}>
        {(i, at) => {
          const item = items[i];
          if (!item) return null;
          return (
            <li
              key={item.value}
              className={`${css.option} ${i === highlightedIndex ? css.focused : ''} ${at === undefined ? '' : css.stray}`}
              style={at === undefined ? undefined : { top: at }}
              aria-setsize={items.length}
              aria-posinset={i + 1}
              {...getItemProps({ item, index: i })}
            >
              {item.label}
            </li>
          );
        }}
      </Menu>
      {message && <div className={css.message}>{message}</div>}
      <div className={css.hidden} aria-live="polite" aria-atomic="true">
        {status}
      </div>
      <span id={hintId} className={css.hidden}>
        {t('srGuidanceInput')}
      </span>
      <span id={chipHintId} className={css.hidden}>
        {t('srGuidanceValue')}
      </span>
    </div>
  );
});

function noScroll() {}

type MenuProps = {
  open: boolean;
  count: number;
  highlighted: number;
  menuProps: UseComboboxGetMenuPropsReturnValue;
  /** Renders row `index`; `at` (px) places a row outside the rendered window. */
  children: (index: number, at?: number) => ReactNode;
};

/** Where the open menu goes: below the field (the default) or above it, and how tall it may be. */
type Placement = { above: boolean; limit: number };
const BELOW: Placement = { above: false, limit: MENU.maxMenuHeight };
// The gap between the field and the menu, and a margin kept from the viewport's edge.
const GAP = 4;
const EDGE = 8;

/**
 * placementFor is the spec's select menu (section 9, react-select's rule): at most 300 px
 * high; less when the viewport has less room below the field, but never under 140 px; when
 * not even 140 px fit below and there is more room above, it opens above the field.
 */
export function placementFor(below: number, above: number): Placement {
  if (below >= MENU.maxMenuHeight) return BELOW;
  if (below >= MENU.minMenuHeight || below >= above) return { above: false, limit: Math.max(MENU.minMenuHeight, below) };
  return { above: true, limit: Math.min(MENU.maxMenuHeight, Math.max(MENU.minMenuHeight, above)) };
}

/**
 * The listbox, windowed: it renders the rows in view plus a few either side, with spacers
 * (its ::before and ::after, not rows, so nothing extra reaches the accessibility tree)
 * standing in for the rest, and keeps the highlighted row (the input's active descendant)
 * rendered and in view after keyboard moves that land outside the window (End, PageDown).
 * The box is border-box with a max-height, so the spacers scroll inside it; the wheel
 * scrolls the list and stops at its ends (overscroll-behavior). Closed or empty, it stays
 * in the DOM but hidden: an empty listbox is an ARIA error.
 */
function Menu({ open, count, highlighted, menuProps, children }: MenuProps) {
  const { ref: downshiftRef, ...rest } = menuProps as Omit<UseComboboxGetMenuPropsReturnValue, 'ref'> & { ref?: (node: HTMLElement | null) => void };
  const el = useRef<HTMLUListElement | null>(null);
  // The scroll position as last scrolled or set here: reading el.scrollTop after a
  // keystroke's commit would force a layout inside the keystroke.
  const [scrollTop, setScrollTop] = useState(0);
  // Measured once per opening (layout is read then, not on every keystroke or at render).
  const [placement, setPlacement] = useState<Placement>(BELOW);
  const height = Math.min(placement.limit, count * OPTION_HEIGHT);
  // A new highlighted row (a key, a new search) is brought into view once; between such moves
  // the list stays where the wheel or the scrollbar put it, drawn there.
  const [followed, setFollowed] = useState(highlighted);
  if (followed !== highlighted) {
    setFollowed(highlighted);
    if (highlighted >= 0) {
      const row = highlighted * OPTION_HEIGHT;
      if (row < scrollTop) setScrollTop(row);
      else if (row + OPTION_HEIGHT > scrollTop + height) setScrollTop(row + OPTION_HEIGHT - height);
    }
  }
  const top = Math.min(scrollTop, Math.max(0, count * OPTION_HEIGHT - height));
  useLayoutEffect(() => {
    const field = el.current?.parentElement;
    if (!open || !field) return;
    const box = field.getBoundingClientRect();
    const view = window.visualViewport?.height ?? window.innerHeight;
    const next = placementFor(view - box.bottom - GAP - EDGE, box.top - GAP - EDGE);
    setPlacement((p) => (p.above === next.above && p.limit === next.limit ? p : next));
  }, [open]);
  // Setting scrollTop fires a scroll event, which brings the state along.
  useLayoutEffect(() => {
    const node = el.current;
    if (node && open && node.scrollTop !== top) node.scrollTop = top;
  }, [open, top]);

  const ref = useCallback(
    (node: HTMLUListElement | null) => {
      el.current = node;
      downshiftRef?.(node);
    },
    [downshiftRef],
  );
  const onScroll = (e: UIEvent<HTMLUListElement>) => setScrollTop(e.currentTarget.scrollTop);

  const first = Math.max(0, Math.floor(top / OPTION_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((top + height) / OPTION_HEIGHT) + OVERSCAN);
  const rows: ReactNode[] = [];
  if (open) for (let i = first; i < last; i++) rows.push(children(i));
  // The highlighted row is the input's active descendant, so it is always rendered: scrolled
  // out of the window, it sits at its own place (the spacers keep the others').
  const stray = open && highlighted >= 0 && highlighted < count && (highlighted < first || highlighted >= last);
  if (stray) rows.push(children(highlighted, highlighted * OPTION_HEIGHT));
  const style = open ? ({ maxHeight: placement.limit, '--before': `${first * OPTION_HEIGHT}px`, '--after': `${(count - last) * OPTION_HEIGHT}px` } as CSSProperties) : undefined;
  return (
    <ul ref={ref} {...rest} className={`${css.menu} ${placement.above ? css.above : ''}`} hidden={!open} onScroll={onScroll} style={style}>
      {rows}
    </ul>
  );
}
