import { useTranslation } from 'react-i18next';

/**
 * One FAQ category: its route item (/faq/:item) and its catalogue key (faq namespace):
 * `<key>Title`, `<key>Summary`, then either questions `<key>Q<n>`/`<key>A<n>` or an
 * introduction `<key>Intro` with steps `<key>Step<n>`.
 */
export type FaqItem = {
  slug: string;
  key: 'general' | 'ios' | 'android' | 'autostart' | 'removing' | 'trouble';
  body: { kind: 'answers'; count: number } | { kind: 'steps'; count: number };
};

export const faqItems: readonly FaqItem[] = [
  { slug: 'general-info', key: 'general', body: { kind: 'answers', count: 5 } },
  { slug: 'installing-esims-ios', key: 'ios', body: { kind: 'steps', count: 7 } },
  { slug: 'installing-esims-android', key: 'android', body: { kind: 'steps', count: 6 } },
  { slug: 'autostart-autorenew', key: 'autostart', body: { kind: 'answers', count: 2 } },
  { slug: 'removing-esims', key: 'removing', body: { kind: 'answers', count: 2 } },
  { slug: 'esim-trabouleshooting', key: 'trouble', body: { kind: 'answers', count: 3 } },
];

export const faqItemBySlug = (slug: string | undefined): FaqItem | undefined => faqItems.find((f) => f.slug === slug);

/** useFaqText reads a category's texts; keys are built from the category, so typed loosely. */
export function useFaqText(): (item: FaqItem, part: string) => string {
  const { t } = useTranslation('faq');
  return (item, part) => t(`${item.key}${part}` as 'heading');
}

/** The answers of a category, in the page's language. */
export function FaqBody({ item }: { item: FaqItem }) {
  const text = useFaqText();
  const n = Array.from({ length: item.body.count }, (_, i) => i + 1);
  if (item.body.kind === 'steps') {
    return (
      <>
        <p>{text(item, 'Intro')}</p>
        <ol>
          {n.map((i) => (
            <li key={i}>{text(item, `Step${i}`)}</li>
          ))}
        </ol>
      </>
    );
  }
  return (
    <dl>
      {n.map((i) => (
        <div key={i}>
          <dt>{text(item, `Q${i}`)}</dt>
          <dd>{text(item, `A${i}`)}</dd>
        </div>
      ))}
    </dl>
  );
}
