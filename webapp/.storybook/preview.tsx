import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '../src/app/global.css';

const preview: Preview = {
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      // A request no story mocks is reported, never sent to a real server unnoticed.
      await worker.start({ onUnhandledRequest: 'warn', quiet: true });
      return worker;
    }),
  ],
  parameters: {
    // Accessibility violations fail the story tests.
    a11y: { test: 'error' },
    layout: 'fullscreen',
    viewport: {
      options: {
        mobile: { name: 'Mobile', styles: { width: '375px', height: '740px' }, type: 'mobile' },
        desktop: { name: 'Desktop', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
  },
};

export default preview;
