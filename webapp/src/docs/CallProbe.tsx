import { useQuery } from '@tanstack/react-query';
import { useApi } from '@/shared/api/ApiContext';
import { ApiError } from '@/shared/api/errors';

/**
 * CallProbe makes one provider call (listCountries) and shows what came back: the
 * mocking guide's examples use it to show what each way of answering does.
 */
export function CallProbe() {
  const api = useApi();
  const q = useQuery({ queryKey: ['docs', 'countries'], queryFn: () => api.catalog.countries() });
  if (q.isPending) return <p role="status">Waiting for listCountries…</p>;
  if (q.isError) {
    const e = q.error;
    const text = e instanceof ApiError ? `HTTP ${e.status} ${e.title}: ${e.detail}` : e.message;
    return <p role="alert">listCountries failed: {text}</p>;
  }
  return (
    <p>
      listCountries answered {q.data.length} countries, first {q.data[0]?.name ?? 'none'}.
    </p>
  );
}
