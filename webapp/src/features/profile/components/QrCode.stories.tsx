import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyText } from '@/test/storyText';
import { expect, within } from 'storybook/test';
import { shopParameters } from '@/test/storybook';
import { QrCode } from './QrCode';

const meta = {
  title: 'profile/QrCode',
  component: QrCode,
  args: { iccid: '89961010025062100039', base64: '' },
  parameters: shopParameters({ app: { session: 'customer' }, fixtures: { 'getQrCode': 'success' } }),
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Fetched 500 ms after the list (it carried none). */
export const Filled: Story = {
  play: async ({ canvasElement, ...ctx }) => {
    const t = storyText(ctx, 'profile');
    await expect(await within(canvasElement).findByRole('img', { name: t('qrAlt', { iccid: '89961010025062100039' }) })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: shopParameters({ fixtures: { 'getQrCode': 'pending' } }),
  play: async ({ canvasElement, ...ctx }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(storyText(ctx, 'profile')('loadingQr'));
  },
};

/** The code fails to load (500 problem+json). */
export const Error: Story = {
  parameters: shopParameters({ fixtures: { 'getQrCode': 500 } }),
  play: async ({ canvasElement, ...ctx }) => {
    await expect(await within(canvasElement).findByText(storyText(ctx, 'profile')('kitQrMissing'))).toBeInTheDocument();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile', isRotated: false } } };
