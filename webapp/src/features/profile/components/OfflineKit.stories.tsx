import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import { formatInstant } from '@/shared/format/format';
import type { InstallKit } from '@/shared/offline/installKit';
import { shopParameters } from '@/test/storybook';
import { localeOfStory, shownText, storyText } from '@/test/storyText';
import { kitEsims } from '../api/installKit';
import { OfflineKit } from './ProfilePage';
import { SaveCardButton } from './SaveCardButton';

const esims = (JSON.parse(findScenario('listEsimsByEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims;
const saved: InstallKit = { owner: 'story', savedAt: '2026-11-23T18:30:00.000Z', esims: kitEsims(esims) };
const [first] = saved.esims;
if (!first) throw new globalThis.Error('the eSIM fixture has no active eSIM');

const meta = {
  title: 'profile/OfflineKit',
  component: OfflineKit,
  args: { kit: { status: 'ready', kit: saved } },
  parameters: shopParameters({ app: { session: 'customer' } }),
} satisfies Meta<typeof OfflineKit>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Offline with a saved kit: the banner, each eSIM's QR code, codes, links and plans, and when it was saved. */
export const Saved: Story = {
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    await expect(c.getByText(t('kitOfflineBanner')).closest('[role="status"]')).not.toBeNull();
    await expect(c.getByRole('heading', { level: 2, name: t('kitTitle') })).toBeVisible();
    const card = c.getByRole('article', { name: `eSIM ${first.iccid}` });
    const qr = within(card).getByRole('img', { name: t('kitQrAlt', { iccid: first.iccid }) });
    await expect(qr).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await expect(within(card).getByText(first.smdp)).toBeVisible();
    await expect(within(card).getByText(first.activationCode)).toBeVisible();
    await expect(within(card).getByRole('button', { name: t('kitSaveCard') })).toBeEnabled();
    // "Saved …": the time it was saved, Beirut time, as the locale writes it (Latin digits).
    const stamp = t('kitSavedAt', { time: formatInstant(saved.savedAt, localeOfStory(ctx)) });
    await expect(c.getAllByText(shownText(stamp))[0]).toBeVisible();
    await expect(stamp).toMatch(/2026/);
  },
};

/** Offline and nothing saved on this device yet. */
export const Empty: Story = {
  args: { kit: { status: 'none' } },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    await expect(within(ctx.canvasElement).getByText(t('kitOfflineNone'))).toBeVisible();
  },
};

/** Offline and the saved kit could not be read (IndexedDB refused). */
export const Error: Story = {
  args: { kit: { status: 'error' } },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    await expect(within(ctx.canvasElement).getByRole('alert')).toHaveTextContent(t('kitReadError'));
  },
};

export const Loading: Story = {
  args: { kit: { status: 'loading' } },
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const busy = within(ctx.canvasElement).getAllByRole('status').find((s) => s.textContent === t('kitLoading'));
    await expect(busy).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async (ctx) => {
    const card = within(ctx.canvasElement).getByRole('article', { name: `eSIM ${first.iccid}` });
    // Nothing wider than the phone.
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
  },
};

/** The install card is drawn in this browser (canvas) and downloaded as a PNG. */
export const SaveInstallCard: StoryObj<typeof SaveCardButton> = {
  // The "Saved …" line the card carries, in the story's locale (the page passes its own).
  render: (_, ctx) => <SaveCardButton esim={first} saved={storyText(ctx, 'profile')('kitSavedAt', { time: formatInstant(saved.savedAt, localeOfStory(ctx)) })} />,
  play: async (ctx) => {
    const t = storyText(ctx, 'profile');
    const c = within(ctx.canvasElement);
    await userEvent.click(c.getByRole('button', { name: t('kitSaveCard') }));
    await expect(await c.findByText(t('kitSaveCardDone'))).toBeVisible();
  },
};
