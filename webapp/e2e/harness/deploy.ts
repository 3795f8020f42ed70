// A production deployment on this machine, as docs/deploy.md describes it: Debian's nginx
// terminating TLS (a self-signed certificate made here) in front of two `esim serve`
// replicas in production mode, whose provider is one `esim sandbox`. nginx runs the
// configuration of docs/deploy.md with only its addresses, ports and certificate paths
// replaced, plus locations that put the provider on the shop's origin (the sandbox answers
// no cross-origin requests; a real provider has its own origin).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const webapp = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repo = path.resolve(webapp, '..');

/** The shop's public name: nginx's server_name in docs/deploy.md. Chromium maps it to 127.0.0.1. */
export const SHOP_HOST = 'shop.example.com';

/** A running process with its output kept for assertions and failure messages. */
class Proc {
  private out = '';
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const onData = (b: Buffer) => {
      this.out += b.toString();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  }

  static start(name: string, binary: string, args: string[], env: Record<string, string> = {}): Proc {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    return new Proc(name, child);
  }

  output(): string {
    return this.out;
  }

  running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** waitFor waits until the output matches re and returns the match. */
  async waitFor(re: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = re.exec(this.out);
      if (m) return m;
      if (!this.running()) throw new Error(`${this.name} exited with ${this.child.exitCode}:\n${this.out}`);
      await delay(25);
    }
    throw new Error(`${this.name}: no ${String(re)} within ${timeoutMs} ms:\n${this.out}`);
  }

  /** stop sends SIGTERM and returns the exit code (SIGKILL after the grace period). */
  async stop(graceMs = 15_000): Promise<number | null> {
    if (!this.running()) return this.child.exitCode;
    this.child.kill('SIGTERM');
    const done = await Promise.race([this.exited.then(() => true), delay(graceMs).then(() => false)]);
    if (!done) {
      this.child.kill('SIGKILL');
      await this.exited;
      return null;
    }
    return this.child.exitCode;
  }
}

/** A request log line of a replica (--log-format json). */
export interface RequestLine {
  msg: string;
  method: string;
  path: string;
  status: number;
  client: string;
}

/** One `esim serve` replica on a fixed port (kept across restarts, as nginx's upstream names it). */
export class Replica {
  private proc: Proc;
  private earlier = '';

  constructor(
    private readonly start: (port: number) => Proc,
    readonly port: number,
    first: Proc,
  ) {
    this.proc = first;
  }

  /** output is everything every run of this replica printed. */
  output(): string {
    return this.earlier + this.proc.output();
  }

  requests(): RequestLine[] {
    return this.output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as RequestLine)
      .filter((l) => l.msg === 'request');
  }

  /** restart stops the replica gracefully (its exit code is returned) and starts it again on the same port. */
  async restart(): Promise<number | null> {
    const code = await this.proc.stop();
    this.earlier += this.proc.output();
    this.proc = this.start(this.port);
    await this.proc.waitFor(/Shop: http:\/\//);
    await waitHealthy(`http://127.0.0.1:${this.port}/healthz`);
    return code;
  }

  stop(): Promise<number | null> {
    return this.proc.stop();
  }
}

export interface Deployment {
  /** The shop's public origin, https://shop.example.com:PORT. */
  url: string;
  httpsPort: number;
  httpPort: number;
  /** The sandbox provider, reached directly on loopback (its mailbox, for the codes). */
  sandboxURL: string;
  replicas: Replica[];
  /** The self-signed certificate (PEM), to verify the proxy's TLS with. */
  cert: string;
  nginxConfig: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function waitHealthy(url: string, timeoutMs = 20_000, options: https.RequestOptions = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await request(url, options);
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await delay(50);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (${last})`);
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** request sends one request with node's http(s) client (options: headers, method, localAddress, ca...). */
export function request(url: string, options: https.RequestOptions & { body?: string } = {}): Promise<Answer> {
  const u = new URL(url);
  const client = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(u, { agent: false, timeout: 10_000, ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** makeCertificate writes a self-signed certificate for SHOP_HOST with Debian's openssl. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${SHOP_HOST}`,
      '-addext', `subjectAltName=DNS:${SHOP_HOST}`, '-keyout', key, '-out', cert],
    { stdio: 'pipe' },
  );
  return { cert, key };
}

