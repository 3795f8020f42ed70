import { DecodeError } from './errors';

// Small, strict readers for provider answers: a hostile or malformed body becomes a
// DecodeError naming the call and the field, never a crash deeper in the UI.

export type Obj = Record<string, unknown>;

export function obj(v: unknown, where: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new DecodeError(`${where}: expected an object`);
  return v as Obj;
}

export function arr(v: unknown, where: string): unknown[] {
  if (!Array.isArray(v)) throw new DecodeError(`${where}: expected a list`);
  return v;
}

/** at walks a path of object keys, e.g. at(body, 'data.data', call). */
export function at(v: unknown, dotted: string, call: string): unknown {
  let cur = v;
  let where = call;
  for (const k of dotted.split('.')) {
    cur = obj(cur, where)[k];
    where = `${where}.${k}`;
  }
  return cur;
}

/** Optional fields: a wrong type or missing value reads as the default. */
export const optStr = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);
export const optNum = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
export const optBool = (v: unknown, d = false): boolean => (typeof v === 'boolean' ? v : d);
export const optNullableStr = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function reqStr(o: Obj, key: string, where: string): string {
  const v = o[key];
  if (typeof v !== 'string' || v === '') throw new DecodeError(`${where}.${key}: expected a non-empty string`);
  return v;
}
