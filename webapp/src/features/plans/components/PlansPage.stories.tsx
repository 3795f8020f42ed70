import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_BASES } from '@/mocks/har';
import { catalogue, fixtureBundles } from '@/test/fixtureData';
import { shopParameters } from '@/test/storybook';
import { localeOfStory, shownText, storyCountry, storyText, storyTitle } from '@/test/storyText';
import { PlansPage } from './PlansPage';

const meta = {
  title: 'plans/PlansPage',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: PlansPage,
  parameters: shopParameters({ app: { path: '/plans' }, fixtures: catalogue }),
} satisfies Meta<typeof PlansPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    const name = storyCountry(ctx, 'TR', 'Turkey');
    const turkey = await c.findByRole('button', { name });
    await userEvent.click(turkey);
    await expect(turkey).toHaveAttribute('aria-expanded', 'true');
    const panel = c.getByRole('listitem', { name: t('areaPlans', { name }) });
    await expect(await within(panel).findAllByRole('article')).toHaveLength(4);
    await userEvent.click(within(panel).getAllByRole('button', { name: t('moreInfo') })[3] as HTMLElement);
    // The provider's plan name, composed in the page's language.
    const dialog = await c.findByRole('dialog', { name: storyTitle(ctx, 'Turkey Unlimited 7 Days', { countryCode: 'TR' }) });
    await expect(dialog).toHaveTextContent(t('fairUse'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(c.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    // Special groups are named in the page's language (by their icon code); English as sent.
    const hajj = localeOfStory(ctx) === 'en' ? 'Hajj & Umrah' : storyText(ctx, 'shared')('groupHaj');
    await userEvent.click(await c.findByRole('button', { name: hajj }));
    await expect(c.getByRole('listitem', { name: storyText(ctx, 'plans')('areaPlans', { name: hajj }) })).toHaveAttribute('data-row', '2');
  },
};

/**
 * Turkey, then Lebanon: the fixtures record the search for both (TR,LB); the story answers
 * the search for Turkey alone with the Turkish bundles of that recording.
 */
export const SearchResults: Story = {
  parameters: shopParameters({
    handlers: [
      http.get(`${FIXTURE_BASES.api}catalog/search_bundles/TR`, () =>
        HttpResponse.json({ data: fixtureBundles('searchBundles').filter((b) => b.flagsCodes[0] === 'TR') }),
      ),
    ],
  }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    const input = await c.findByLabelText(shownText(t('searchLabel')));
    await waitFor(() => expect(c.getByRole('button', { name: storyCountry(ctx, 'TR', 'Turkey') })).toBeInTheDocument());
    // The English names find their countries in every locale.
    await userEvent.type(input, 'türk');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(input, 'LEBAN');
    await userEvent.keyboard('{Enter}');
    const results = await c.findByRole('list', { name: t('searchResultsList') });
    await expect(within(results).getAllByRole('article')).toHaveLength(6);
  },
};

export const GlobalTab: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('tab', { name: storyText(ctx, 'plans')('tabGlobal') }));
    await expect(await c.findByRole('article', { name: storyTitle(ctx, 'Global 3GB 30 Days') })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'listCountries': 'pending', 'listRegions': 'pending', 'listSpecialBundles': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'plans');
    const label = t('loadingOf', { label: t('tabCountries').toLowerCase() });
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(shownText(label));
  },
};

/** Every catalogue call fails (500 problem+json): logged, and each list says so with Retry, never an empty list (issue 12). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'listCountries': 500, 'listRegions': 500, 'listSpecialBundles': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await expect(await c.findByRole('alert')).toHaveTextContent(t('countriesFailed'));
    await expect(c.getByRole('button', { name: storyText(ctx, 'shared')('retry') })).toBeInTheDocument();
    await expect(c.queryByText(t('nothingToShow'))).not.toBeInTheDocument();
  },
};

/** A home destination card's link: /plans?country=TR,LB opens with both countries searched. */
export const CountryFromUrl: Story = {
  parameters: shopParameters({ app: { path: '/plans', url: '/plans?country=TR,LB' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await expect(await c.findByRole('heading', { name: t('searchResults') })).toBeInTheDocument();
    await expect(await c.findByRole('list', { name: t('searchResultsList') })).toBeInTheDocument();
  },
};

/** The Europe card's link: /plans?region=Europe opens the Regions tab with Europe expanded. */
export const RegionFromUrl: Story = {
  parameters: shopParameters({ app: { path: '/plans', url: '/plans?region=Europe' }, fixtures: { 'listAreaBundles': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'plans');
    await expect(await c.findByRole('tab', { name: t('tabRegions'), selected: true })).toBeInTheDocument();
    await expect(await c.findByRole('button', { expanded: true })).toBeInTheDocument();
  },
};
