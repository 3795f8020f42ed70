import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Select, { type InputActionMeta, type MenuListProps, type MultiValue, type OptionProps, type StylesConfig } from 'react-select';
import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import { createIndex } from '@/shared/textmatch/textmatch';
import type { Country } from '../api/types';
import css from './CountrySelect.module.css';

/** A country to pick; search also finds it by the provider's English name (`alt`). */
export type CountryOption = { value: string; label: string; alt?: string };

type CountrySelectProps = {
  countries: readonly Country[];
  loading: boolean;
  value: readonly CountryOption[];
  onChange: (value: readonly CountryOption[]) => void;
  inputId?: string;
};

/** The select widget constants of spec section 9. */
export const MENU = { maxMenuHeight: 300, minMenuHeight: 140, pageSize: 5 } as const;

// react-select's default greys fail WCAG AA contrast on white; these pass (>= 4.5:1).
const muted = '#4b5563';
const styles: StylesConfig<CountryOption, true> = {
  placeholder: (base) => ({ ...base, color: muted }),
  noOptionsMessage: (base) => ({ ...base, color: muted }),
  loadingMessage: (base) => ({ ...base, color: muted }),
  // The library draws focus as a 1 px shadow and sets outline: 0 on its input; the control
  // gets the site's ring instead (WCAG 2.4.7), from the same token as every other control.
  control: (base, state) => ({
    ...base,
    borderColor: state.isFocused ? '#0b5d4b' : '#6b7773',
    minHeight: 48,
    boxShadow: 'none',
    outline: state.isFocused ? 'var(--focus-ring-width) solid var(--focus-ring)' : 'none',
    outlineOffset: 2,
  }),
  // Long country names wrap inside the box instead of widening the page at 320 px.
  valueContainer: (base) => ({ ...base, minWidth: 0 }),
  multiValueLabel: (base) => ({ ...base, color: '#1a1f23', whiteSpace: 'normal' }),
  dropdownIndicator: (base) => ({ ...base, color: muted }),
  clearIndicator: (base) => ({ ...base, color: muted }),
  indicatorSeparator: (base) => ({ ...base, backgroundColor: '#6b7773' }),
  multiValue: (base) => ({ ...base, backgroundColor: '#e6f2ef' }),
};

/** Height of one option row (CountrySelect.module.css), for the windowed menu. */
export const OPTION_HEIGHT = 40;
const OVERSCAN = 6;

/**
 * The menu renders only the options in view (plus a few either side): with ~250 countries
 * a full menu costs more than a frame per keystroke. The focused option is kept in view
 * for keyboard moves (PageDown, End) that land outside the rendered window.
 * A menu holding only the 'No options' or 'Loading...' message is not a listbox: a
 * listbox without options is an ARIA error, and react-select announces the message in
 * its own live region anyway.
 */
function MenuList(props: MenuListProps<CountryOption, true>) {
  const { children, innerRef, innerProps, maxHeight } = props;
  const elRef = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // The scroll position as last scrolled (onScroll) or set here: reading el.scrollTop or
  // clientHeight after a keystroke's commit would force a layout inside the keystroke.
  const scrolled = useRef(0);
  const items = Array.isArray(children) ? (children as ReactElement<{ isFocused?: boolean }>[]) : null;
  const count = items ? items.length : 0;
  const focused = items ? items.findIndex((c) => c.props.isFocused) : -1;

  useLayoutEffect(() => {
    const el = elRef.current;
    if (!el || focused < 0) return;
    // The menu's height is known without layout: its rows, up to maxHeight.
    const height = Math.min(maxHeight, count * OPTION_HEIGHT);
    const current = Math.min(scrolled.current, Math.max(0, count * OPTION_HEIGHT - height));
    const top = focused * OPTION_HEIGHT;
    let next = current;
    if (top < current) next = top;
    else if (top + OPTION_HEIGHT > current + height) next = top + OPTION_HEIGHT - height;
    if (next === current) return;
    scrolled.current = next;
    el.scrollTop = next;
  }, [focused, count, maxHeight]);

  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      elRef.current = node;
      if (typeof innerRef === 'function') innerRef(node);
    },
    [innerRef],
  );

  if (!items) {
    const { role: _role, 'aria-multiselectable': _multi, ...rest } = innerProps;
    return (
      <div ref={ref} {...rest} className={css.menuList} style={{ maxHeight }}>
        {children}
      </div>
    );
  }
  const first = Math.max(0, Math.floor(scrollTop / OPTION_HEIGHT) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + maxHeight) / OPTION_HEIGHT) + OVERSCAN);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    scrolled.current = e.currentTarget.scrollTop;
    setScrollTop(scrolled.current);
  };
  return (
    <div ref={ref} {...innerProps} className={css.menuList} style={{ maxHeight }} onScroll={onScroll}>
      <div style={{ height: items.length * OPTION_HEIGHT, paddingTop: first * OPTION_HEIGHT, boxSizing: 'border-box' }}>{items.slice(first, last)}</div>
    </div>
  );
}

