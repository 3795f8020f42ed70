import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useParams } from 'react-router';
import { androidSteps, iosSteps, platformOf, type Platform, type Step } from './steps';
import { Tabs, type TabItem } from '@/shared/components/Tabs';
import { currentPlatform } from '@/shared/device/platform';
import styles from './SetupGuide.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

function StepList({ steps, platform, phonesNote = false }: { steps: readonly Step[]; platform: string; phonesNote?: boolean }) {
  const { t } = useTranslation('setup-guide');
  return (
    <>
      {/* Android menus differ by maker: say which phones the steps describe. */}
      {phonesNote && <p className={styles.note}>{t('androidPhones')}</p>}
      <ol className={styles.steps} aria-label={t('stepsLabel', { platform })}>
      {steps.map((s, i) => (
        <li key={s.id} className={styles.step}>
          <img className={styles.image} src={s.image} alt={t(`${s.id}Alt`)} width="160" height="200" loading="lazy" />
          <p>
            <span className={styles.number}>{t('stepNumber', { number: i + 1 })}</span>
            {t(`${s.id}Text`)}
          </p>
        </li>
      ))}
      </ol>
    </>
  );
}

const tabs: readonly TabItem<Platform>[] = [
  { key: 'ios', label: 'iOS', panel: () => <StepList steps={iosSteps} platform="iOS" /> },
  { key: 'android', label: 'Android', panel: () => <StepList steps={androidSteps} platform="Android" phonesNote /> },
];

function Guide({ initial }: { initial: Platform }) {
  const { t } = useTranslation('setup-guide');
  const [platform, setPlatform] = useState<Platform>(initial);
  return <Tabs label={t('phoneSystem')} items={tabs} selected={platform} onSelect={setPlatform} />;
}

/** The setup guide (route /setup-guide/:item?): the item's tab, else the visitor's phone's. */
export function SetupGuidePage() {
  const { item } = useParams();
  const initial = platformOf(item, currentPlatform());
  const { t } = useTranslation('setup-guide');
  return (
    <div className="page">
      <PageTitle name={t('pageName')} />
      <h1>{t('heading')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      {/* A new route item resets the tab to the one it preselects. */}
      <Guide key={initial} initial={initial} />
    </div>
  );
}

export default SetupGuidePage;
