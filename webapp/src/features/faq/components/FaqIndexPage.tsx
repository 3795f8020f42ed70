import { Link } from 'react-router';
import { faqItems } from './faqItems';
import styles from './Faq.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** The FAQ index (route /faq): titled FAQ, heading 'Got questions?' (spec section 2), six tiles, one per category. */
export function FaqIndexPage() {
  return (
    <div className="page">
      <PageTitle name="FAQ" />
      <h1 className={styles.title}>Got questions?</h1>
      <p className={styles.sub}>We have your answers</p>
      <ul className={styles.tiles}>
        {faqItems.map((f) => (
          <li key={f.slug}>
            <Link className={styles.tile} to={`/faq/${f.slug}`}>
              <span className={styles.tileTitle}>{f.title}</span>
              <span className={styles.tileText}>{f.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default FaqIndexPage;
