// Build-time compression of the shop (issue 21 item 11): every text file of the build gets a
// brotli (.br) and a gzip (.gz) copy beside it, made once at the highest levels, so neither
// `esim serve` nor nginx (gzip_static, brotli_static) compresses anything per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The extensions worth compressing: text formats (images other than SVG are compressed already). */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.ico', '.map']);

/** Below this size a compressed copy saves less than the headers it costs (the server's threshold too). */
export const MIN_SIZE = 1024;

export type Compressed = { file: string; br: number; gz: number; raw: number };

/**
 * precompressFile writes file.br and file.gz when the file is compressible, at least
 * MIN_SIZE bytes, and each copy is smaller than the file; a copy that is not is removed,
 * so the server never picks a stale one.
 */
export function precompressFile(file: string): Compressed | null {
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) return null;
  const raw = readFileSync(file);
  if (raw.length < MIN_SIZE) return null;
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  const out: Compressed = { file, raw: raw.length, br: 0, gz: 0 };
  if (br.length < raw.length) {
    writeFileSync(`${file}.br`, br);
    out.br = br.length;
  }
  if (gz.length < raw.length) {
    writeFileSync(`${file}.gz`, gz);
    out.gz = gz.length;
  }
  return out;
}

/** precompressDir compresses every file under dir (not the copies themselves). */
export function precompressDir(dir: string): Compressed[] {
  const done: Compressed[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) {
        // Vite's own bookkeeping (the build manifest) is not served.
        if (name !== '.vite') walk(p);
      } else if (!name.endsWith('.br') && !name.endsWith('.gz')) {
        const c = precompressFile(p);
        if (c) done.push(c);
      }
    }
  };
  walk(dir);
  return done;
}

/** The Vite plugin: compresses the client build once everything (the service worker too) is written. */
export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'esim:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
      ssr = Boolean(c.build.ssr);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (ssr) return;
        precompressDir(outDir);
      },
    },
  };
}
