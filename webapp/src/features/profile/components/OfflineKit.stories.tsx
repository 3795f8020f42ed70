import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { findScenario } from '@/mocks/handlers';
import type { Esim } from '@/shared/api/types';
import { cachedCatalogue } from '@/shared/i18n/catalogues';
import type { InstallKit } from '@/shared/offline/installKit';
import { shopParameters, storyLocale } from '@/shared/testing/storybook';
import { kitEsims } from '../api/installKit';
import { OfflineKit } from './ProfilePage';
import { SaveCardButton } from './SaveCardButton';

const esims = (JSON.parse(findScenario('esims.byEmail', 'success').entries[0]?.body ?? '{}') as { data: { esims: Esim[] } }).data.esims;
const saved: InstallKit = { owner: 'story', savedAt: '2026-11-23T18:30:00.000Z', esims: kitEsims(esims) };
const [first] = saved.esims;
if (!first) throw new globalThis.Error('the eSIM fixture has no active eSIM');

/** tr is a profile text in the story's locale (plays never hard-code English). */
function tr(ctx: Pick<StoryContext, 'parameters' | 'globals'>, key: string, vars: Record<string, string> = {}): string {
  const cat = cachedCatalogue(storyLocale(ctx), 'profile') ?? cachedCatalogue('en', 'profile') ?? {};
  return (cat[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
}

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
    const c = within(ctx.canvasElement);
    await expect(c.getByText(tr(ctx, 'kitOfflineBanner')).closest('[role="status"]')).not.toBeNull();
    await expect(c.getByRole('heading', { level: 2, name: tr(ctx, 'kitTitle') })).toBeVisible();
    const card = c.getByRole('article', { name: `eSIM ${first.iccid}` });
    const qr = within(card).getByRole('img', { name: tr(ctx, 'kitQrAlt', { iccid: first.iccid }) });
    await expect(qr).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await expect(within(card).getByText(first.smdp)).toBeVisible();
    await expect(within(card).getByText(first.activationCode)).toBeVisible();
    await expect(within(card).getByRole('button', { name: tr(ctx, 'kitSaveCard') })).toBeEnabled();
    // "Saved …" with Latin digits in every locale.
    const stamp = c.getAllByText(new RegExp(tr(ctx, 'kitSavedAt', { time: '' }).trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))[0];
    await expect(stamp).toHaveTextContent(/2026/);
  },
};

/** Offline and nothing saved on this device yet. */
export const Empty: Story = {
  args: { kit: { status: 'none' } },
  play: async (ctx) => {
    await expect(within(ctx.canvasElement).getByText(tr(ctx, 'kitOfflineNone'))).toBeVisible();
  },
};

/** Offline and the saved kit could not be read (IndexedDB refused). */
export const Error: Story = {
  args: { kit: { status: 'error' } },
  play: async (ctx) => {
    await expect(within(ctx.canvasElement).getByRole('alert')).toHaveTextContent(tr(ctx, 'kitReadError'));
  },
};

export const Loading: Story = {
  args: { kit: { status: 'loading' } },
  play: async (ctx) => {
    const busy = within(ctx.canvasElement).getAllByRole('status').find((s) => s.textContent === tr(ctx, 'kitLoading'));
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
  render: () => <SaveCardButton esim={first} saved="Saved Nov 23, 2026, 8:30 PM" />,
  play: async (ctx) => {
    const c = within(ctx.canvasElement);
    await userEvent.click(c.getByRole('button', { name: tr(ctx, 'kitSaveCard') }));
    await expect(await c.findByText(tr(ctx, 'kitSaveCardDone'))).toBeVisible();
  },
};
