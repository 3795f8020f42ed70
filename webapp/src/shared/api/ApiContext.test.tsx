import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fixtureConfig } from '@/test/fixtureConfig';
import { ApiProvider, useApi, useSession, type ApiServices } from './ApiContext';
import { memoryStorage } from './memoryStorage';
import { connectApi } from './services';
import { SessionStore } from './session';

function SessionView() {
  return <p>token {useSession().token || 'none'}</p>;
}

function CallsView() {
  const api = useApi();
  return <p>calls {typeof api.catalog.countries}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>failed {this.state.error.message}</p> : this.props.children;
  }
}

// An awaited act: React resolves a suspended use() inside act only when it is awaited.
async function renderLazy(ready: Promise<ApiServices>, store: SessionStore) {
  await act(async () => {
    render(
    <ApiProvider services={{ store, ready }}>
      <SessionView />
      <Boundary>
        <Suspense fallback={<p>waiting</p>}>
          <CallsView />
        </Suspense>
      </Boundary>
    </ApiProvider>,
    );
  });
}

describe('ApiProvider with the API chunk still loading', () => {
  it('shows the session at once and what calls the API once the client has arrived', async () => {
    const store = new SessionStore(memoryStorage({ token: 'abc' }));
    let arrive: (s: ApiServices) => void = () => {};
    const ready = new Promise<ApiServices>((resolve) => {
      arrive = resolve;
    });
    await renderLazy(ready, store);
    expect(screen.getByText('token abc')).toBeInTheDocument();
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => arrive(connectApi(fixtureConfig(), store)));
    expect(await screen.findByText('calls function')).toBeInTheDocument();
  });

  it('shows a failed download to the error boundary, never an endless wait', async () => {
    const store = new SessionStore(memoryStorage());
    const ready = Promise.reject(new Error('chunk not loaded'));
    await renderLazy(ready, store);
    expect(screen.getByText('token none')).toBeInTheDocument();
    expect(await screen.findByText('failed chunk not loaded')).toBeInTheDocument();
  });
});
