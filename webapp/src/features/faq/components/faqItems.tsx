import type { ReactNode } from 'react';

/** One FAQ category: its route item (/faq/:item), title, tile text and answers. */
export type FaqItem = { slug: string; title: string; summary: string; body: () => ReactNode };

type QA = { q: string; a: ReactNode };

function Answers({ items }: { items: readonly QA[] }) {
  return (
    <dl>
      {items.map((x) => (
        <div key={x.q}>
          <dt>{x.q}</dt>
          <dd>{x.a}</dd>
        </div>
      ))}
    </dl>
  );
}

export const faqItems: readonly FaqItem[] = [
  {
    slug: 'general-info',
    title: 'General Questions',
    summary: 'What an eSIM is, which phones work and how data plans behave.',
    body: () => (
      <Answers
        items={[
          {
            q: 'What is an eSIM?',
            a: 'A digital SIM built into your phone. You install a prepaid, data-only plan by scanning a QR code instead of inserting a plastic card.',
          },
          {
            q: 'Will it work on my phone?',
            a: 'Only if the phone supports eSIM and is not locked to a network (carrier-unlocked). Dial *#06#: if an EID appears, your phone supports eSIM.',
          },
          {
            q: 'Can I install one eSIM on several phones?',
            a: 'No. An eSIM installs on one device, and in most cases only once, so keep it on the phone you travel with.',
          },
          {
            q: 'What happens to data I do not use?',
            a: 'Unused data expires when the plan validity ends; it cannot be carried over.',
          },
          { q: 'Can I share my connection?', a: 'Yes, using your phone as a personal hotspot is allowed.' },
        ]}
      />
    ),
  },
  {
    slug: 'installing-esims-ios',
    title: 'Installing eSIMs on iOS',
    summary: 'Install the eSIM on an iPhone from the QR code saved in Photos.',
    body: () => (
      <>
        <p>These steps are for iOS 17, with the QR code saved in your Photos.</p>
        <ol>
          <li>Open Settings and tap Cellular Service.</li>
          <li>Tap Add eSIM, then Use QR Code.</li>
          <li>Tap Open Photos, pick the QR code and tap Continue.</li>
          <li>Keep the window open while the eSIM installs; activation may take up to 10 minutes.</li>
          <li>Set the Default Line to Primary.</li>
          <li>Set Mobile Data to the new eSIM.</li>
          <li>Turn Data Roaming on for the eSIM.</li>
        </ol>
      </>
    ),
  },
  {
    slug: 'installing-esims-android',
    title: 'Installing eSIMs on Android',
    summary: 'Scan the QR code with the camera or add the eSIM in the SIM manager.',
    body: () => (
      <>
        <p>
          Make sure you have a strong internet connection and a compatible, unlocked phone before you start.
        </p>
        <ol>
          <li>Scan the QR code with your camera, or open Settings, then the SIM manager, and add an eSIM by scanning the code.</li>
          <li>Tap Add to confirm.</li>
          <li>Wait; activation may take up to 10 minutes.</li>
          <li>Keep Calls and Messages on your original SIM.</li>
          <li>Set Mobile Data to the eSIM.</li>
          <li>Check that Data Roaming is on.</li>
        </ol>
      </>
    ),
  },
  {
    slug: 'autostart-autorenew',
    title: 'Autostart & Autorenew',
    summary: 'When your plan starts counting days, and why it never renews by itself.',
    body: () => (
      <Answers
        items={[
          {
            q: 'When does my plan start?',
            a: 'Automatically, the first time the eSIM connects to a supported network with data roaming turned on. Validity is counted from that moment.',
          },
          {
            q: 'Does my plan renew automatically?',
            a: 'No plan renews on its own. When you need more data, buy another bundle.',
          },
        ]}
      />
    ),
  },
  {
    slug: 'removing-esims',
    title: 'Removing eSIMs',
    summary: 'When it is safe to delete an eSIM from your phone.',
    body: () => (
      <Answers
        items={[
          {
            q: 'When should I remove an eSIM?',
            a: 'When you will not use it again, when it has no data left, or when you bought a new eSIM for the same region.',
          },
          {
            q: 'Does disabling or removing the eSIM pause my plan?',
            a: 'No. Removing or turning off an eSIM does not extend its validity, and a removed eSIM usually cannot be installed again.',
          },
        ]}
      />
    ),
  },
  {
    slug: 'esim-trabouleshooting',
    title: 'eSIM Troubleshooting',
    summary: 'What common error messages on your phone mean and how to fix them.',
    body: () => (
      <Answers
        items={[
          {
            q: "'Unable to Complete Cellular Plan Change'",
            a: 'The phone holds too many eSIMs, the eSIM is already installed and is being installed again, the connection is poor, mobile data is off, or the phone is locked to a network.',
          },
          {
            q: "'This code is no longer valid'",
            a: 'The QR code was not scanned correctly, or the eSIM has already been installed.',
          },
          {
            q: "'PDP Authentication Failure'",
            a: 'The plan has no valid data left, the APN is wrong, or you are not on a supported network.',
          },
        ]}
      />
    ),
  },
];

export const faqItemBySlug = (slug: string | undefined): FaqItem | undefined => faqItems.find((f) => f.slug === slug);
