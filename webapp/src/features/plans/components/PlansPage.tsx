import { useApi } from '@/shared/api/ApiContext';
import { PlansView } from './PlansView';

/** The plans page (route /plans) on the app's API client. */
export function PlansPage() {
  const api = useApi();
  return <PlansView api={api.catalog} />;
}

export default PlansPage;
