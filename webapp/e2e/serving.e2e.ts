// How the built shop is served (issue 21 items 9 and 11): the production build carries no
// MSW worker, and `esim serve` sends the build's compressed copies with strong ETags, long
// caching for hashed assets, revalidation for pages, and 304 when the browser has the file.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';

const shopURL = inject('shopURL');
const dist = process.env.ESIM_WEBAPP_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** The app's entry script index.html loads (the last module script: rolldown's runtime may come first). */
function entryScript(): string {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const src = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].at(-1)?.[1];
  if (!src) throw new Error('dist/index.html has no module script');
  return src;
}

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** rawGet fetches without decoding (fetch() would undo the Content-Encoding under test). */
function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (b: Buffer) => parts.push(b));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the built shop as served', () => {
  it('ships no MSW worker', async () => {
    expect(existsSync(path.join(dist, 'mockServiceWorker.js')), 'dist/mockServiceWorker.js').toBe(false);
    const res = await fetch(`${shopURL}/mockServiceWorker.js`);
    expect(res.status).toBe(404);
  });

  it('sends the entry script compressed at build time, immutable, with a strong ETag and 304 on revalidation', async () => {
    const src = entryScript();
    const plain = readFileSync(path.join(dist, src));
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await rawGet(`${shopURL}${src}`, { 'Accept-Encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('Accept-Encoding');
      // The copy made at build time, byte for byte, and it decodes to the file.
      expect(res.body.equals(readFileSync(path.join(dist, `${src}.${encoding === 'br' ? 'br' : 'gz'}`)))).toBe(true);
      expect(decode(res.body).equals(plain)).toBe(true);
      const etag = res.headers.etag ?? '';
      expect(etag).toMatch(/^"[^"]+"$/);
      const again = await rawGet(`${shopURL}${src}`, { 'Accept-Encoding': encoding, 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('revalidates pages: no-cache, an ETag, 304 when unchanged', async () => {
    const res = await rawGet(`${shopURL}/plans`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = res.headers.etag ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await rawGet(`${shopURL}/plans`, { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
  });
});
