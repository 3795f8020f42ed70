// The sandbox's developer endpoints: the mailbox (e-mail codes) and fault injection.
import { setTimeout as delay } from 'node:timers/promises';

interface Mail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
  code?: string;
}

async function getJSON<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * mailboxCode waits for a code mailed to `to` after `since` (the sandbox lists newest first)
 * and returns it. A code sent before `since` is never returned, so a resend is not confused
 * with the first mail; `not` skips a code already used (a resend within the slack).
 */
export async function mailboxCode(shop: string, to: string, since: Date, opts: { not?: string; timeoutMs?: number } = {}): Promise<string> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { messages } = await getJSON<{ messages: Mail[] }>(`${shop}/sandbox/mailbox.json?to=${encodeURIComponent(to)}`);
    // The sandbox clock and ours are the same machine's; a little slack covers rounding.
    const fresh = messages.find((m) => m.code && m.code !== opts.not && Date.parse(m.sentAt) >= since.getTime() - 250);
    if (fresh?.code) return fresh.code;
    await delay(100);
  }
  throw new Error(`no code mailed to ${to} within ${timeoutMs} ms`);
}

/** mailsTo lists the mails sent to an address, newest first. */
export async function mailsTo(shop: string, to: string): Promise<Mail[]> {
  return (await getJSON<{ messages: Mail[] }>(`${shop}/sandbox/mailbox.json?to=${encodeURIComponent(to)}`)).messages;
}

async function postFault(shop: string, body: object): Promise<void> {
  const res = await fetch(`${shop}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok) throw new Error(`POST /sandbox/faults ${JSON.stringify(body)}: ${res.status} ${await res.text()}`);
}

/** expireTokens makes every access token the sandbox issued so far invalid. */
export const expireTokens = (shop: string) => postFault(shop, { expireTokens: true });

/** clearFaults removes every injected fault. */
export async function clearFaults(shop: string): Promise<void> {
  const res = await fetch(`${shop}/sandbox/faults`, { method: 'DELETE', signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`DELETE /sandbox/faults: ${res.status}`);
}

/** uniqueEmail gives each journey its own customer, so journeys never share state. */
export const uniqueEmail = (who: string) =>
  `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.cedarsim.example`;
