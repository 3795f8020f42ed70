import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { shownText, storyText } from '@/test/storyText';
import { shopParameters } from '@/test/storybook';
import { ErrorPage } from './ErrorPage';

const meta = { title: 'app/ErrorPage', component: ErrorPage, tags: ['visual'] } satisfies Meta<typeof ErrorPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A mistyped address: the page was not found, with a way home, in the page's language. */
export const Filled: Story = {
  args: { notFound: true },
  parameters: shopParameters({ app: { path: '*', url: '/plns' } }),
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    const t = storyText(ctx, 'shared');
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent(t('pageNotFound'));
    await expect(c.queryByText(shownText(t('applicationErrorTitle')))).not.toBeInTheDocument();
    await expect(c.getByRole('link', { name: t('backHome') })).toHaveAttribute('href', '/');
  },
};

/** An error thrown while a page rendered: the spec's 'Unexpected Application Error!'. */
export const Error: Story = {
  args: { notFound: false },
  play: async ({ canvasElement, ...ctx }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent(shownText(storyText(ctx, 'shared')('applicationErrorTitle')));
    await expect(c.getByRole('link', { name: storyText(ctx, 'shared')('backHome') })).toHaveAttribute('href', '/');
  },
};

export const Mobile: Story = { ...Filled, globals: { viewport: { value: 'mobile', isRotated: false } } };
