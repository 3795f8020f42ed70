import { bundleStateValues, type components } from './wire.gen';

// The shop's view of the provider's answers. Each entity type is the generated wire type
// (wire.gen.ts, from contract/openapi.yaml) with every field present and the few fields the
// shop reads differently overridden, so a field added to the OpenAPI description becomes a
// required field here and the decoders in api.ts fail to type-check until they read it.
type Wire = components['schemas'];

/** Filled is T with every field required and not null (the decoders fill defaults). */
type Filled<T> = { [K in keyof T]-?: Exclude<T[K], null | undefined> };

export type Country = Wire['Country'];
export type Region = Wire['Region'];
/** An entry of an area-list endpoint: a country, or a region (isoCode ''). */
export type Area = { name: string; isoCode: string };
export type CoveredCountry = Wire['Country'];

/** The contract's usage levels; a bundle keeps the server's text, whatever it is. */
export type BundleUsageLevel = Wire['BundleUsageLevel'] | (string & {});

/** Catalogue bundle (docs/contract.md "Entities"). */
export type Bundle = Omit<Filled<Wire['Bundle']>, 'price' | 'bundleUsageLevel'> & {
  /** null when the answer has no usable price: shown as 'NA'. */
  price: number | null;
  bundleUsageLevel: BundleUsageLevel;
};

export type CurrentUser = Filled<Wire['CurrentUser']>;
export type OtpSent = { status: number; userId: string };
export type OtpVerification = { username: string; oneTimeLoginPassword: string };
export type SignupForm = Wire['SignupForm'];
export type ContactForm = { fullName: string; email: string; message: string; department: string };
export type Order = { orderId: string; newlyCreated: boolean };
export type PurchaseCheck = { canContinue: boolean; reason: string };
export type CheckoutResult = { orderId: string; checkoutUrl: string };

/** The contract's bundle states (contract/openapi.yaml BundleState). */
export type BundleState = Wire['BundleState'];

/** isBundleState: a state of the contract; any other text is a state the shop does not show. */
export const isBundleState = (s: string): s is BundleState => (bundleStateValues as readonly string[]).includes(s);

/** Dates stay null when not set. */
export type EsimBundle = Omit<Filled<Wire['EsimBundle']>, 'assignmentDatetime' | 'startTime' | 'endTime' | 'bundleState'> & {
  assignmentDatetime: string | null;
  startTime: string | null;
  endTime: string | null;
  /** As the server sends it: a BundleState, or another text (not shown, spec section 4). */
  bundleState: BundleState | (string & {});
};

export type Esim = Omit<Filled<Wire['Esim']>, 'actionDate' | 'bundles'> & {
  actionDate: string | null;
  bundles: EsimBundle[];
};

/** The error body of every failed call (application/problem+json). */
export type Problem = Wire['Problem'];

export type LogLine = { container: string; job: string; level: string; message: string; time?: Date };
