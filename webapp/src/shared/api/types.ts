export type Country = { name: string; isoCode: string };
export type Region = { name: string };
export type Area = { name: string; isoCode: string };
export type CoveredCountry = { isoCode: string; name: string };

export type BundleUsageLevel = 'country' | 'region' | 'global' | string;

/** Catalogue bundle (docs/contract.md "Entities"). */
export type Bundle = {
  id: string;
  name: string;
  businessTitle: string;
  listingDisplayTitle: string;
  quotaInMB: number;
  durationInDays: number;
  /** null when the answer has no usable price: shown as 'NA'. */
  price: number | null;
  flagsCodes: string[];
  roamingCountries: CoveredCountry[];
  isSpecial: boolean;
  bundleUsageLevel: BundleUsageLevel;
  canTopup: boolean;
  thirdPartyProvider: number;
  fupMsg: string;
  group: string;
  groupIconCode: string;
};

export type CurrentUser = { email: string; firstName: string; lastName: string };
export type OtpSent = { status: number; userId: string };
export type OtpVerification = { username: string; oneTimeLoginPassword: string };
export type SignupForm = { firstName: string; lastName: string; countryCode: string; phone: string; email: string };
export type ContactForm = { fullName: string; email: string; message: string; department: string };
export type Order = { orderId: string; newlyCreated: boolean };
export type PurchaseCheck = { canContinue: boolean; reason: string };
export type CheckoutResult = { orderId: string; checkoutUrl: string };

export type BundleState = 'Processing' | 'Queued' | 'Active' | 'Depleted' | 'Expired' | 'Revoked' | string;

export type EsimBundle = {
  bundleId: string;
  bundleDisplayName: string;
  description: string;
  assignmentDatetime: string | null;
  startTime: string | null;
  endTime: string | null;
  bundleState: BundleState;
  initialQuantity: number;
  remainingQuantity: number;
  unlimited: boolean;
  countries: CoveredCountry[];
  roamingCountries: CoveredCountry[];
  canTopup: boolean;
  thirdPartyProvider: number;
  name: string;
};

export type Esim = {
  iccid: string;
  accountId: string;
  base64QRCodeImage: string;
  linkOnIphone: string;
  actionDate: string | null;
  bundles: EsimBundle[];
};

export type LogLine = { container: string; job: string; level: string; message: string; time?: Date };
