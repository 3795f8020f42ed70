import { DecodeError } from './errors';

// Small, strict readers for provider answers (typed as operations.ts Received: the
// contract's field names, nothing trusted about the values): a hostile or malformed body
// becomes a DecodeError naming the call and the field, never a crash deeper in the UI.

export type Obj = Record<string, unknown>;

/** obj checks that v is an object (not a list) and gives it its received type. */
export function obj<T extends object>(v: T | null | undefined, where: string): T;
export function obj(v: unknown, where: string): Obj;
export function obj(v: unknown, where: string): object {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new DecodeError(`${where}: expected an object`);
  return v;
}

/** list checks that v is a list. */
export function list<E>(v: readonly E[] | null | undefined, where: string): readonly E[] {
  if (!Array.isArray(v)) throw new DecodeError(`${where}: expected a list`);
  return v;
}

/** Optional fields: a wrong type or missing value reads as the default. */
export const optStr = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
export const optNum = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
export const optBool = (v: unknown, d = false): boolean => (typeof v === 'boolean' ? v : d);
export const optNullableStr = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** reqStr reads a required non-empty string field; key is one of the contract's names. */
export function reqStr<T extends object>(o: T, key: keyof T & string, where: string): string {
  const v: unknown = o[key];
  if (typeof v !== 'string' || v === '') throw new DecodeError(`${where}.${key}: expected a non-empty string`);
  return v;
}
