import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/test/AppProviders';
import { FaqIndexPage } from './FaqIndexPage';
import { FaqItemPage } from './FaqItemPage';

const slugs = ['general-info', 'installing-esims-ios', 'installing-esims-android', 'autostart-autorenew', 'removing-esims', 'esim-trabouleshooting'];

describe('FAQ', () => {
  it('index: title, the two headings and six tiles to /faq/:item', async () => {
    render(
      <AppProviders path="/faq">
        <FaqIndexPage />
      </AppProviders>,
    );
    // Spec section 2: the page is titled FAQ, its heading is 'Got questions?'.
    expect(screen.getByRole('heading', { level: 1, name: 'Got questions?' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('FAQ - CedarSIM'));
    expect(screen.getByText('We have your answers')).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(slugs.map((s) => `/faq/${s}`));
  });

  it.each(slugs)('item %s: sidebar with the item highlighted', (slug) => {
    render(
      <AppProviders path="/faq/:item" url={`/faq/${slug}`}>
        <FaqItemPage />
      </AppProviders>,
    );
    const nav = screen.getByRole('navigation', { name: 'All Categories' });
    const active = within(nav).getByRole('link', { current: 'page' });
    expect(active).toHaveAttribute('href', `/faq/${slug}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(active.textContent ?? '');
    expect(screen.queryByText('Please select an item')).not.toBeInTheDocument();
  });

  it('troubleshooting quotes the device errors exactly', () => {
    render(
      <AppProviders path="/faq/:item" url="/faq/esim-trabouleshooting">
        <FaqItemPage />
      </AppProviders>,
    );
    for (const e of ['Unable to Complete Cellular Plan Change', 'This code is no longer valid', 'PDP Authentication Failure']) {
      expect(screen.getByText(`'${e}'`)).toBeInTheDocument();
    }
  });

  it("an unknown item shows 'Please select an item' and no highlighted entry", () => {
    render(
      <AppProviders path="/faq/:item" url="/faq/esim-troubleshooting">
        <FaqItemPage />
      </AppProviders>,
    );
    expect(screen.getByText('Please select an item')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });
});
