// The provider's operations as the web client calls them: each operationId's route (from
// contract/operations.json, generated from contract/openapi.yaml) and its path parameters,
// query, body and answer types (from wire.gen.ts `operations`, generated from the same
// document). ApiClient.send takes an operationId and these types, so a call the contract
// does not have, a missing path parameter or a body of the wrong shape fails the
// type-check (docs/contract.md "The web client typed by operation").
import generated from '@contract/operations.json';
import type { AuthMode } from './rules';
import type { operations } from './wire.gen';

export type OperationId = keyof operations;

export type Service = 'api' | 'support' | 'esimcheck' | 'logs';

/** Where an operation is sent: its method, its path relative to its service base, its service. */
export type Route = { method: 'GET' | 'POST' | 'DELETE'; path: string; service: Service };

// Every operationId of the types has a route (a missing one fails the type-check here);
// rules.test.ts checks that the routes hold nothing else.
const routeTable: Record<OperationId, { method: string; path: string; service: string }> = generated.operations;

/** route is the operation's method, path template and service. */
export const route = (op: OperationId): Route => routeTable[op] as Route;

/** The operationIds that have a route (for the test that the two generated files agree). */
export const routedOperations = (): string[] => Object.keys(generated.operations);

type Op<K extends OperationId> = operations[K];
type IsNever<T> = [T] extends [never] ? true : false;
type Content<R> = R extends { content: infer C } ? C : never;
type Media<C, M extends string> = [C] extends [never] ? never : C extends { [K in M]: infer T } ? T : never;

/** The path parameters of an operation (never when it has none). */
export type PathParams<K extends OperationId> = Op<K>['parameters'] extends { path: infer P } ? P : never;
/** The query parameters of an operation (never when it has none). */
export type QueryParams<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q } ? Exclude<Q, undefined> : never;
/** The JSON body of an operation (never when it has none). */
export type JsonBody<K extends OperationId> = Op<K> extends { requestBody?: infer B } ? Media<Content<B>, 'application/json'> : never;
/** The form body of an operation (never when it has none). */
export type FormBody<K extends OperationId> = Op<K> extends { requestBody?: infer B } ? Media<Content<B>, 'application/x-www-form-urlencoded'> : never;
/** The success answer of an operation: the JSON body of its 200, undefined for none (204). */
export type Answer<K extends OperationId> = Op<K>['responses'] extends { 200: infer R }
  ? [Media<Content<R>, 'application/json'>] extends [never]
    ? undefined
    : Media<Content<R>, 'application/json'>
  : undefined;

/**
 * Received is an answer as it arrives: the contract's field names, checked by the
 * compiler, with nothing trusted about their values. Every field may be missing or null,
 * and a leaf is unknown until a decoder (decode.ts) has checked it; a list is read with
 * list(), which checks that it is one. So a field renamed in the contract fails the
 * type-check of its decoder, and a hostile answer is still a DecodeError, never a crash.
 */
export type Received<T> = T extends string | number | boolean | null | undefined
  ? unknown
  : T extends readonly (infer E)[]
    ? readonly Received<E>[] | null | undefined
    : { readonly [P in keyof T]?: Received<T[P]> | null };

type PathPart<K extends OperationId> = IsNever<PathParams<K>> extends true ? { params?: never } : { params: PathParams<K> };
type QueryPart<K extends OperationId> = IsNever<QueryParams<K>> extends true ? { query?: never } : { query?: QueryParams<K> };
type BodyPart<K extends OperationId> =
  IsNever<JsonBody<K>> extends false
    ? { json: JsonBody<K>; form?: never }
    : IsNever<FormBody<K>> extends false
      ? { form: FormBody<K>; json?: never }
      : { json?: never; form?: never };

type Options = {
  /** How the request is authorised (rules.ts). */
  auth: AuthMode;
  /**
   * The call's variant where one operation serves several calls (token.guest,
   * listAreaBundles.topup): the call name is `${operationId}.${variant}`.
   */
  variant?: string;
  /** Any status other than 200 is an error (topup_bundle_selected, section 8). */
  only200?: boolean;
  /**
   * A POST whose body carries an idempotency id the server honours (orderdetails, code
   * verification, contact-us): it may be retried after a hiccup like a GET.
   */
  idempotent?: boolean;
  /**
   * A caller-supplied path relative to the service base (with its own query) that answers
   * this operation's shape instead of its own path: the spec's area-list endpoint.
   */
  at?: { path: string; query?: Record<string, string> };
  signal?: AbortSignal;
};

/** What a call of operation K needs besides its operationId. */
export type Call<K extends OperationId> = Options & PathPart<K> & QueryPart<K> & BodyPart<K>;
