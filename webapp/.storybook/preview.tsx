import type { Preview } from '@storybook/react-vite';
import { failOnUnanswered, fixturesLoader, i18nLoader, withApp } from '../src/shared/testing/storybook';
import '../src/app/global.css';

const preview: Preview = {
  // Every component gets a docs page (addon-docs).
  tags: ['autodocs'],
  // One wrapper (parameters.app), one way to choose the server's answers (parameters.fixtures).
  decorators: [withApp],
  loaders: [fixturesLoader, i18nLoader],
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
