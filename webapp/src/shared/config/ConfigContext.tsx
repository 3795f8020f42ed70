import { createContext, use, type ReactNode } from 'react';
import type { RuntimeConfig } from './config';

const ConfigContext = createContext<RuntimeConfig | null>(null);

export function ConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <ConfigContext value={config}>{children}</ConfigContext>;
}

/** useConfig returns the runtime configuration; it throws outside a ConfigProvider. */
export function useConfig(): RuntimeConfig {
  const config = use(ConfigContext);
  if (!config) throw new Error('useConfig: no ConfigProvider above this component');
  return config;
}
