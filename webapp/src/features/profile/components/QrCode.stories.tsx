import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, within } from 'storybook/test';
import { handlersFor } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { registeredSession, withAccount } from '@/shared/testing/AccountProviders';
import { QrCode } from './QrCode';

const meta = {
  title: 'profile/QrCode',
  component: QrCode,
  decorators: [withAccount({ session: registeredSession() })],
  args: { iccid: '89961010025062100039', base64: '' },
  parameters: { msw: { handlers: handlersFor({ 'esims.qrCode': 'success' }) } },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Fetched: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: 'QR code to install the eSIM 89961010025062100039' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [http.all(`${FIXTURE_BASES.support}*`, () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading the QR code');
  },
};

export const Unavailable: Story = {
  parameters: { msw: { handlers: handlersFor({}) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('The QR code is not available yet.')).toBeInTheDocument();
  },
};