/** The ```nginx block of docs/deploy.md. */
export function docsNginxConfig(): string {
  const md = readFileSync(path.join(repo, 'docs', 'deploy.md'), 'utf8');
  const m = /```nginx\n([\s\S]*?)```/.exec(md);
  if (!m?.[1]) throw new Error('docs/deploy.md has no ```nginx block');
  return m[1];
}

/** replaceAll replaces every `from` in text, and fails when there is none (the docs changed shape). */
function replaceAll(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`docs/deploy.md's nginx configuration no longer has ${JSON.stringify(from)}: update harness/deploy.ts`);
  return text.split(from).join(to);
}

/**
 * testConfig is docs/deploy.md's configuration with this machine's ports and paths, and
 * the provider (the sandbox) on the shop's origin: its API paths and the hosted checkout
 * (/sandbox/*, whose admin pages then must refuse whoever comes through the proxy).
 */
function testConfig(o: { dir: string; httpsPort: number; httpPort: number; replicaPorts: number[]; sandboxPort: number; cert: string; key: string }): string {
  let site = docsNginxConfig();
  site = replaceAll(site, '127.0.0.1:8081', `127.0.0.1:${o.replicaPorts[0]}`);
  site = replaceAll(site, '127.0.0.1:8082', `127.0.0.1:${o.replicaPorts[1]}`);
  site = replaceAll(site, 'listen 443 ', `listen 127.0.0.1:${o.httpsPort} `);
  site = replaceAll(site, 'listen 80', `listen 127.0.0.1:${o.httpPort}`);
  site = replaceAll(site, '/etc/ssl/esim/fullchain.pem', o.cert);
  site = replaceAll(site, '/etc/ssl/esim/privkey.pem', o.key);
  const provider = ['/api/', '/esim-service/', '/esim-check/', '/sandbox/']
    .map(
      (p) => `    location ${p} {
        proxy_pass http://127.0.0.1:${o.sandboxPort};
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header X-Forwarded-Host $http_host;
    }
`,
    )
    .join('\n');
  site = replaceAll(site, '    location / {', `${provider}\n    location / {`);
  const d = o.dir;
  return `daemon off;
worker_processes 1;
pid ${d}/nginx.pid;
error_log ${d}/error.log warn;
events { worker_connections 512; }
http {
    access_log ${d}/access.log;
    client_body_temp_path ${d}/client_body;
    proxy_temp_path ${d}/proxy;
    fastcgi_temp_path ${d}/fastcgi;
    uwsgi_temp_path ${d}/uwsgi;
    scgi_temp_path ${d}/scgi;
${site}
}
`;
}