/**
 * Options are plain elements with CSS-module classes: react-select's own Option computes
 * emotion styles per option per render, which with ~250 countries costs more than a frame.
 */
function OptionView({ innerRef, innerProps, isFocused, isSelected, children }: OptionProps<CountryOption, true>) {
  const cls = [css.option, isFocused ? css.focused : '', isSelected ? css.selected : ''].join(' ');
  return (
    <div ref={innerRef} {...innerProps} className={cls}>
      {children}
    </div>
  );
}

/**
 * react-select makes new props (handlers, style helpers) for every option on every
 * keystroke; a row showing the same country in the same state is the same DOM, so it is
 * not rendered again. The handlers only close over the option's data, compared here.
 */
const Option = memo(
  OptionView,
  (a, b) =>
    a.data === b.data &&
    a.isFocused === b.isFocused &&
    a.isSelected === b.isSelected &&
    a.isDisabled === b.isDisabled &&
    a.innerRef === b.innerRef &&
    a.children === b.children &&
    a.innerProps.id === b.innerProps.id &&
    a.innerProps['aria-selected'] === b.innerProps['aria-selected'],
);

const selectComponents = { MenuList, Option };


/**
 * The country multi-select. Filtering uses the shared matcher over a precomputed index
 * (trimmed, accent- and case-insensitive, anywhere), not react-select's own filter, so a
 * keystroke costs one normalisation of the query plus a substring test per country. The
 * typed text lives here, so typing never re-renders the rest of the plans page.
 */
export const CountrySelect = memo(function CountrySelect({ countries, loading, value, onChange, inputId }: CountrySelectProps) {
  const { t } = useTranslation('plans');
  const locale = useLocale();
  const [input, setInput] = useState('');
  const options = useMemo<CountryOption[]>(
    () =>
      countries.map((c) => {
        const local = locale === 'en' ? undefined : countryName(c.isoCode, locale);
        return local && local !== c.name ? { value: c.isoCode, label: local, alt: c.name } : { value: c.isoCode, label: c.name };
      }),
    [countries, locale],
  );
  const index = useMemo(() => createIndex(options, (o) => (o.alt ? `${o.label} ${o.alt}` : o.label)), [options]);
  const noOptionsMessage = useCallback(() => t('noOptions'), [t]);
  const loadingMessage = useCallback(() => t('loadingOptions'), [t]);
  const filtered = useMemo(() => index.filter(input), [index, input]);

  // Controlled only so the filter can see the text; react-select still decides when to
  // clear it (after a pick, on blur), as it does uncontrolled.
  const onInputChange = useCallback((text: string, _meta: InputActionMeta) => {
    setInput(text);
    return text;
  }, []);
  const handleChange = useCallback((v: MultiValue<CountryOption>) => onChange(v), [onChange]);

  return (
    <Select<CountryOption, true>
      inputId={inputId}
      isMulti
      options={filtered}
      filterOption={null}
      inputValue={input}
      onInputChange={onInputChange}
      value={value}
      onChange={handleChange}
      isLoading={loading}
      placeholder={t('searchPlaceholder')}
      noOptionsMessage={noOptionsMessage}
      loadingMessage={loadingMessage}
      maxMenuHeight={MENU.maxMenuHeight}
      minMenuHeight={MENU.minMenuHeight}
      pageSize={MENU.pageSize}
      // The open menu would cover the results it just changed (and a click meant for the
      // first card would pick another country); typing opens it again.
      closeMenuOnSelect
      styles={styles}
      components={selectComponents}
    />
  );
});
