import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { useText } from '@/shared/messages/localize';
import { FaqBody, faqItemBySlug, faqItems, useFaqText } from './faqItems';
import styles from './Faq.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** A FAQ category (route /faq/:item) with the 'All Categories' sidebar. */
export function FaqItemPage() {
  const { t } = useTranslation('faq');
  const text = useFaqText();
  const msg = useText();
  const { item } = useParams();
  const current = faqItemBySlug(item);
  return (
    <div className={`page ${styles.layout}`}>
      <nav className={styles.sidebar} aria-labelledby="faq-categories">
        <h2 id="faq-categories" className={styles.sidebarTitle}>
          {t('allCategories')}
        </h2>
        <ul>
          {faqItems.map((f) => (
            <li key={f.slug}>
              <NavLink className={({ isActive }) => (isActive ? `${styles.navItem} ${styles.active}` : styles.navItem)} to={`/faq/${f.slug}`}>
                {text(f, 'Title')}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className={styles.article}>
        {current ? (
          <>
            <PageTitle name={t('categoryPageName', { title: text(current, 'Title') })} />
            <h1>{text(current, 'Title')}</h1>
            <FaqBody item={current} />
          </>
        ) : (
          <>
            <PageTitle name={t('categoriesPageName')} />
            <h1 className="visually-hidden">{t('heading')}</h1>
            <p className={styles.empty}>{msg('selectItem')}</p>
          </>
        )}
      </article>
    </div>
  );
}

export default FaqItemPage;
