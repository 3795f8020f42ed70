import { memo, useCallback, useMemo, useState } from 'react';
import Select, { components, type InputActionMeta, type MenuListProps, type MultiValue, type StylesConfig } from 'react-select';
import { createIndex } from '@/shared/textmatch/textmatch';
import type { Country } from '../api/types';

export type CountryOption = { value: string; label: string };

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
  control: (base, state) => ({ ...base, borderColor: state.isFocused ? '#0b5d4b' : '#6b7773', minHeight: 48 }),
  dropdownIndicator: (base) => ({ ...base, color: muted }),
  clearIndicator: (base) => ({ ...base, color: muted }),
  indicatorSeparator: (base) => ({ ...base, backgroundColor: '#6b7773' }),
  multiValue: (base) => ({ ...base, backgroundColor: '#e6f2ef' }),
  multiValueLabel: (base) => ({ ...base, color: '#1a1f23' }),
  option: (base, state) => ({ ...base, backgroundColor: state.isFocused ? '#e6f2ef' : '#fff', color: '#1a1f23' }),
};

/**
 * A menu holding only the 'No options' or 'Loading...' message is not a listbox: a
 * listbox without options is an ARIA error, and react-select announces the message in its
 * own live region anyway.
 */
function MenuList(props: MenuListProps<CountryOption, true>) {
  if (Array.isArray(props.children)) return <components.MenuList {...props} />;
  const { role: _role, 'aria-multiselectable': _multi, ...innerProps } = props.innerProps;
  return <components.MenuList {...props} innerProps={innerProps} />;
}
const selectComponents = { MenuList };

const noOptionsMessage = () => 'No options';
const loadingMessage = () => 'Loading...';

/**
 * The country multi-select. Filtering uses the shared matcher over a precomputed index
 * (trimmed, accent- and case-insensitive, anywhere), not react-select's own filter, so a
 * keystroke costs one normalisation of the query plus a substring test per country. The
 * typed text lives here, so typing never re-renders the rest of the plans page.
 */
export const CountrySelect = memo(function CountrySelect({ countries, loading, value, onChange, inputId }: CountrySelectProps) {
  const [input, setInput] = useState('');
  const options = useMemo<CountryOption[]>(() => countries.map((c) => ({ value: c.isoCode, label: c.name })), [countries]);
  const index = useMemo(() => createIndex(options, (o) => o.label), [options]);
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
      placeholder="Search your destination"
      noOptionsMessage={noOptionsMessage}
      loadingMessage={loadingMessage}
      maxMenuHeight={MENU.maxMenuHeight}
      minMenuHeight={MENU.minMenuHeight}
      pageSize={MENU.pageSize}
      closeMenuOnSelect={false}
      styles={styles}
      components={selectComponents}
    />
  );
});