/** startDeployment starts the sandbox, two replicas and nginx, and waits until the shop answers over TLS. */
export async function startDeployment(): Promise<Deployment> {
  const esim = process.env.ESIM_BIN ?? path.join(repo, '.bin', 'esim');
  const dist = process.env.ESIM_WEBAPP_DIST ?? path.join(webapp, 'dist');
  const nginxBin = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  const dir = mkdtempSync(path.join(tmpdir(), 'esim-deploy-'));
  const procs: Proc[] = [];
  const replicas: Replica[] = [];
  const stop = async () => {
    for (const r of replicas) await r.stop();
    for (const p of procs.reverse()) await p.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { cert, key } = makeCertificate(dir);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const url = `https://${SHOP_HOST}:${httpsPort}`;
    const constants = JSON.parse(readFileSync(path.join(repo, 'contract', 'constants.json'), 'utf8')) as {
      sandbox: Record<'clientId' | 'clientSecret' | 'guestUsername' | 'guestPassword' | 'apiPath' | 'supportPath' | 'esimCheckPath', string>;
    };
    const sb = constants.sandbox;

    // The provider: the sandbox behind the same nginx, trusting it for the client address and
    // the public origin of its checkout links.
    const sandbox = Proc.start('esim sandbox', esim, [
      'sandbox', '--addr', '127.0.0.1:0', '--trust-proxy', '127.0.0.1/32', '--shop-url', url, '--activation-delay', '1s',
    ]);
    procs.push(sandbox);
    const sandboxURL = (await sandbox.waitFor(/Sandbox provider on (http:\/\/[^\s]+)/))[1] ?? '';
    const sandboxPort = Number(new URL(sandboxURL).port);

    // The replicas: production mode, secrets in the environment as docs/deploy.md says.
    const env = {
      ESIM_CLIENT_ID: sb.clientId,
      ESIM_CLIENT_SECRET: sb.clientSecret,
      ESIM_GUEST_USERNAME: sb.guestUsername,
      ESIM_GUEST_PASSWORD: sb.guestPassword,
    };
    const startReplica = (port: number) =>
      Proc.start(`esim serve :${port}`, esim, [
        'serve', '--webapp', dist, '--addr', `127.0.0.1:${port}`, '--log-format', 'json',
        '--trust-proxy', '127.0.0.1/32', '--site-url', url, '--checkout-hosts', SHOP_HOST,
        '--api-url', `${url}${sb.apiPath}`, '--support-url', `${url}${sb.supportPath}`, '--esimcheck-url', `${url}${sb.esimCheckPath}`,
      ], env);
    for (let i = 0; i < 2; i++) {
      const first = startReplica(0);
      const port = Number((await first.waitFor(/Shop: http:\/\/127\.0\.0\.1:(\d+)\//))[1]);
      replicas.push(new Replica(startReplica, port, first));
      await waitHealthy(`http://127.0.0.1:${port}/healthz`);
    }

    const nginxConfig = testConfig({ dir, httpsPort, httpPort, replicaPorts: replicas.map((r) => r.port), sandboxPort, cert, key });
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig);
    const nginx = Proc.start('nginx', nginxBin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')]);
    procs.push(nginx);
    const certPEM = readFileSync(cert, 'utf8');
    await waitHealthy(`https://127.0.0.1:${httpsPort}/healthz`, 20_000, {
      servername: SHOP_HOST,
      ca: certPEM,
      headers: { Host: `${SHOP_HOST}:${httpsPort}` },
    });

    const output = () =>
      [
        `--- nginx\n${nginx.output()}${readIfExists(path.join(dir, 'error.log'))}`,
        `--- sandbox\n${sandbox.output()}`,
        ...replicas.map((r, i) => `--- replica ${i} (:${r.port})\n${r.output()}`),
      ].join('\n');
    return { url, httpsPort, httpPort, sandboxURL, replicas, cert: certPEM, nginxConfig, output, stop };
  } catch (err) {
    const out = procs.map((p) => `--- ${p.name}\n${p.output()}`).join('\n');
    await stop();
    throw new Error(`start the deployment: ${(err as Error).message}\n${out}`, { cause: err });
  }
}

function readIfExists(p: string): string {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return '';
  }
}

/**
 * shopRequest sends a request to the shop through nginx: TLS verified against the test's
 * certificate, SNI and Host the public name, from a chosen loopback address.
 */
export function shopRequest(
  d: Deployment,
  pathAndQuery: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string; agent?: https.Agent } = {},
): Promise<Answer> {
  return request(`https://127.0.0.1:${d.httpsPort}${pathAndQuery}`, {
    servername: SHOP_HOST,
    ca: d.cert,
    method: options.method ?? 'GET',
    headers: { Host: `${SHOP_HOST}:${d.httpsPort}`, ...options.headers },
    body: options.body,
    localAddress: options.localAddress,
    ...(options.agent ? { agent: options.agent } : {}),
  });
}
