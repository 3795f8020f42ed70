import { useTranslation } from 'react-i18next';
import { useConfig } from '@/shared/config/ConfigContext';
import { PageTitle } from '@/shared/page/PageTitle';
import { LegalSections, Updated } from './LegalSections';
import styles from './Legal.module.css';

/** Privacy policy (route /privacy): the data collected and the user's choices (spec section 2). */
export function PrivacyPage() {
  const { supportEmail } = useConfig();
  const { t } = useTranslation('legal');
  return (
    <article className={`page ${styles.legal}`}>
      <PageTitle name={t('privacyTitle')} />
      <h1>{t('privacyTitle')}</h1>
      <Updated />
      {/* Paragraphs per section: what we collect, how we use it, your choices, contact. */}
      <LegalSections doc="privacy" paragraphs={[2, 1, 2, 1]} email={supportEmail} />
    </article>
  );
}

export default PrivacyPage;
