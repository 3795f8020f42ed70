// First: a docs page's frame gets its own storage before any story module runs.
import './docsFrame';
import type { Preview } from '@storybook/react-vite';
import { failOnUnanswered, fixturesLoader, i18nLoader, withApp } from '../src/test/storybook';
import { dirOf, LOCALE_NAMES, LOCALES } from '../src/shared/i18n/locales';
import { clearKits } from '../src/shared/offline/installKit';
import { StoryBlock } from './StoryFrame';
import '../src/app/global.css';

const preview: Preview = {
  // Every component gets a docs page (addon-docs).
  tags: ['autodocs'],
  // The shop's language and direction; a story pins one with parameters.app.locale.
  globalTypes: {
    locale: {
      description: 'Language and direction of the shop',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        // Each language named in itself, as the header's switcher lists it.
        items: LOCALES.map((l) => ({ value: l, title: LOCALE_NAMES[l], right: dirOf(l).toUpperCase() })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  // One wrapper (parameters.app), one way to choose the server's answers (parameters.fixtures).
  decorators: [withApp],
  loaders: [fixturesLoader, i18nLoader],
  // Every story starts with no offline install kit saved in this browser (IndexedDB outlives stories).
  beforeEach: async () => {
    await clearKits();
  },
  afterEach: failOnUnanswered,
  parameters: {
    // Accessibility violations fail the story tests.
    a11y: { test: 'error' },
    layout: 'fullscreen',
    controls: { expanded: true },
    // A docs page shows what each story shows alone: a story with a world of its own
    // (fixtures, handlers, locale, viewport, play) renders in its own frame (StoryFrame.tsx).
    docs: { components: { Story: StoryBlock } },
    viewport: {
      options: {
        // Reflow: the shop must work at 320 CSS px without scrolling sideways (WCAG 1.4.10).
        narrow: { name: 'Narrow (320 px)', styles: { width: '320px', height: '640px' }, type: 'mobile' },
        mobile: { name: 'Mobile', styles: { width: '375px', height: '740px' }, type: 'mobile' },
        desktop: { name: 'Desktop', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
