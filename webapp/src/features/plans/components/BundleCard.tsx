import { memo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { bundleTitle, cardCoverage, coveredCountries, formatPrice, formatQuota, formatValidity } from '@/shared/format/format';
import type { Bundle } from '../api/types';
import { Dialog } from './Dialog';
import { BundleSummary } from '@/shared/components/BundleSummary';
import { Flag } from '@/shared/components/Flag';
import styles from './Plans.module.css';
import dialogStyles from './Dialog.module.css';

type Popup = 'none' | 'info' | 'coverage';

/** The id (and URL anchor) of a bundle's device-compatibility popup. */
export const compatAnchor = (bundleId: string) => `popup1${bundleId}`;

/**
 * A bundle card: flag, title, quota, validity, price, up to 5 coverage flags plus '+N',
 * and the More Info, coverage and device-compatibility popups.
 */
export const BundleCard = memo(function BundleCard({ bundle }: { bundle: Bundle }) {
  const navigate = useNavigate();
  const { hash, search } = useLocation();
  const anchor = compatAnchor(bundle.id);
  // The compatibility popup lives in the URL (spec section 2: anchor #popup1<bundleId>):
  // opening it adds the hash (so the link can be shared, and Back closes it), a URL with
  // the hash opens it on arrival, and closing clears the hash. Path and query stay.
  const compatOpen = hash === `#${anchor}`;
  const openCompat = () => void navigate({ search, hash: anchor });
  const closeCompat = () => void navigate({ search, hash: '' }, { replace: true });
  const [popup, setPopup] = useState<Popup>('none');
  const close = () => setPopup('none');

  // The same name check as the profile's coverage (one shared rule): placeholder and
  // empty names are not listed, nor counted in '+N'.
  const coverage = coveredCountries(bundle.roamingCountries ?? []);
  const { shown, more } = cardCoverage(coverage.length);
  const title = bundleTitle(bundle);

  return (
    <article className={styles.card} aria-label={title}>
      <BundleSummary bundle={bundle} level={3} />
      {coverage.length > 0 && (
        <div className={styles.coverage}>
          <span className={styles.coverageLabel}>Coverage</span>
          <ul className={styles.coverageFlags}>
            {coverage.slice(0, shown).map((c) => (
              <li key={c.isoCode}>
                <Flag code={c.isoCode} label={c.name} size="sm" />
              </li>
            ))}
          </ul>
          {more ? (
            <button
              type="button"
              className={styles.more}
              aria-haspopup="dialog"
              aria-label={`${more}: show all ${coverage.length} countries`}
              onClick={() => setPopup('coverage')}
            >
              {more}
            </button>
          ) : (
            <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => setPopup('coverage')}>
              See countries
            </button>
          )}
        </div>
      )}
      <div className={styles.cardActions}>
        <button type="button" className={styles.linkButton} aria-haspopup="dialog" onClick={() => setPopup('info')}>
          More Info
        </button>
        <a
          className={styles.buy}
          href={`#${anchor}`}
          aria-haspopup="dialog"
          onClick={(e) => {
            e.preventDefault();
            openCompat();
          }}
        >
          Buy Now<span className="visually-hidden">: {title}</span>
        </a>
      </div>

      {popup === 'info' && (
        <Dialog title={title} onClose={close}>
          <dl className={styles.infoList}>
            <div>
              <dt>Data</dt>
              <dd>{formatQuota(bundle.quotaInMB)}</dd>
            </div>
            <div>
              <dt>Validity</dt>
              <dd>{formatValidity(bundle.durationInDays)}, starting when the eSIM first connects to a supported network</dd>
            </div>
            <div>
              <dt>Price</dt>
              <dd>{formatPrice(bundle.price)}</dd>
            </div>
            <div>
              <dt>Plan type</dt>
              <dd>Data only</dd>
            </div>
            <div>
              <dt>Top-up</dt>
              <dd>{bundle.canTopup ? 'Can be topped up' : 'Cannot be topped up'}</dd>
            </div>
            {bundle.fupMsg && (
              <div>
                <dt>Fair use</dt>
                <dd>{bundle.fupMsg}</dd>
              </div>
            )}
          </dl>
        </Dialog>
      )}

      {popup === 'coverage' && (
        <Dialog title={`${title}: covered countries`} onClose={close}>
          <ul className={styles.coverageList}>
            {coverage.map((c) => (
              <li key={c.isoCode}>
                <Flag code={c.isoCode} label="" size="sm" />
                <span>{c.name}</span>
              </li>
            ))}
          </ul>
        </Dialog>
      )}

      {compatOpen && (
        <Dialog
          id={anchor}
          title="Is your device eSIM compatible?"
          onClose={closeCompat}
          actions={
            <button type="button" className={dialogStyles.primary} onClick={() => navigate(`/cart/${encodeURIComponent(bundle.id)}`)}>
              Yes, continue
            </button>
          }
        >
          <p>This plan works only on eSIM-compatible phones that are not locked to a network (carrier-unlocked).</p>
          <p>
            To check, dial <strong>*#06#</strong> on your phone: if an EID appears, your device supports eSIM.
          </p>
        </Dialog>
      )}
    </article>
  );
});
