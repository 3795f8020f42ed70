import type { KitEsim } from '@/shared/offline/installKit';

/** The words on the card, in the customer's language (the codes themselves stay as they are). */
export type CardTexts = {
  title: string;
  smdp: string;
  activationCode: string;
  iccid: string;
  plan: string;
  /** "Saved …" line; '' to leave out. */
  saved: string;
};

export type CardInput = { esim: KitEsim; brand: string; texts: CardTexts; dir: 'ltr' | 'rtl' };

const W = 800;
const PAD = 48;
const QR = 360;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";
const MONO = "ui-monospace, 'DejaVu Sans Mono', monospace";
const BRAND = '#0b5d4b';
const TEXT = '#1a1f23';
const MUTED = '#4b5563';

type Row = { label: string; value: string; mono: boolean };

/** rows lists what the card prints under the QR code: only what is known. */
export function cardRows(input: CardInput): Row[] {
  const { esim, texts } = input;
  const plans = esim.plans.map((p) => p.name).filter((n) => n !== '');
  const rows: Row[] = [
    { label: texts.smdp, value: esim.smdp, mono: true },
    { label: texts.activationCode, value: esim.activationCode, mono: true },
    { label: texts.iccid, value: esim.iccid, mono: true },
    { label: texts.plan, value: plans.join(', '), mono: false },
  ];
  return rows.filter((r) => r.value !== '');
}

/** wrap breaks text into lines no wider than max (codes have no spaces: break anywhere). */
function wrap(ctx: CanvasRenderingContext2D, text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line !== '' && ctx.measureText(line + ch).width > max) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  if (line !== '') lines.push(line);
  return lines;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the QR code image could not be read'));
    img.src = src;
  });
}

/**
 * drawInstallCard draws the eSIM's install card (brand, QR code, SM-DP+ address, activation
 * code, ICCID, plan names) on a canvas and returns it as a PNG. Everything is local: it works
 * offline from the saved kit.
 */
export async function drawInstallCard(input: CardInput, doc: Document = document): Promise<Blob> {
  const { esim, texts, dir } = input;
  const canvas = doc.createElement('canvas');
  const probe = canvas.getContext('2d');
  if (!probe) throw new Error('no 2D canvas in this browser');
  const rows = cardRows(input);
  const inner = W - 2 * PAD;

  // Measure first, to size the card to its content.
  probe.font = `600 30px ${MONO}`;
  const measured = rows.map((r) => {
    probe.font = r.mono ? `600 30px ${MONO}` : `600 28px ${FONT}`;
    return { ...r, lines: wrap(probe, r.value, inner) };
  });
  const head = PAD + 96;
  const qrBlock = esim.qrPng ? QR + 32 : 0;
  const rowsH = measured.reduce((h, r) => h + 34 + r.lines.length * 40 + 18, 0);
  const H = head + qrBlock + rowsH + (texts.saved ? 48 : 0) + PAD;
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas in this browser');
  ctx.direction = dir;
  const start = dir === 'rtl' ? W - PAD : PAD;
  ctx.textAlign = 'start';
  ctx.textBaseline = 'top';

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = BRAND;
  ctx.fillRect(0, 0, W, 12);

  ctx.fillStyle = BRAND;
  ctx.font = `700 40px ${FONT}`;
  ctx.fillText(input.brand, start, PAD);
  ctx.fillStyle = TEXT;
  ctx.font = `600 28px ${FONT}`;
  ctx.fillText(texts.title, start, PAD + 50);

  let y = head;
  if (esim.qrPng) {
    const img = await loadImage(`data:image/png;base64,${esim.qrPng}`);
    // Sharp modules: a QR code scales by whole pixels, never smoothed.
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(img, (W - QR) / 2, y, QR, QR);
    y += qrBlock;
  }
  for (const r of measured) {
    ctx.fillStyle = MUTED;
    ctx.font = `500 24px ${FONT}`;
    ctx.fillText(r.label, start, y);
    y += 34;
    ctx.fillStyle = TEXT;
    ctx.font = r.mono ? `600 30px ${MONO}` : `600 28px ${FONT}`;
    // Codes read left to right in every language.
    ctx.direction = r.mono ? 'ltr' : dir;
    ctx.textAlign = r.mono && dir === 'rtl' ? 'right' : 'start';
    for (const line of r.lines) {
      ctx.fillText(line, start, y);
      y += 40;
    }
    ctx.direction = dir;
    ctx.textAlign = 'start';
    y += 18;
  }
  if (texts.saved) {
    ctx.fillStyle = MUTED;
    ctx.font = `400 22px ${FONT}`;
    ctx.fillText(texts.saved, start, y + 12);
  }

  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the card could not be encoded as PNG'))), 'image/png');
  });
}

/** cardFileName is the download's name: the brand and the eSIM's ICCID. */
export const cardFileName = (brand: string, iccid: string): string =>
  `${brand.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'eSIM'}-install-card-${iccid}.png`;

/** downloadInstallCard draws the card and hands it to the browser as a file download. */
export async function downloadInstallCard(input: CardInput, doc: Document = document): Promise<Blob> {
  const blob = await drawInstallCard(input, doc);
  const url = URL.createObjectURL(blob);
  try {
    const a = doc.createElement('a');
    a.href = url;
    a.download = cardFileName(input.brand, input.esim.iccid);
    a.rel = 'noopener';
    doc.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return blob;
}
