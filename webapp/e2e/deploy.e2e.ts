// The shop as operators run it (docs/deploy.md): nginx over TLS in front of two `esim serve`
// replicas in production mode, one sandbox as their provider. A traveller buys an eSIM
// while nginx spreads the requests over both replicas; HSTS is sent; the client address
// reaches the logs only from the trusted proxy; the sandbox's admin pages cannot be reached
// through the proxy; each replica restarts under load and no request fails.
import https from 'node:https';
import process from 'node:process';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, viewports, watchForApp } from './harness/browser';
import { SHOP_HOST, shopRequest, request, startDeployment, type Deployment } from './harness/deploy';
import { uniqueEmail } from './harness/sandbox';
import { findTurkeyAndContinue, payOnSandbox, seeEsimWithQR, signUpInCheckout } from './harness/steps';

let d: Deployment;
let browser: Browser;

beforeAll(async () => {
  d = await startDeployment();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // The public name resolves to this machine; the certificate is the test's own.
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1`, '--ignore-certificate-errors'],
    timeout: 30_000,
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await d?.stop();
});

/** withOutput adds the processes' output to a failing assertion's message. */
async function withOutput(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    (err as Error).message += `\n${d.output().slice(-8000)}`;
    throw err;
  }
}

describe('behind nginx', () => {
  it('a traveller buys an eSIM while nginx spreads the requests over both replicas', { timeout: 120_000 }, () =>
    withOutput(async () => {
      const before = d.replicas.map((r) => r.requests().length);
      const context = await browser.newContext({ baseURL: d.url, viewport: viewports.desktop, ignoreHTTPSErrors: true });
      context.setDefaultTimeout(15_000);
      context.setDefaultNavigationTimeout(20_000);
      await watchForApp(context);
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      try {
        await findTurkeyAndContinue(page);
        // The codes are read from the sandbox's mailbox directly, as its operator would.
        await signUpInCheckout(page, d.sandboxURL, uniqueEmail('deploy'));
        const result = await payOnSandbox(page, '4242 4242 4242 4242');
        expect(result.origin).toBe(d.url);
        expect(result.searchParams.get('success')).toBe('true');
        await page.getByRole('heading', { name: 'Payment Success' }).waitFor();
        await page.getByRole('link', { name: 'View eSIM' }).click();
        await page.waitForURL(/\/profile$/);
        expect(await seeEsimWithQR(page)).toMatch(/^\d{18,22}$/);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
      const served = d.replicas.map((r, i) => r.requests().length - (before[i] ?? 0));
      expect(served.every((n) => n > 0), `requests served by each replica: ${served.join(', ')}`).toBe(true);
    }),
  );

  it('sends HSTS over https, and plain http redirects to https', () =>
    withOutput(async () => {
      for (const p of ['/', '/plans', '/config.json']) {
        const res = await shopRequest(d, p);
        expect(res.status).toBe(200);
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
      }
      const plain = await request(`http://127.0.0.1:${d.httpPort}/plans`, { headers: { Host: SHOP_HOST } });
      expect(plain.status).toBe(301);
      expect(plain.headers.location).toBe(`https://${SHOP_HOST}/plans`);
    }),
  );

  it('logs the client address only when the trusted proxy forwarded it', () =>
    withOutput(async () => {
      const probe = `/deploy-probe-${Date.now().toString(36)}`;
      // Through nginx from 127.0.0.2, claiming another address: nginx appends what it saw.
      const viaProxy = await shopRequest(d, `${probe}-proxy`, { localAddress: '127.0.0.2', headers: { 'X-Forwarded-For': '203.0.113.7' } });
      expect(viaProxy.status).toBe(200);
      // Straight to a replica from 127.0.0.3 with the same kind of claim: not a trusted proxy.
      const direct = await request(`http://127.0.0.1:${d.replicas[0]?.port}${probe}-direct`, {
        localAddress: '127.0.0.3',
        headers: { Host: SHOP_HOST, 'X-Forwarded-For': '198.51.100.9', 'X-Real-IP': '198.51.100.10' },
      });
      expect(direct.status).toBe(200);

      // A replica logs a request once it has answered: the line may arrive just after the answer.
      const clientsOf = (p: string) =>
        d.replicas
          .flatMap((r) => r.requests())
          .filter((l) => l.path === p)
          .map((l) => l.client);
      await expect.poll(() => clientsOf(`${probe}-proxy`)).toEqual(['127.0.0.2']);
      await expect.poll(() => clientsOf(`${probe}-direct`)).toEqual(['127.0.0.3']);
      const logs = d.replicas.map((r) => r.output()).join('\n');
      for (const claimed of ['203.0.113.7', '198.51.100.9', '198.51.100.10']) expect(logs).not.toContain(claimed);
    }),
  );

  it('the sandbox admin pages cannot be reached through the proxy', () =>
    withOutput(async () => {
      const attempts: { path: string; method?: string; headers?: Record<string, string>; body?: string }[] = [
        { path: '/sandbox/mailbox.json' },
        { path: '/sandbox/mailbox' },
        { path: '/sandbox/audit.json' },
        { path: '/sandbox/mailbox.json', headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Real-IP': '127.0.0.1' } },
        { path: '/sandbox/faults', method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"path":"catalog/countries","status":500}' },
      ];
      for (const a of attempts) {
        const res = await shopRequest(d, a.path, a);
        expect(res.status, `${a.method ?? 'GET'} ${a.path}: ${res.body.slice(0, 200)}`).toBe(403);
      }
      // The same page directly on loopback is open: the proxy is what closes it.
      const direct = await request(`${d.sandboxURL}/sandbox/mailbox.json`);
      expect(direct.status).toBe(200);
      // A name nginx does not serve never reaches a replica.
      const rebound = await shopRequest(d, '/sandbox/mailbox.json', { headers: { Host: 'rebind.attacker.example' } }).catch((e: Error) => e);
      expect(rebound instanceof Error || rebound.status !== 200).toBe(true);
    }),
  );

  it('a replica restarts under load and no request fails', { timeout: 120_000 }, () =>
    withOutput(async () => {
      const agent = new https.Agent({ keepAlive: true, maxSockets: 4 });
      const failures: string[] = [];
      let ok = 0;
      let running = true;
      const paths = ['/', '/config.json', '/plans', '/healthz'];
      const worker = async (w: number) => {
        for (let i = w; running; i++) {
          const p = paths[i % paths.length] ?? '/';
          try {
            const res = await shopRequest(d, p, { agent });
            if (res.status === 200) ok++;
            else failures.push(`${p}: ${res.status} ${res.body.slice(0, 120)}`);
          } catch (err) {
            failures.push(`${p}: ${(err as Error).message}`);
          }
        }
      };
      const workers = [0, 1, 2, 3].map(worker);
      try {
        for (const r of d.replicas) {
          const servedBefore = r.requests().length;
          const code = await r.restart();
          // Graceful: SIGTERM drained the requests in flight and the process exited 0.
          expect(code).toBe(0);
          expect(r.output()).toContain('"msg":"stopped"');
          // Back in rotation before the next one goes down.
          const deadline = Date.now() + 20_000;
          while (r.requests().length <= servedBefore + 5 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
        }
      } finally {
        running = false;
        await Promise.all(workers);
        agent.destroy();
      }
      expect(failures).toEqual([]);
      expect(ok).toBeGreaterThan(50);
    }),
  );
});
