import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, type HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { handlersFor, type Selection } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import { texts } from '@/shared/messages/messages';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { TopupPlansPage } from './TopupPlansPage';

const server = startMockServer();
const ICCID = '89961010025061000016';
const ACCOUNT = 'cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4';
const URL_ = `/topup-plans/TR/${ICCID}/${ACCOUNT}/0`;

/** setup answers from the fixtures; overrides (server.use prepends) answer before them. */
function setup(selection: Selection, url = URL_, overrides: HttpHandler[] = []) {
  server.use(...handlersFor({ 'listAreaBundles.topup': 'success', ...selection }));
  server.use(...overrides);
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  render(
    <AppProviders path="/topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid" url={url} session={'customer'}>
      <TopupPlansPage />
    </AppProviders>,
  );
  return { alert, user: userEvent.setup() };
}

/** gate holds every request to base until open() and then lets the fixtures answer it. */
function gate(base: string): { open: () => void; handler: HttpHandler } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((r) => (open = r));
  const handler = http.all(`${base}*`, async () => {
    await opened;
    return undefined;
  });
  return { open: () => open(), handler };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('TopupPlansPage', () => {
  it('shows the heading with the ICCID and the bundles for that ICCID and origin', async () => {
    setup({});
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Topup eSIM with ICCID ${ICCID}`);
    expect(screen.getByText(/over 200 destinations/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Top-up plans' });
    expect(within(list).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Turkey 1GB 7 Days',
      'Turkey 5GB 30 Days',
      'Turkey 10GB 30 Days',
    ]);
    expect(within(list).getByText('13.00 USD')).toBeInTheDocument();
  });

  it('buy: idle, busy with a spinner during the checks, then the cart with the server bundle id', async () => {
    const { open, handler } = gate(FIXTURE_BASES.esimcheck);
    const { user } = setup({ 'checkEsim': 'can-continue', 'topupBundleSelected': 'success' }, URL_, [handler]);
    const c = await card('Turkey 5GB 30 Days');
    const button = within(c).getByRole('button', { name: 'Buy now Turkey 5GB 30 Days' });
    expect(button).toBeEnabled();
    await user.click(button);
    const busy = within(c).getByRole('button', { name: 'Checking… Turkey 5GB 30 Days' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // Busy, not disabled: it keeps the focus (TopupCard).
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveTextContent('Checking…');
    // The other cards wait their turn.
    expect(screen.getByRole('button', { name: 'Buy now Turkey 1GB 7 Days' })).toBeDisabled();
    open();
    expect(await screen.findByTestId('landed')).toHaveTextContent(`Navigated to /cart/5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6/${ACCOUNT}`);
  });

  it("alerts 'Invalid plan' when the eSIM check says the plan cannot continue, and the button is idle again", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { alert, user } = setup({ 'checkEsim': 'cannot-continue' });
    const c = await card('Turkey 1GB 7 Days');
    await user.click(within(c).getByRole('button', { name: 'Buy now Turkey 1GB 7 Days' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.invalidPlan);
    expect(alert).toHaveBeenCalledWith(texts.invalidPlan);
    expect(within(c).getByRole('button', { name: 'Buy now Turkey 1GB 7 Days' })).toBeEnabled();
  });

  it('alerts the support contact when topup_bundle_selected is not 200', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The refused selection is for TR_1GB_7D; let the eSIM check of that bundle pass.
    const { alert, user } = setup({ 'topupBundleSelected': 'refused' }, URL_, [
      http.get(`${FIXTURE_BASES.esimcheck}esims/check/TR_1GB_7D/${ICCID}`, () => Response.json({ data: { data: { canContinue: true } } })),
    ]);
    await user.click(within(await card('Turkey 1GB 7 Days')).getByRole('button', { name: 'Buy now Turkey 1GB 7 Days' }));
    const want = 'Unexpected error, please contact support +961 1 555 010 or support@cedarsim.example.';
    expect(await screen.findByRole('alert')).toHaveTextContent(want);
    expect(alert).toHaveBeenCalledWith(want);
  });

  it("alerts 'Something went wrong' and logs any other error", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // No eSIM check answers: the check itself fails.
    const { alert, user } = setup({});
    await user.click(within(await card('Turkey 5GB 30 Days')).getByRole('button', { name: 'Buy now Turkey 5GB 30 Days' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.somethingWentWrong);
    expect(alert).toHaveBeenCalledWith(texts.somethingWentWrong);
    expect(error).toHaveBeenCalledWith('topup: selection failed', expect.any(Error));
  });

  it('logs a failed list load and says so with a Retry, not an empty list (issue 12)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(...handlersFor({ 'token.guest': 'success' }));
    render(
      <AppProviders path="/topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid" url={URL_} session={'customer'}>
        <TopupPlansPage />
      </AppProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The top-up plans could not be loaded.');
    expect(screen.queryByText(texts.nothingToShow)).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('topup: bundles not loaded', expect.any(String));
    server.use(...handlersFor({ 'listAreaBundles.topup': 'success' }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Top-up plans' })).toBeInTheDocument();
  });

  it('refuses a link whose provider is not a number, without a request', () => {
    setup({}, `/topup-plans/TR/${ICCID}/${ACCOUNT}/abc`);
    expect(screen.getByRole('alert')).toHaveTextContent('This top-up link is incomplete.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
