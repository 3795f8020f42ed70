import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { misaligned, tallerThanANeighbour } from '@/test/rows';
import { storyText } from '@/test/storyText';
import { ContactBlock } from './ContactBlock';
import { Destinations } from './Destinations';
import { destinations } from './destinations';
import { SetupBlock } from './SetupBlock';
import { WhyChooseUs } from './WhyChooseUs';

// The home page's blocks one by one; each has a single state (static content or config).
const meta = { title: 'home/Sections', decorators: [(Story) => <div className="page">{Story()}</div>] } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const DestinationCards: Story = { render: () => <Destinations items={destinations} /> };
/**
 * One name that wraps (Saint Vincent and the Grenadines, in every language): every card of
 * its row is as tall as it, with the flags at one height (issue 24).
 */
export const DestinationCardsLongName: Story = {
  render: () => <Destinations items={[{ name: 'Saint Vincent and the Grenadines', code: 'VC' }, ...destinations.slice(0, 5)]} />,
  play: async ({ canvasElement }) => {
    const cards = within(canvasElement).getAllByRole('link').filter((a) => a.closest('li'));
    await expect(tallerThanANeighbour(cards, (c) => c.querySelector('span'))).toBe(true);
    await expect(misaligned(cards, { card: [(c) => c, 'bottom'], flag: [(c) => c.firstElementChild, 'top'] })).toEqual([]);
  },
};
/** At 390 px: two cards a row, the long name still wraps and its row stays even. */
export const DestinationCardsLongNameMobile: Story = { ...DestinationCardsLongName, globals: { viewport: { value: 'mobile', isRotated: false } } };
export const DestinationCardsMobile: Story = { ...DestinationCards, globals: { viewport: { value: 'mobile', isRotated: false } } };
export const Benefits: Story = { render: () => <WhyChooseUs /> };
export const Setup: Story = {
  render: () => <SetupBlock />,
  play: async ({ canvasElement, ...ctx }) => {
    const name = storyText(ctx, 'home')('androidGuide');
    await expect(within(canvasElement).getByRole('link', { name })).toHaveAttribute('href', '/setup-guide/android');
  },
};
export const Contact: Story = {
  render: () => <ContactBlock />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'support@cedarsim.example' })).toBeInTheDocument();
  },
};
