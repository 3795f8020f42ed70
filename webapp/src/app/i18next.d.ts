// Typed keys: t('key') of a namespace is checked against its English catalogue.
import type layout from '@/features/layout/locales/en.json';
import type profile from '@/features/profile/locales/en.json';
import type shared from '@/shared/i18n/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shared';
    resources: {
      shared: typeof shared;
      layout: typeof layout;
      profile: typeof profile;
    };
  }
}
