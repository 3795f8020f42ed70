import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { handlersFor } from '@/mocks/handlers';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { ContactPage } from './ContactPage';

const server = startMockServer();
const CONTACT = 'https://support.provider.test/esim-service/api/v1/support/contact-us';

function renderContact(config = {}) {
  const user = userEvent.setup();
  render(
    <AppProviders path="/contactus" config={config}>
      <ContactPage />
    </AppProviders>,
  );
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, topic: string) {
  await user.type(screen.getByLabelText('Full name'), 'Rana Haddad');
  await user.selectOptions(screen.getByLabelText('Topic'), topic);
  await user.type(screen.getByLabelText('E-mail'), 'rana.haddad@example.com');
  await user.type(screen.getByLabelText('Comments'), 'My eSIM does not connect.');
}

describe('contact page', () => {
  it('shows the support phone, e-mail and live chat from the config', () => {
    renderContact({ liveChatUrl: 'https://chat.example.test/' });
    expect(screen.getByRole('heading', { level: 1, name: "Let's Talk" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+961 1 555 010' })).toHaveAttribute('href', 'tel:+9611555010');
    expect(screen.getByRole('link', { name: 'support@cedarsim.example' })).toHaveAttribute('href', 'mailto:support@cedarsim.example');
    expect(screen.getByRole('link', { name: /Chat with us now/ })).toHaveAttribute('href', 'https://chat.example.test/');
  });

  it('offers the three topics after the placeholder, and every field is required', () => {
    renderContact();
    const topic = screen.getByLabelText('Topic');
    expect([...topic.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Topic - Please Select', 'Customer Service', 'Sales', 'Support']);
    for (const label of ['Full name', 'Topic', 'E-mail', 'Comments']) expect(screen.getByLabelText(label)).toBeRequired();
  });

  it('refuses the placeholder topic with the alert and an inline message, sending nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const sent = vi.fn();
    server.use(http.post(CONTACT, () => void sent()));
    const user = renderContact();
    await fill(user, 'Topic - Please Select');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(alert).toHaveBeenCalledWith('Please select a valid topic.');
    expect(screen.getByText('Please select a valid topic.')).toBeInTheDocument();
    expect(screen.getByLabelText('Topic')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends the form through support/contact-us and reports success', async () => {
    server.use(...handlersFor({ 'token.guest': 'success', 'contactUs': 'success' }));
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url === CONTACT) bodies.push(await request.clone().json());
    });
    const user = renderContact();
    await fill(user, 'Support');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your message has been sent successfully')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        FullName: 'Rana Haddad',
        Email: 'rana.haddad@example.com',
        Message: 'My eSIM does not connect.',
        Department: 'Support',
        IdempotencyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    server.events.removeAllListeners();
  });

  it('shows the spinner while sending and the error text when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // No contact-us fixture: after the gate the handlers answer 501, as a failing server would.
    server.use(
      http.post(CONTACT, async () => {
        await gate;
        return undefined;
      }),
      ...handlersFor({ 'token.guest': 'success' }),
    );
    const user = renderContact();
    await fill(user, 'Sales');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sending your message');
    // aria-disabled, not disabled: the focused button keeps the focus while sending.
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    release();
    expect(await screen.findByText('Unexpected error, try again later!')).toBeInTheDocument();
    expect(screen.getByRole('status')).not.toHaveTextContent('Sending your message');
  });
});
