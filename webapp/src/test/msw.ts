import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * startMockServer starts an MSW server for the calling test file; tests add fixture
 * handlers with server.use(...handlersFor(...)). A request nothing answers fails the test.
 */
export function startMockServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
