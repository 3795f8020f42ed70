import type { ReactNode } from 'react';
import type { CurrentUser } from '@/shared/api/types';
import { useCurrentUser } from '../hooks/useCurrentUser';

/**
 * WithCurrentUser renders render(user) with the signed-in customer. Its own chunk (Layout
 * loads it lazily for signed-in customers only): the lookup is a TanStack Query query, and
 * the page frame of a visitor renders without that library.
 */
export function WithCurrentUser({ render }: { render: (user: CurrentUser | null) => ReactNode }) {
  return <>{render(useCurrentUser())}</>;
}
