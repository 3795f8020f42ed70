import type { Preview } from '@storybook/react-vite';
import { failOnUnanswered, fixturesLoader, withApp } from '../src/shared/testing/storybook';
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
        items: [
          { value: 'en', title: 'English', right: 'LTR' },
          { value: 'ar', title: 'العربية', right: 'RTL' },
          { value: 'fr', title: 'Français', right: 'LTR' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  // One wrapper (parameters.app), one way to choose the server's answers (parameters.fixtures).
  decorators: [withApp],
  loaders: [fixturesLoader],
  afterEach: failOnUnanswered,
  parameters: {
    // Accessibility violations fail the story tests.
    a11y: { test: 'error' },
    layout: 'fullscreen',
    controls: { expanded: true },
    viewport: {
      options: {
        mobile: { name: 'Mobile', styles: { width: '375px', height: '740px' }, type: 'mobile' },
        desktop: { name: 'Desktop', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
