// Starts `esim record` in front of a server laid out like the sandbox, and stops it with
// SIGINT so it writes what is left (docs/qa.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Recorder {
  /** Origin of the recording proxy, e.g. http://127.0.0.1:40123. */
  url: string;
  output: () => string;
  /** SIGINT, then the exit code (0: every exchange is on disk). */
  stop: () => Promise<number | null>;
}

/** startRecorder runs `esim record --out dir --upstream upstream --addr 127.0.0.1:0`. */
export async function startRecorder(dir: string, upstream: string, args: string[] = []): Promise<Recorder> {
  const binary = process.env.ESIM_BIN ?? path.join(webapp, '..', '.bin', 'esim');
  const child = spawn(binary, ['record', '--out', dir, '--upstream', upstream, '--addr', '127.0.0.1:0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
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
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGINT');
    const code = await Promise.race([exited, delay(10_000).then(() => undefined)]);
    if (code === undefined) {
      child.kill('SIGKILL');
      throw new Error(`esim record did not stop on SIGINT:\n${out}`);
    }
    return code;
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const url = /through (http:\/\/[^\s/]+)/.exec(out)?.[1];
    if (url) return { url, output: () => out, stop };
    await delay(50);
  }
  await stop().catch(() => undefined);
  throw new Error(`esim record did not start:\n${out}`);
}
