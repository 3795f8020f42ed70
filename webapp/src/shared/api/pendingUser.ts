/**
 * The pending user id of spec section 3: stored while the customer enters the e-mail code,
 * removed once the code is verified. The spec names no key; docs/contract.md fixes it.
 */
export const PENDING_USER_KEY = 'pendingUserId';

const storageOf = (s?: Storage): Storage | undefined => s ?? (typeof window === 'undefined' ? undefined : window.localStorage);

export function storePendingUserId(userId: string, storage?: Storage): void {
  try {
    storageOf(storage)?.setItem(PENDING_USER_KEY, userId);
  } catch (err) {
    // Private mode or a full quota: the code page still has the id in its URL.
    console.warn('pending user id not stored', err instanceof Error ? err.message : err);
  }
}

export function pendingUserId(storage?: Storage): string {
  try {
    return storageOf(storage)?.getItem(PENDING_USER_KEY) ?? '';
  } catch {
    return '';
  }
}

export function clearPendingUserId(storage?: Storage): void {
  try {
    storageOf(storage)?.removeItem(PENDING_USER_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
