import type { TFunction } from 'i18next';
import type { AriaLiveMessages, GroupBase } from 'react-select';

/**
 * What react-select's live region says, in the page's language: its own messages are English
 * only, so an Arabic or French screen-reader user heard "option Turquie, selected." The
 * wording follows react-select's defaults in English.
 */
export function selectAnnouncements<Option, Group extends GroupBase<Option>>(
  t: TFunction<'plans'>,
): { ariaLiveMessages: AriaLiveMessages<Option, true, Group>; screenReaderStatus: (p: { count: number }) => string } {
  const position = <T>(list: readonly T[] | undefined, item: T) =>
    list?.length ? { position: list.indexOf(item) + 1, total: list.length } : undefined;
  return {
    ariaLiveMessages: {
      guidance: ({ context, isInitialFocus }) => {
        if (context === 'menu') return t('srGuidanceMenu');
        if (context === 'value') return t('srGuidanceValue');
        return context === 'input' && isInitialFocus ? t('srGuidanceInput', { label: t('searchLabel') }) : '';
      },
      onChange: ({ action, label = '', labels }) => {
        switch (action) {
          case 'select-option':
            return t('srSelected', { label });
          case 'deselect-option':
          case 'pop-value':
          case 'remove-value':
            return t('srDeselected', { label });
          case 'clear':
            return t('srCleared');
          case 'initial-input-focus':
            return t('srSelectedList', { labels: labels.join(', ') });
          default:
            return '';
        }
      },
      onFocus: ({ context, focused, options, selectValue, label = '', isSelected, isAppleDevice }) => {
        if (context === 'value') {
          const at = position(selectValue, focused);
          return at ? t('srValueFocused', { label, ...at }) : '';
        }
        // Elsewhere the browser reads the focused option itself (aria-activedescendant).
        if (context === 'menu' && isAppleDevice) {
          const at = position(options as readonly unknown[], focused);
          if (!at) return '';
          return t(isSelected ? 'srOptionFocusedSelected' : 'srOptionFocused', { label, ...at });
        }
        return '';
      },
      onFilter: ({ inputValue, resultsMessage }) =>
        inputValue ? t('srFilter', { results: resultsMessage, query: inputValue }) : t('srFilterAll', { results: resultsMessage }),
    },
    screenReaderStatus: ({ count }) => t('srResults', { count }),
  };
}
