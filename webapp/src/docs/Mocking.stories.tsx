import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { FIXTURE_BASES } from '@/mocks/har';
import { shopParameters, excuseUnanswered } from '@/test/storybook';
import { CallProbe } from './CallProbe';

// The examples of "How the shop is mocked": each runs as a story test like any other.
const meta = {
  title: 'Guides/Mocking examples',
  component: CallProbe,
  tags: ['!autodocs'],
  // The meta's selection: every story starts from it and names only what differs.
  parameters: shopParameters({ fixtures: { 'token.guest': 'success', 'listCountries': 'success' } }),
} satisfies Meta<typeof CallProbe>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A recorded scenario: fixtures/api/listCountries/success.har.json answers. */
export const RecordedScenario: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/answered \d+ countries/)).toBeInTheDocument();
  },
};

/** A status instead of a scenario: problemFor answers a realistic problem+json error. */
export const ServerError: Story = {
  parameters: shopParameters({ fixtures: { 'listCountries': 503 } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('HTTP 503 Service Unavailable');
  },
};

/** 'pending': the call never answers, for loading states. */
export const Pending: Story = {
  parameters: shopParameters({ fixtures: { 'listCountries': 'pending' } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Waiting for listCountries');
  },
};

/** A story's own handler runs before the fixtures (and before the strict catch-all). */
export const StoryOverride: Story = {
  parameters: shopParameters({
    handlers: [http.get(`${FIXTURE_BASES.api}catalog/countries`, () => HttpResponse.json({ data: [{ name: 'Cyprus', isoCode: 'CY' }] }))],
  }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/answered 1 countries, first Cyprus/)).toBeInTheDocument();
  },
};

/**
 * A call nothing answers (listCountries dropped from the meta's selection): the canvas says
 * which call it is, its recorded scenarios and the parameter to set; the story test fails
 * with the same text. This example takes the failure on purpose, so it passes.
 */
export const Unmocked: Story = {
  parameters: shopParameters({ fixtures: { 'listCountries': null } }),
  play: async ({ canvasElement }) => {
    const notice = await within(canvasElement).findByTestId('unanswered-requests');
    await expect(notice).toHaveTextContent("listCountries (recorded scenarios: 'success')");
    await expect(notice).toHaveTextContent("parameters: shopParameters({ fixtures: { 'listCountries': 'success' } })");
    await expect(excuseUnanswered().flatMap((r) => r.calls)).toContain('listCountries');
  },
};
