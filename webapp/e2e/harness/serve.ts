// Starts `esim serve` with the sandbox on a free port and stops it again, both bounded in time.
import { spawn } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Shop {
  /** Origin of the shop, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  /** Everything the server printed, for a failing test's message. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServeOptions {
  binary?: string;
  dist?: string;
  /** Extra flags, e.g. ['--token-lifetime', '1m']. */
  args?: string[];
  startTimeoutMs?: number;
}

/** startShop runs `esim serve --addr 127.0.0.1:0` and waits for its /healthz. */
export async function startShop(opts: ServeOptions = {}): Promise<Shop> {
  const binary = opts.binary ?? process.env.ESIM_BIN ?? path.join(webapp, '..', '.bin', 'esim');
  const dist = opts.dist ?? process.env.ESIM_WEBAPP_DIST ?? path.join(webapp, 'dist');
  const child = spawn(binary, ['serve', '--webapp', dist, '--addr', '127.0.0.1:0', ...(opts.args ?? [])], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Only what the shop needs: no ESIM_* from the developer's shell changes the run.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const onData = (b: Buffer) => {
    out += b.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const done = await Promise.race([exited.then(() => true), delay(5_000).then(() => false)]);
    if (!done) {
      child.kill('SIGKILL');
      await Promise.race([exited, delay(2_000)]);
    }
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 20_000);
  let url = '';
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`esim serve exited with ${child.exitCode}`);
      url ||= /Shop: (http:\/\/[^\s/]+)\//.exec(out)?.[1] ?? '';
      if (url && (await healthy(url))) return { url, output: () => out, stop };
      await delay(50);
    }
    throw new Error('esim serve did not answer /healthz in time');
  } catch (err) {
    await stop();
    throw new Error(`start the shop (${binary}): ${(err as Error).message}\n${out}`, { cause: err });
  }
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return res.ok;
  } catch {
    return false;
  }
}
