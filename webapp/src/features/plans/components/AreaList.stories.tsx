import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
import { expect, userEvent, within } from 'storybook/test';
import { useApi } from '@/shared/api/ApiContext';
import { catalogue, fixtureBundles, fixtureCountries } from '@/test/fixtureData';
import { shopParameters } from '@/test/storybook';
import { storyText } from '@/test/storyText';
import { AreaList } from './AreaList';
import { countryAreas, specialAreas } from './areas';

const specials = fixtureBundles('listSpecialBundles');
const areas = [...specialAreas(specials), ...countryAreas(fixtureCountries())];

function WithApi(props: { loading: boolean; empty?: boolean }) {
  const api = useApi();
  const { t } = useTranslation('plans');
  return <AreaList areas={props.empty ? [] : areas} specials={specials} api={api.catalog} loading={props.loading} label={t('tabCountries')} />;
}

const meta = {
  title: 'plans/AreaList',
  // Filled, Error and Mobile are compared with their visual baselines.
  tags: ['visual'],
  component: WithApi,
  decorators: [(Story) => <div className="page">{Story()}</div>],
  parameters: shopParameters({ app: { path: '/plans' }, fixtures: catalogue }),
  args: { loading: false },
} satisfies Meta<typeof WithApi>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    // The areas are given to the list with the provider's names.
    await userEvent.click(c.getByRole('button', { name: 'Turkey' }));
    const panel = c.getByRole('listitem', { name: storyText(ctx, 'plans')('areaPlans', { name: 'Turkey' }) });
    await expect(panel).toHaveAttribute('data-row', '3');
    await expect(await within(panel).findAllByRole('article')).toHaveLength(4);
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Paris Olympics' }));
    const panel = c.getByRole('listitem', { name: storyText(ctx, 'plans')('areaPlans', { name: 'Paris Olympics' }) });
    await expect(await within(panel).findAllByRole('article')).toHaveLength(1);
  },
};

export const Loading: Story = { args: { loading: true } };
export const Empty: Story = { args: { empty: true } };
