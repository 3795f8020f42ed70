import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { handlersFor } from '@/mocks/handlers';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { LokiPage } from './LokiPage';

const server = startMockServer();
const at = new Date('2026-01-02T03:04:05.678Z');

function renderLoki(logPushEnabled: boolean) {
  render(
    <StrictMode>
      <AppProviders path="/loki" config={{ logPushEnabled }}>
        <LokiPage now={() => at} />
      </AppProviders>
    </StrictMode>,
  );
}

describe('LokiPage', () => {
  it('sends one Loki line with the labels and a nanosecond time stamp', async () => {
    server.use(...handlersFor({ 'pushLogs': 'success' }));
    const bodies: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      void request
        .clone()
        .json()
        .then((b: unknown) => bodies.push(b));
    });
    renderLoki(true);
    expect(await screen.findByText('Sent one test log line.')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      streams: [
        {
          stream: { container: 'esim-webapp', job: 'webshop', level: 'info' },
          values: [['1767323045678000000', 'CedarSIM web shop test log line from /loki at 2026-01-02T03:04:05.678Z']],
        },
      ],
    });
    expect(screen.getByText('https://logs.provider.test/loki/api/v1/push')).toBeInTheDocument();
    server.events.removeAllListeners();
  });

  it('sends nothing when log push is disabled', () => {
    // No handler: any request would fail the test (onUnhandledRequest: error).
    renderLoki(false);
    expect(screen.getByRole('status')).toHaveTextContent('Log push is disabled in the runtime configuration: nothing was sent.');
  });

  it('only logs a failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A handler set without pushLogs answers 501 for the push.
    server.use(...handlersFor({ 'token.guest': 'success' }));
    renderLoki(true);
    expect(await screen.findByText('Tried to send one test log line; the error is in the browser console.')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('loki: test log line not sent', expect.stringContaining('501'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
