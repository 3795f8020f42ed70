import { useState } from 'react';
import { useParams } from 'react-router';
import { androidSteps, iosSteps, platformOf, type Platform, type Step } from './steps';
import { Tabs, type TabItem } from '@/shared/components/Tabs';
import styles from './SetupGuide.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

function StepList({ steps, platform }: { steps: readonly Step[]; platform: string }) {
  return (
    <ol className={styles.steps} aria-label={`${platform} installation steps`}>
      {steps.map((s, i) => (
        <li key={s.text} className={styles.step}>
          <img className={styles.image} src={s.image} alt={s.alt} width="160" height="200" loading="lazy" />
          <p>
            <span className={styles.number}>Step {i + 1}</span>
            {s.text}
          </p>
        </li>
      ))}
    </ol>
  );
}

const tabs: readonly TabItem<Platform>[] = [
  { key: 'ios', label: 'iOS', panel: () => <StepList steps={iosSteps} platform="iOS" /> },
  { key: 'android', label: 'Android', panel: () => <StepList steps={androidSteps} platform="Android" /> },
];

function Guide({ initial }: { initial: Platform }) {
  const [platform, setPlatform] = useState<Platform>(initial);
  return <Tabs label="Phone system" items={tabs} selected={platform} onSelect={setPlatform} />;
}

/** The setup guide (route /setup-guide/:item?): 'android' preselects Android, else iOS. */
export function SetupGuidePage() {
  const { item } = useParams();
  const initial = platformOf(item);
  return (
    <div className="page">
      <PageTitle name="eSIM Setup Guide" />
      <h1>eSIM Setup Guide</h1>
      <p className={styles.intro}>
        Install your eSIM before you travel, on a strong Wi-Fi connection. Your phone must be carrier-unlocked and
        eSIM-compatible. Keep the QR code e-mail at hand: an eSIM can usually be installed only once.
      </p>
      {/* A new route item resets the tab to the one it preselects. */}
      <Guide key={initial} initial={initial} />
    </div>
  );
}

export default SetupGuidePage;
