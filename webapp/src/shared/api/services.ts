import type { RuntimeConfig } from '@/shared/config/config';
import { createShopApi } from './api';
import type { ApiServices } from './ApiContext';
import { ApiClient } from './client';
import { SessionStore } from './session';

/**
 * connectApi wires the client on the session store and the typed calls. This module (the
 * client, the calls and their decoders) is a chunk of its own: the app frame needs only the
 * session store, so main.tsx downloads it alongside the configuration (docs/performance.md).
 */
export function connectApi(config: RuntimeConfig, store: SessionStore, fetchFn?: typeof fetch): ApiServices {
  const client = new ApiClient({ config, store, fetch: fetchFn });
  return { client, api: createShopApi(client) };
}

/** createApiServices is connectApi on a new session store in storage (tests, stories). */
export function createApiServices(config: RuntimeConfig, storage: Storage = window.localStorage, fetchFn?: typeof fetch): ApiServices {
  return connectApi(config, new SessionStore(storage), fetchFn);
}
