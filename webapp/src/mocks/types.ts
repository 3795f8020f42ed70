import type { Service } from './har';

/** One recorded answer, with its match key computed by the generator. */
export type FixtureEntry = {
  call: string;
  key: string;
  service: Service;
  method: string;
  path: string;
  query: string;
  grantType: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
};

/** One HAR file: a call's scenario, possibly chaining other calls (401, refresh, retry). */
export type FixtureScenario = { file: string; call: string; scenario: string; entries: FixtureEntry[] };
