import { useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { useApi } from '@/shared/api/ApiContext';
import { ContactForm, type ContactMessage } from './ContactForm';
import { ContactInfo } from './ContactInfo';
import styles from './Contact.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** The contact page (route /contactus, 'Let's Talk'). */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const api = useApi();
  const send = useCallback(
    (m: ContactMessage) => api.support.contactUs({ fullName: m.fullname, email: m.email, message: m.comments, department: m.reqType }),
    [api],
  );
  return (
    <div className="page">
      <PageTitle name={t('pageName')} />
      <h1>{t('heading')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      <div className={styles.layout}>
        <ContactInfo />
        <ContactForm send={send} />
      </div>
    </div>
  );
}

export default ContactPage;
