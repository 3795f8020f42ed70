// Typed keys: t('key') of a namespace is checked against its English catalogue.
import type auth from '@/features/auth/locales/en.json';
import type checkout from '@/features/checkout/locales/en.json';
import type home from '@/features/home/locales/en.json';
import type plans from '@/features/plans/locales/en.json';
import type contact from '@/features/contact/locales/en.json';
import type payment from '@/features/payment/locales/en.json';
import type token from '@/features/token/locales/en.json';
import type topup from '@/features/topup/locales/en.json';
import type loki from '@/features/loki/locales/en.json';
import type setupGuide from '@/features/setup-guide/locales/en.json';
import type faq from '@/features/faq/locales/en.json';
import type legal from '@/features/legal/locales/en.json';
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
      legal: typeof legal;
      faq: typeof faq;
      'setup-guide': typeof setupGuide;
      loki: typeof loki;
      topup: typeof topup;
      token: typeof token;
      payment: typeof payment;
      plans: typeof plans;
      profile: typeof profile;
      contact: typeof contact;
    };
  }
}
