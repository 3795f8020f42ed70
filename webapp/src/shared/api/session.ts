/** localStorage keys of spec sections 3 and 9. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  isGuest: 'isGuest',
  primaryProfileId: 'primaryProfileId',
} as const;

export type GuestFlag = 'true' | 'false' | '';

export type Session = {
  token: string;
  refreshToken: string;
  /** 'true' for a guest, 'false' for a registered customer, '' when no flag is stored. */
  isGuest: GuestFlag;
  primaryProfileId: string;
};

const EMPTY: Session = { token: '', refreshToken: '', isGuest: '', primaryProfileId: '' };

/** A registered customer: a token and the flag 'false' (spec section 4). */
export const isRegistered = (s: Session): boolean => s.token !== '' && s.isGuest === 'false';

type Listener = () => void;

/**
 * SessionStore keeps the session in localStorage under the spec's keys and tells
 * subscribers when it changes (in this tab or another). The snapshot object only changes
 * when a value does, as useSyncExternalStore requires.
 */
export class SessionStore {
  private readonly listeners = new Set<Listener>();
  private snapshot: Session;

  /** storage is where the session lives; the device's other per-customer data lives there too. */
  constructor(readonly storage: Storage) {
    this.snapshot = this.read();
  }

  private read(): Session {
    const get = (k: string) => {
      try {
        return this.storage.getItem(k) ?? '';
      } catch {
        return '';
      }
    };
    const flag = get(STORAGE_KEYS.isGuest);
    return {
      token: get(STORAGE_KEYS.token),
      refreshToken: get(STORAGE_KEYS.refreshToken),
      isGuest: flag === 'true' || flag === 'false' ? flag : '',
      primaryProfileId: get(STORAGE_KEYS.primaryProfileId),
    };
  }

  private refresh(): void {
    const next = this.read();
    const prev = this.snapshot;
    if (
      next.token === prev.token &&
      next.refreshToken === prev.refreshToken &&
      next.isGuest === prev.isGuest &&
      next.primaryProfileId === prev.primaryProfileId
    ) {
      return;
    }
    this.snapshot = next;
    for (const l of this.listeners) l();
  }

  load = (): Session => this.snapshot;

  /**
   * current reads the session from storage now: another tab may have changed it since the
   * last storage event reached this one (the refresh lock hands over before that event).
   */
  current(): Session {
    this.refresh();
    return this.snapshot;
  }

  /** save writes the given fields; an empty string removes the key. */
  save(patch: Partial<Session>): void {
    for (const [field, key] of Object.entries(STORAGE_KEYS) as [keyof Session, string][]) {
      const v = patch[field];
      if (v === undefined) continue;
      if (v === '') this.storage.removeItem(key);
      else this.storage.setItem(key, v);
    }
    this.refresh();
  }

  /** clear is logout: the flag, both tokens and the profile id go (spec section 4). */
  clear(): void {
    this.save(EMPTY);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || Object.values<string>(STORAGE_KEYS).includes(e.key)) this.refresh();
    };
    const win = typeof window === 'undefined' ? undefined : window;
    win?.addEventListener('storage', onStorage);
    return () => {
      this.listeners.delete(listener);
      win?.removeEventListener('storage', onStorage);
    };
  };
}
