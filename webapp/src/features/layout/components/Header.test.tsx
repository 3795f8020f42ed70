import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect, it } from 'vitest';
import { AppProviders } from '@/test/AppProviders';
import { startMockServer } from '@/test/msw';
import { Header } from './Layout';

const server = startMockServer();

// Its own file: the signed-in header's lazy part (WithCurrentUser) must not have loaded in an
// earlier test, so the menu is opened while it is still on its way, as on a first visit.
it("keeps the phone menu open, and the focus on its button, while the customer's name arrives", async () => {
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  server.use(
    http.get('*/users/actions/get-current-user', async () => {
      await held;
      return HttpResponse.json({ data: { data: { email: 'rana.haddad@example.com', firstName: 'Rana', lastName: 'Haddad' } } });
    }),
  );
  render(
    <AppProviders session="customer">
      <Header />
    </AppProviders>,
  );
  const menu = screen.getByRole('button', { name: 'Menu' });
  menu.focus();
  fireEvent.click(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');

  await act(async () => answer());
  await screen.findByRole('button', { name: /Rana Haddad/ });
  // The same button, still open and focused: the header was not rebuilt under the traveller.
  expect(screen.getByRole('button', { name: 'Menu' })).toBe(menu);
  expect(menu).toHaveAttribute('aria-expanded', 'true');
  expect(menu).toHaveFocus();
});
