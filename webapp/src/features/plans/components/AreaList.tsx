import { memo, startTransition, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/shared/components/LoadError';
import { Spinner } from '@/shared/components/Spinner';
import { gridRow } from '@/shared/format/format';
import type { Bundle, CatalogApi } from '../api/types';
import { useIsMobile } from '../hooks/useIsMobile';
import { useLoad } from '../hooks/useLoad';
import { bundlesOfGroup, type Area } from './areas';
import { BundleGrid } from './BundleGrid';
import { Flag } from '@/shared/components/Flag';
import styles from './Plans.module.css';

type AreaListProps = {
  areas: readonly Area[];
  /** The special bundles, which special areas show without another call. */
  specials: readonly Bundle[];
  api: Pick<CatalogApi, 'areaBundles'>;
  loading: boolean;
  label: string;
  /** The list failed to load: an error with Retry instead of 'Nothing to show.' */
  failed?: boolean;
  onRetry?: () => void;
  /** What the error says, e.g. 'The countries could not be loaded.' */
  failedText?: string;
  /** The area open at first (a link's ?region=), by its key. */
  defaultOpen?: string;
};

const noRetry = () => {};

const noBundles: Bundle[] = [];

/**
 * Areas drawn in the first render: about the first mobile screen. Each batch's commit, layout and
 * flag paint is one task, so small batches keep every task short; 24/48 left tasks of 20-35
 * ms at Lighthouse's 4x CPU (docs/performance.md).
 */
export const FIRST_AREAS = 12;
/** Areas added per later transition. */
const MORE_AREAS = 12;

function AreaBundles({ area, specials, api }: { area: Area; specials: readonly Bundle[]; api: AreaListProps['api'] }) {
  const { t } = useTranslation('plans');
  const special = area.kind === 'special';
  const { loading, data, failed, retry } = useLoad(special ? null : area.key, () => api.areaBundles(area.origin), noBundles, `bundles of ${area.name}`);
  const bundles = special ? bundlesOfGroup(specials, area.group ?? area.name) : data;
  return <BundleGrid bundles={bundles} loading={loading} label={t('areaPlans', { name: area.name })} failed={failed} onRetry={retry} />;
}

const AreaButton = memo(function AreaButton({
  area,
  expanded,
  controls,
  onToggle,
}: {
  area: Area;
  expanded: boolean;
  controls: string;
  onToggle: (key: string) => void;
}) {
  return (
    <li className={styles.areaItem}>
      <button
        type="button"
        className={styles.area}
        aria-expanded={expanded}
        aria-controls={expanded ? controls : undefined}
        onClick={() => onToggle(area.key)}
      >
        <Flag code={area.flag} label="" />
        <span className={styles.areaName}>{area.name}</span>
        <span className={styles.chevron} aria-hidden="true">
          {expanded ? '−' : '+'}
        </span>
      </button>
    </li>
  );
});

/**
 * The list of areas. Clicking one expands its bundle grid and closes any other; the grid
 * sits in the row after the clicked card's row (spec section 4: mobile position+1,
 * desktop ceil(position/3)+1), placed there with CSS grid-row.
 */
export function AreaList({ areas, specials, api, loading, label, failed = false, onRetry = noRetry, failedText, defaultOpen }: AreaListProps) {
  const { t } = useTranslation('plans');
  const id = useId();
  const mobile = useIsMobile();
  const [open, setOpen] = useState<string | null>(defaultOpen ?? null);
  const onToggle = useCallback((key: string) => setOpen((cur) => (cur === key ? null : key)), []);
  // ~250 countries with their flags in one render is the page's longest task (Lighthouse
  // TBT); the first screen paints at once and the rest follow in transitions, a screen or so
  // each: a transition's render yields, but its commit is one task.
  const [limit, setLimit] = useState(FIRST_AREAS);
  useEffect(() => {
    if (areas.length > limit) startTransition(() => setLimit(Math.min(areas.length, limit + MORE_AREAS)));
  }, [areas.length, limit]);

  if (loading) return <Spinner label={t('loadingOf', { label: label.toLowerCase() })} />;
  if (failed) return <LoadError message={failedText ?? t('destinationsFailed')} onRetry={onRetry} />;
  if (areas.length === 0) return <p className={styles.none}>{t('nothingToShow')}</p>;

  const shown = areas.length > limit ? areas.slice(0, limit) : areas;
  // A link's region may differ in case from the catalogue's name.
  const index = open === null ? -1 : shown.findIndex((a) => a.key === open || a.key.toLowerCase() === open.toLowerCase());
  const expanded = index >= 0 ? shown[index] : undefined;
  const panelId = `${id}-panel`;
  const row = gridRow(index + 1, mobile);
  // The panel also comes right after its row in the DOM, so reading and tab order follow
  // what the eye sees; grid-row pins it to the row the spec computes.
  const after = expanded ? Math.min((row - 1) * (mobile ? 1 : 3), shown.length) : -1;
  const items = shown.map((a) => <AreaButton key={a.key} area={a} expanded={a.key === expanded?.key} controls={panelId} onToggle={onToggle} />);
  if (expanded) {
    items.splice(
      after,
      0,
      <li key="panel" id={panelId} className={styles.expanded} style={{ gridRow: row }} data-row={row} aria-label={t('areaPlans', { name: expanded.name })}>
        <AreaBundles key={expanded.key} area={expanded} specials={specials} api={api} />
      </li>,
    );
  }
  return (
    <ul className={styles.areas} aria-label={label}>
      {items}
    </ul>
  );
}
