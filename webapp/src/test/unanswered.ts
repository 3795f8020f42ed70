import { scenariosOf } from '@/mocks/handlers';

/** A request to a provider host that no handler of the story answered. */
export type UnansweredRequest = {
  method: string;
  url: string;
  /** The calls (operationIds) the request may be, by the fixtures' matching rules; empty when none. */
  calls: string[];
};

const quoted = (xs: string[]) => xs.map((x) => `'${x}'`).join(' | ');

/** What one unanswered request is, and what its call can be answered with. */
function line({ method, url, calls }: UnansweredRequest): string {
  if (calls.length === 0) return `- ${method} ${url}: no recorded call matches it; answer it with an MSW handler in parameters.handlers.`;
  const which = calls.map((c) => {
    const scenarios = scenariosOf(c);
    return scenarios.length > 0 ? `${c} (recorded scenarios: ${quoted(scenarios)})` : `${c} (no recorded scenario)`;
  });
  return `- ${method} ${url}: ${which.join(' or ')}`;
}

/**
 * unansweredMessage is what a story with unanswered requests fails with, in the test output
 * and on the canvas: each request's call (operationId) and the scenarios recorded for it, and
 * the parameter to set, with an example taken from the first call.
 */
export function unansweredMessage(unsorted: readonly UnansweredRequest[]): string {
  // Tied calls in name order: listCountries before listCountries.areaList.
  const requests = unsorted.map((r) => ({ ...r, calls: [...r.calls].sort() }));
  const first = requests.find((r) => r.calls.length > 0)?.calls[0];
  const example = first ? `{ '${first}': '${scenariosOf(first)[0] ?? 'scenario'}' }` : `{ 'call': 'scenario' }`;
  return [
    `The story made ${requests.length === 1 ? 'a request' : `${requests.length} requests`} nothing answers:`,
    ...requests.map(line),
    `Choose what the server answers for each call in parameters.fixtures, e.g.`,
    `  parameters: shopParameters({ fixtures: ${example} })`,
    `(a recorded scenario, an HTTP status such as 500, or 'pending'), or add an MSW handler to parameters.handlers.`,
  ].join('\n');
}
