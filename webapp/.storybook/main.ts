import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';
import type { Plugin, PluginOption } from 'vite';

// Files whose props no docs page shows: react-docgen parsing them was pure cost.
const NO_PROPS = /\.(stories|test)\.tsx?$|\/src\/mocks\/|\/src\/test\/|\.generated\.ts$|\.css/;

/** Limits Storybook's react-docgen plugin to component modules. */
function docgenOnComponents(plugins: PluginOption[]): void {
  const flat = (plugins as unknown[]).flat(5) as (Plugin | null | false | undefined)[];
  for (const p of flat) {
    if (!p || typeof p !== 'object' || !p.name?.includes('react-docgen') || typeof p.transform !== 'function') continue;
    const transform = p.transform;
    p.transform = function (this: unknown, code: string, id: string, ...rest: unknown[]) {
      if (NO_PROPS.test(id)) return undefined;
      return (transform as (...a: unknown[]) => unknown).call(this, code, id, ...rest);
    } as Plugin['transform'];
  }
}

const config: StorybookConfig = {
  stories: ['../src/**/*.mdx', '../src/**/*.stories.@(ts|tsx)'],
  addons: [
    // GFM (tables, strikethrough) in the guides: MDX alone renders a table as `| --- |` text.
    { name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // react-docgen (not react-docgen-typescript, several times slower) for the docs pages'
  // prop tables; story tests show no docs, so they skip prop extraction entirely.
  typescript: { reactDocgen: process.env.VITEST ? false : 'react-docgen' },
  viteFinal: (vite) => {
    docgenOnComponents(vite.plugins ?? []);
    // The shop's service worker (vite-plugin-pwa) has no place in Storybook, where MSW's runs.
    vite.plugins = ((vite.plugins ?? []) as unknown[]).flat(5).filter((p) => !(p && typeof p === 'object' && 'name' in p && String(p.name).startsWith('vite-plugin-pwa'))) as PluginOption[];
    return vite;
  },
  // The service worker of MSW is served from public/.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  // A team's workbench, not a first install: no onboarding checklist in the sidebar or the menu.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
};

export default config;
