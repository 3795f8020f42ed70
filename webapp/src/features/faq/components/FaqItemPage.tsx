import { NavLink, useParams } from 'react-router';
import { texts } from '@/shared/messages/messages';
import { faqItemBySlug, faqItems } from './faqItems';
import styles from './Faq.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** A FAQ category (route /faq/:item) with the 'All Categories' sidebar. */
export function FaqItemPage() {
  const { item } = useParams();
  const current = faqItemBySlug(item);
  return (
    <div className={`page ${styles.layout}`}>
      <nav className={styles.sidebar} aria-labelledby="faq-categories">
        <h2 id="faq-categories" className={styles.sidebarTitle}>
          All Categories
        </h2>
        <ul>
          {faqItems.map((f) => (
            <li key={f.slug}>
              <NavLink className={({ isActive }) => (isActive ? `${styles.navItem} ${styles.active}` : styles.navItem)} to={`/faq/${f.slug}`}>
                {f.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className={styles.article}>
        {current ? (
          <>
            <PageTitle name={`${current.title} - FAQ`} />
            <h1>{current.title}</h1>
            {current.body()}
          </>
        ) : (
          <>
            <PageTitle name="FAQ categories" />
            <h1 className="visually-hidden">FAQ</h1>
            <p className={styles.empty}>{texts.selectItem}</p>
          </>
        )}
      </article>
    </div>
  );
}

export default FaqItemPage;
