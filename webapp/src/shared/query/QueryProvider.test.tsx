import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '@/shared/api/ApiContext';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { fixtureConfig } from '@/test/fixtureConfig';
import { createQueryClient } from './queryClient';
import { QueryGate, QueryProvider } from './QueryProvider';

function HasClient() {
  const client = useQueryClient();
  return <p>{client ? 'client here' : 'no client'}</p>;
}

function renderGate(client?: ReturnType<typeof createQueryClient>) {
  const services = createApiServices(fixtureConfig(), memoryStorage());
  return render(
    <ApiProvider services={services}>
      <QueryProvider client={client}>
        <p>frame</p>
        <Suspense fallback={<p>waiting</p>}>
          <QueryGate>
            <HasClient />
          </QueryGate>
        </Suspense>
      </QueryProvider>
    </ApiProvider>,
  );
}

describe('QueryProvider', () => {
  it('renders the frame at once and what is in a QueryGate once TanStack Query has loaded', async () => {
    renderGate();
    expect(screen.getByText('frame')).toBeInTheDocument();
    expect(await screen.findByText('client here', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('with a client given, the gate does not wait', () => {
    const client = createQueryClient();
    renderGate(client);
    expect(screen.getByText('client here')).toBeInTheDocument();
  });
});
