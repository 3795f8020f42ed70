// Typed keys: t('key') of a namespace is checked against its English catalogue.
import type auth from '@/features/auth/locales/en.json';
import type checkout from '@/features/checkout/locales/en.json';
import type home from '@/features/home/locales/en.json';
import type plans from '@/features/plans/locales/en.json';
import type contact from '@/features/contact/locales/en.json';
import type layout from '@/features/layout/locales/en.json';
import type profile from '@/features/profile/locales/en.json';
import type topup from '@/features/topup/locales/en.json';
import type shared from '@/shared/i18n/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shared';
    resources: {
      shared: typeof shared;
      topup: typeof topup;
      auth: typeof auth;
      checkout: typeof checkout;
      home: typeof home;
      layout: typeof layout;
      plans: typeof plans;
      profile: typeof profile;
      contact: typeof contact;
    };
  }
}
