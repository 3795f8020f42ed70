import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { handlersFor, type Selection } from '@/mocks/handlers';
import { startMockServer } from '@/test/msw';
import { useLocation } from 'react-router';
import { AppProviders } from '@/test/AppProviders';
import type { Locale } from '@/shared/i18n/locales';
import ar from '../locales/ar.json';
import { PlansPage } from './PlansPage';

const server = startMockServer();

const catalogue: Selection = {
  'token.guest': 'success',
  'listCountries': 'success',
  'listRegions': 'success',
  'listSpecialBundles': 'success',
  'listAreaBundles': 'success',
  'listAreaBundles.global': 'success',
  'searchBundles': 'success',
};

function setWidth(width: number) {
  // The page reads the breakpoint through matchMedia, which jsdom lacks.
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: /max-width:\s*(\d+)px/.test(q) && width <= Number(/max-width:\s*(\d+)px/.exec(q)?.[1]),
    media: q,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** Where the page's URL is now (path, query and hash), for the tests that follow it. */
function Url() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="url">{pathname + search + hash}</output>;
}

async function renderPlans(width = 1280, url = '/plans', selection: Selection = catalogue, locale: Locale = 'en') {
  setWidth(width);
  server.use(...handlersFor(selection));
  const user = userEvent.setup();
  render(
    <AppProviders path="/plans" url={url} locale={locale}>
      <PlansPage />
      <Url />
    </AppProviders>,
  );
  // Areas render in batches: in Arabic or French order Turkey may come in a later one.
  if (!url.includes('?')) await screen.findByRole('button', { name: locale === 'en' ? 'Turkey' : new Intl.DisplayNames([locale], { type: 'region' }).of('TR') }, { timeout: 5000 });
  return user;
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('plans page: country search', () => {
  it.each([
    { name: 'case-insensitive, anywhere', typed: 'URK', want: ['Turkey'] },
    { name: 'accent-insensitive', typed: 'cote', want: ["Côte d'Ivoire"] },
    { name: 'accented query', typed: 'RÉUN', want: ['Réunion'] },
    { name: 'trimmed', typed: '  japan  ', want: ['Japan'] },
    { name: 'several matches in list order', typed: 'land', want: ['Netherlands', 'Switzerland', 'Ireland', 'Poland', 'Thailand'] },
  ])('filters $name', async ({ typed, want }) => {
    const user = await renderPlans();
    await user.click(screen.getByLabelText('Where are you travelling?'));
    // Pasted: the leading and trailing spaces are part of what the matcher must trim.
    await user.paste(typed);
    expect(optionNames()).toEqual(want);
  });

  it("says 'No options' when nothing matches", async () => {
    const user = await renderPlans();
    await user.type(screen.getByLabelText('Where are you travelling?'), 'atlantis');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No options')).toBeInTheDocument();
  });

  it('has no selection limit, and a selection swaps the tabs for search results', async () => {
    const user = await renderPlans();
    const input = screen.getByLabelText('Where are you travelling?');
    expect(screen.getByRole('heading', { name: 'Popular Destinations' })).toBeInTheDocument();
    await user.type(input, 'turkey');
    await user.keyboard('{Enter}');
    await user.type(input, 'leban');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    // search_bundles/TR,LB answers Turkey's and Lebanon's bundles.
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Turkey 1GB 7 Days',
      'Turkey 5GB 30 Days',
      'Turkey 10GB 30 Days',
      'Turkey Unlimited 7 Days',
      'Lebanon 500MB 1 Day',
      'Lebanon 3GB 30 Days',
    ]);
  });
});

