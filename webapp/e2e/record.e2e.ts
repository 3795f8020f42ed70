// QA's loop on the web shop (issue 20): a traveller's purchase is recorded through
// `esim record` in front of the shop on the sandbox, then the same journey passes again on
// the recording alone (`esim serve --replay`, strict: a request the recording lacks would
// be a 404), with the sandbox stopped. No recorded file holds a token, code or secret.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { contract } from '../src/shared/contract/contract';
import { openTab, sharedBrowser, shootOnFailure } from './harness/browser';
import { startRecorder } from './harness/record';
import { startShop } from './harness/serve';
import { findTurkeyAndContinue, payOnSandbox, seeEsimWithQR, signUpInCheckout } from './harness/steps';

const browser = sharedBrowser();
const email = 'rana.recorded@e2e.cedarsim.example';

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function files(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(root, { withFileTypes: true })) {
    const p = path.join(root, e.name);
    if (e.isDirectory()) out.push(...(await files(p)));
    else out.push(p);
  }
  return out;
}

/**
 * purchase is the journey: Turkey, the compatibility popup, sign-up with the mailed code,
 * pay, the eSIM with its QR. The code is read from the mailbox at `mailbox` (through a
 * proxy the sandbox's admin pages need the admin token, so the recording run reads the
 * sandbox's own).
 */
async function purchase(shop: string, mailbox = shop): Promise<{ iccid: string; tokens: string[] }> {
  const { context, page, pageErrors } = await openTab(browser(), shop);
  shootOnFailure(page, 'record-replay');
  try {
    await findTurkeyAndContinue(page);
    await signUpInCheckout(page, mailbox, email);
    const result = await payOnSandbox(page, '4242 4242 4242 4242');
    expect(result.searchParams.get('success')).toBe('true');
    await page.getByRole('heading', { name: 'Payment Success' }).waitFor();
    await page.getByRole('link', { name: 'View eSIM' }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByText('Welcome Rana Haddad').waitFor();
    const iccid = await seeEsimWithQR(page);
    expect(pageErrors).toEqual([]);
    return { iccid, tokens: await storedTokens(page) };
  } finally {
    await context.close();
  }
}

const storedTokens = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('token') ?? '', localStorage.getItem('refreshToken') ?? ''].filter((t) => t !== ''));

describe('QA records a web purchase and replays it', () => {
  it('records through esim record, then passes again on the recording in strict replay', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'esim-record-'));
    const shop = await startShop({ args: ['--activation-delay', '1s'] });
    let live: { iccid: string; tokens: string[] };
    try {
      const recorder = await startRecorder(dir, shop.url);
      try {
        live = await purchase(recorder.url, shop.url);
      } finally {
        expect(await recorder.stop()).toBe(0);
      }
    } finally {
      await shop.stop();
    }
    expect(live.tokens.length).toBe(2);

    // Nothing secret reached the disk: tokens (a JWT's signature), the client secret, the
    // guest password, the card number typed (the checkout page's own text names the test
    // cards; the form field is what is redacted).
    const recorded = await files(dir);
    expect(recorded.some((f) => f.includes(`${path.sep}checkout${path.sep}`))).toBe(true);
    const text = (await Promise.all(recorded.map((f) => readFile(f, 'utf8')))).join('\n');
    const secrets = [
      ...live.tokens.map((t) => (t.split('.').length === 3 ? (t.split('.')[2] ?? t) : t)),
      ...live.tokens,
      contract.sandbox.clientSecret,
      contract.sandbox.guestPassword,
      'cardNumber=4242',
    ];
    for (const s of secrets) expect(text.includes(s), `a recorded file holds ${s.slice(0, 12)}…`).toBe(false);
    expect(text).toContain('cardNumber=REDACTED');

    // The sandbox is gone; the same journey runs on the recording alone.
    const replay = await startShop({ args: ['--replay', dir, '--replay-mode', 'strict'] });
    try {
      const again = await purchase(replay.url);
      expect(again.iccid).toBe(live.iccid);
      const report = (await (await fetch(`${replay.url}/sandbox/replay.json`)).json()) as { misses: { key: string }[] };
      expect(report.misses.map((m) => m.key)).toEqual([]);
    } finally {
      await replay.stop();
    }
  });
});
