import { useConfig } from '@/shared/config/ConfigContext';
import styles from './Legal.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

/** Terms and conditions (route /terms-and-conditions): every fact of spec section 2. */
export function TermsPage() {
  const { brand, supportEmail, supportPhone } = useConfig();
  return (
    <article className={`page ${styles.legal}`}>
      <PageTitle name="Terms and Conditions" />
      <h1>Terms and Conditions</h1>
      <p className={styles.updated}>Last updated: May 31, 2024</p>

      <h2>1. Who we are</h2>
      <p>
        {brand} is operated by a company registered in Lebanon. These terms apply to the website, the companion app
        and every eSIM data plan bought through them. By using the service you accept these terms.
      </p>

      <h2>2. Who may use the service</h2>
      <p>
        You must be at least 18 years old. Younger users may use the service only with the consent of a parent or
        legal guardian, who accepts these terms on their behalf.
      </p>
      <p>The plans are for your personal use only; you may not resell them or use them for commercial purposes.</p>

      <h2>3. Prices and payment</h2>
      <p>
        You pay by debit or credit card. Prices are shown in US dollars (USD); you may also be charged the equivalent
        amount in Lebanese pounds (LBP). All prices include value added tax (VAT) at 11%.
      </p>

      <h2>4. Refunds</h2>
      <p>
        Refunds are given only when a technical issue caused by us stops the eSIM from working. Refunds are not given
        for incompatible or network-locked devices, change of plans, or unused data.
      </p>

      <h2>5. Validity, termination and unused data</h2>
      <p>
        A plan runs for its stated validity, counted from the first connection to a supported network. When a plan or
        the service ends for any reason, any data you have not used is forfeited and is not refunded.
      </p>
      <p>
        We may deactivate an account after six months without activity, or when the eSIM linked to it has been
        deleted from the device.
      </p>

      <h2>6. Force majeure</h2>
      <p>
        We are not liable for failures caused by events beyond our reasonable control. If such an event lasts for
        more than 30 days, we may end the service.
      </p>

      <h2>7. Governing law</h2>
      <p>These terms are governed by the laws of Lebanon. The courts of Beirut have jurisdiction over any dispute.</p>

      <h2>8. Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or {supportPhone}.
      </p>
    </article>
  );
}

export default TermsPage;
