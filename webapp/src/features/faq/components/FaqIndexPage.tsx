import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { faqItems, useFaqText } from './faqItems';
import styles from './Faq.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** The FAQ index (route /faq): titled FAQ, heading 'Got questions?' (spec section 2), six tiles, one per category. */
export function FaqIndexPage() {
  const { t } = useTranslation('faq');
  const text = useFaqText();
  return (
    <div className="page">
      <PageTitle name={t('pageName')} />
      <h1 className={styles.title}>{t('lead')}</h1>
      <p className={styles.sub}>{t('sub')}</p>
      <ul className={styles.tiles}>
        {faqItems.map((f) => (
          <li key={f.slug}>
            <Link className={styles.tile} to={`/faq/${f.slug}`}>
              <span className={styles.tileTitle}>{text(f, 'Title')}</span>
              <span className={styles.tileText}>{text(f, 'Summary')}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default FaqIndexPage;
