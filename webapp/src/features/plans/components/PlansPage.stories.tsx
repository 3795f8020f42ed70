import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FIXTURE_BASES } from '@/mocks/har';
import { catalogue, fixtureBundles } from '@/shared/testing/fixtureData';
import { shopParameters } from '@/shared/testing/storybook';
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
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const turkey = await c.findByRole('button', { name: 'Turkey' });
    await userEvent.click(turkey);
    await expect(turkey).toHaveAttribute('aria-expanded', 'true');
    const panel = c.getByRole('listitem', { name: 'Turkey plans' });
    await expect(await within(panel).findAllByRole('article')).toHaveLength(4);
    await userEvent.click(within(panel).getAllByRole('button', { name: 'More Info' })[3] as HTMLElement);
    const dialog = await c.findByRole('dialog', { name: 'Turkey Unlimited 7 Days' });
    await expect(dialog).toHaveTextContent('Fair use');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(c.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Hajj & Umrah' }));
    await expect(c.getByRole('listitem', { name: 'Hajj & Umrah plans' })).toHaveAttribute('data-row', '2');
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
        HttpResponse.json({ data: fixtureBundles('catalog.search').filter((b) => b.flagsCodes[0] === 'TR') }),
      ),
    ],
  }),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const input = await c.findByLabelText('Where are you travelling?');
    await waitFor(() => expect(c.getByRole('button', { name: 'Turkey' })).toBeInTheDocument());
    await userEvent.type(input, 'türk');
    await userEvent.keyboard('{Enter}');
    await userEvent.type(input, 'LEBAN');
    await userEvent.keyboard('{Enter}');
    const results = await c.findByRole('list', { name: 'Search results' });
    await expect(within(results).getAllByRole('article')).toHaveLength(6);
  },
};

export const GlobalTab: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('tab', { name: 'Global' }));
    await expect(await c.findByRole('article', { name: 'Global 3GB 30 Days' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'catalog.countries': 'pending', 'catalog.regions': 'pending', 'catalog.specialBundles': 'pending' } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading countries');
  },
};

/** Every catalogue call fails (500 problem+json): logged, and the lists stay empty (section 8). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'catalog.countries': 500, 'catalog.regions': 500, 'catalog.specialBundles': 500 } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Nothing to show.')).toBeInTheDocument();
  },
};