describe('plans page: areas', () => {
  it('lists the special groups once each, before the countries', async () => {
    await renderPlans();
    const list = screen.getByRole('list', { name: 'Countries' });
    const names = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/[+−]$/, ''));
    expect(names.slice(0, 4)).toEqual(['Hajj & Umrah', 'Paris Olympics', 'Lebanon', 'Turkey']);
    expect(names.filter((n) => n === 'Hajj & Umrah')).toHaveLength(1);
  });

  it.each([
    { name: 'desktop: ceil(4/3)+1', width: 1280, row: '3' },
    { name: 'mobile at 768 px: 4+1', width: 768, row: '5' },
  ])('expands one area at a time at the computed row ($name)', async ({ width, row }) => {
    const user = await renderPlans(width);
    const turkey = screen.getByRole('button', { name: 'Turkey' });
    await user.click(turkey);
    expect(turkey).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('listitem', { name: 'Turkey plans' });
    expect(panel).toHaveAttribute('data-row', row);
    expect(panel.style.gridRow).toBe(row);
    expect(await within(panel).findAllByRole('article')).toHaveLength(4);

    // Opening another area closes the first.
    const hajj = screen.getByRole('button', { name: 'Hajj & Umrah' });
    await user.click(hajj);
    expect(turkey).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem', { name: 'Turkey plans' })).not.toBeInTheDocument();
    const hajjPanel = screen.getByRole('listitem', { name: 'Hajj & Umrah plans' });
    // Position 1: row 2 on both layouts.
    expect(hajjPanel).toHaveAttribute('data-row', '2');
    expect(within(hajjPanel).getAllByRole('article')).toHaveLength(2);

    // Clicking it again collapses it.
    await user.click(hajj);
    expect(hajj).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listitem', { name: /plans$/ })).not.toBeInTheDocument();
  });

  it('shows the global bundles in the Global tab', async () => {
    const user = await renderPlans();
    await user.click(screen.getByRole('tab', { name: 'Global' }));
    expect(await screen.findByRole('article', { name: 'Global 3GB 30 Days' })).toBeInTheDocument();
  });

  it('logs a failed load and says so with a Retry that loads again (issue 12)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    setWidth(1280);
    // Without the countries scenario the handlers answer 501 for catalog/countries.
    const { 'listCountries': _, ...rest } = catalogue;
    server.use(...handlersFor(rest));
    render(
      <AppProviders path="/plans">
        <PlansPage />
      </AppProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The countries could not be loaded.');
    expect(screen.queryByText('Nothing to show.')).not.toBeInTheDocument();
    await waitFor(() => expect(error).toHaveBeenCalledWith('plans: load countries failed', expect.anything()));
    server.use(...handlersFor(catalogue));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    const list = await screen.findByRole('list', { name: 'Countries' });
    expect(within(list).getByRole('button', { name: 'Turkey' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('plans page: the URL (home destination cards, issue 12)', () => {
  it('?country=TR,LB opens with Turkey and Lebanon selected and their results', async () => {
    await renderPlans(1280, '/plans?country=TR,lb');
    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();
    // The select shows the chosen countries by name once the list is in.
    expect(await screen.findByRole('button', { name: 'Remove Turkey' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Lebanon' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('keeps a search in the URL and clears it with the selection', async () => {
    const user = await renderPlans();
    await user.click(screen.getByLabelText('Where are you travelling?'));
    await user.paste('Turkey');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('/plans?country=TR'));
    await user.click(await screen.findByRole('button', { name: 'Remove Turkey' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/plans'));
  });

  it('?region=Europe opens the Regions tab with Europe expanded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderPlans(1280, '/plans?region=europe');
    expect(await screen.findByRole('tab', { name: 'Regions', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Europe', expanded: true })).toBeInTheDocument();
  });

  it('a failed area load says so in the panel and Retry loads it there', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { 'listAreaBundles': _, ...rest } = catalogue;
    const user = await renderPlans(1280, '/plans', rest);
    await user.click(screen.getByRole('button', { name: 'Turkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The plans could not be loaded.');
    expect(screen.queryByText('No plans available.')).not.toBeInTheDocument();
    server.use(...handlersFor(catalogue));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Turkey Unlimited 7 Days' })).toBeInTheDocument();
  });

  it('a failed search says so with Retry, not "No plans available."', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { 'searchBundles': _, ...rest } = catalogue;
    await renderPlans(1280, '/plans?country=TR,LB', rest);
    expect(await screen.findByRole('alert')).toHaveTextContent('The plans could not be loaded.');
    expect(screen.queryByText('No plans available.')).not.toBeInTheDocument();
  });
});

describe('plans page: popups', () => {
  async function openTurkey() {
    const user = await renderPlans();
    await user.click(screen.getByRole('button', { name: 'Turkey' }));
    const card = await screen.findByRole('article', { name: 'Turkey Unlimited 7 Days' });
    return { user, card };
  }

  it("'More Info' shows the fair-use message and Escape closes it", async () => {
    const { user, card } = await openTurkey();
    const more = within(card).getByRole('button', { name: 'More Info' });
    await user.click(more);
    const dialog = screen.getByRole('dialog', { name: 'Turkey Unlimited 7 Days' });
    expect(dialog).toHaveTextContent('Fair use: speed drops to 512 kbps after 2 GB a day.');
    expect(dialog).toHaveTextContent('Unlimited');
    expect(dialog).toHaveTextContent('29.00 USD');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });

  it('the compatibility popup has the popup1<bundleId> anchor, the *#06# hint, and continues to the cart', async () => {
    const { user, card } = await openTurkey();
    const buy = within(card).getByRole('link', { name: /Buy Now/ });
    expect(buy.getAttribute('href')).toMatch(/^#popup1[0-9a-f-]{36}$/);
    await user.click(buy);
    const dialog = screen.getByRole('dialog', { name: 'Is your device eSIM compatible?' });
    expect(`#${dialog.id}`).toBe(buy.getAttribute('href'));
    // The anchor reaches the URL (spec section 2), so the link can be shared.
    expect(screen.getByTestId('url')).toHaveTextContent(`/plans${buy.getAttribute('href')}`);
    expect(dialog).toHaveTextContent('*#06#');
    expect(dialog).toHaveTextContent('EID');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, continue' }));
    const bundleId = dialog.id.replace(/^popup1/, '');
    expect(await screen.findByTestId('landed')).toHaveTextContent(`Navigated to /cart/${bundleId}`);
  });

  it('a URL with #popup1<bundleId> opens the popup; closing it clears the hash and keeps the query', async () => {
    const { user, card } = await openTurkey();
    const href = within(card).getByRole('link', { name: /Buy Now/ }).getAttribute('href') ?? '';
    await user.click(within(card).getByRole('link', { name: /Buy Now/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('url').textContent).toBe('/plans');

    expect(href).toMatch(/^#popup1/);
  });

  it('arriving on a URL with #popup1<bundleId> opens the popup; Escape clears the hash, the query stays', async () => {
    const user = await renderPlans(1280, '/plans?country=TR,LB');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const href = within(results).getAllByRole('link', { name: /Buy Now/ })[0]?.getAttribute('href') ?? '';
    cleanup();
    await renderPlans(1280, `/plans?country=TR,LB${href}`);
    expect(await screen.findByRole('dialog', { name: 'Is your device eSIM compatible?' })).toHaveAttribute('id', href.slice(1));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/plans?country=TR,LB'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 5 coverage flags and '+N', whose popup lists every country", async () => {
    const user = await renderPlans();
    await user.click(screen.getByRole('tab', { name: 'Global' }));
    const card = await screen.findByRole('article', { name: 'Global 3GB 30 Days' });
    expect(within(card).getAllByRole('img', { name: /.+/ })).toHaveLength(5);
    const more = within(card).getByRole('button', { name: /^\+7/ });
    expect(more).toHaveTextContent('+7');
    await user.click(more);
    const dialog = screen.getByRole('dialog', { name: 'Global 3GB 30 Days: covered countries' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(12);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('plans page: names in the page language (issue 24)', () => {
  const areaNames = (label: string) =>
    within(screen.getByRole('list', { name: label }))
      .getAllByRole('button')
      .map((b) => b.textContent?.replace(/[+−]$/, '') ?? '');

  it('names every region of the Arabic Regions tab in Arabic, in Arabic order', async () => {
    const user = await renderPlans(1280, '/plans', catalogue, 'ar');
    await user.click(screen.getByRole('tab', { name: ar.tabRegions }));
    const names = areaNames(ar.tabRegions);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => /[A-Za-z]/.test(n))).toEqual([]);
    expect(names).toContain('الشرق الأوسط');
    expect(names).toEqual([...names].sort(new Intl.Collator('ar').compare));
  });

  it('names the special groups and sorts the countries in Arabic (not by the English names)', async () => {
    await renderPlans(1280, '/plans', catalogue, 'ar');
    const names = areaNames(ar.tabCountries);
    expect(names[0]).toBe('الحج والعمرة');
    expect(names.filter((n) => /[A-Za-z]/.test(n))).toEqual([]);
    const countries = names.slice(2);
    expect(countries).toEqual([...countries].sort(new Intl.Collator('ar').compare));
  });

  it.each([
    { locale: 'ar' as const, want: /^تركيا \u2066\d+(\.\d+)? (MB|GB)\u2069 لمدة / },
    { locale: 'fr' as const, want: /^Turquie \d+(,\d+)?\u202f(Mo|Go) \d+ jours?$/ },
  ])('composes the plan titles of Turkey in $locale', async ({ locale, want }) => {
    // The recorded search for Turkey and Lebanon: the Turkish plans are the ones named Turkey.
    await renderPlans(1280, '/plans?country=TR,LB', catalogue, locale);
    const turkey = new Intl.DisplayNames([locale], { type: 'region' }).of('TR') ?? 'TR';
    const all = (await screen.findAllByRole('article', {}, { timeout: 5000 })).map((a) => a.getAttribute('aria-label') ?? '');
    const titles = all.filter((x) => x.startsWith(turkey));
    expect(titles.length).toBeGreaterThan(1);
    expect(all.filter((x) => x.startsWith('Turkey'))).toEqual([]);
    for (const title of titles.filter((x) => !/غير محدود|Illimité/.test(x))) expect(title).toMatch(want);
  });
});
