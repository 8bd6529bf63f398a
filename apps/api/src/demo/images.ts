import { formatBRL } from '@backoffice/contract';
import sharp from 'sharp';
import type { Random } from './random';
import type { Category } from './world/catalogue-kinds';

/**
 * Pictures of the demo, drawn as SVG and encoded by sharp as small JPEGs (300×300, the size the spec
 * gives for product images): a coloured background by category, a simple drawing of the kind of
 * product, and its brand and name.
 */

const BACKGROUNDS: Record<Category, [string, string]> = {
  phone: ['#0f172a', '#1e40af'],
  case: ['#831843', '#db2777'],
  film: ['#134e4a', '#0d9488'],
  charger: ['#78350f', '#f59e0b'],
  cable: ['#3f3f46', '#71717a'],
  power: ['#14532d', '#22c55e'],
  audio: ['#312e81', '#7c3aed'],
  speaker: ['#7f1d1d', '#ef4444'],
  memory: ['#1e293b', '#0ea5e9'],
  holder: ['#422006', '#a16207'],
};

const GLYPHS: Record<Category, string> = {
  phone:
    '<rect x="112" y="34" width="76" height="140" rx="14" fill="#0b1120" stroke="#e2e8f0" stroke-width="4"/><rect x="119" y="48" width="62" height="112" rx="5" fill="#60a5fa"/><circle cx="150" cy="41" r="2.5" fill="#e2e8f0"/>',
  case: '<rect x="110" y="34" width="80" height="142" rx="18" fill="none" stroke="#fdf2f8" stroke-width="8"/><rect x="122" y="44" width="26" height="30" rx="8" fill="#fdf2f8" opacity="0.8"/>',
  film: '<rect x="108" y="34" width="84" height="140" rx="12" fill="#ccfbf1" opacity="0.35" stroke="#f0fdfa" stroke-width="3"/><line x1="118" y1="150" x2="180" y2="60" stroke="#f0fdfa" stroke-width="4" opacity="0.8"/>',
  charger:
    '<rect x="115" y="70" width="70" height="80" rx="12" fill="#fffbeb"/><rect x="133" y="40" width="8" height="32" fill="#fde68a"/><rect x="159" y="40" width="8" height="32" fill="#fde68a"/><path d="M152 86 l-14 26 h12 l-4 22 l18 -30 h-12 z" fill="#f59e0b"/>',
  cable:
    '<path d="M90 150 C 120 40, 180 200, 210 70" fill="none" stroke="#f4f4f5" stroke-width="8" stroke-linecap="round"/><rect x="200" y="48" width="20" height="30" rx="4" fill="#f4f4f5"/><rect x="80" y="146" width="20" height="30" rx="4" fill="#f4f4f5"/>',
  power:
    '<rect x="100" y="50" width="100" height="120" rx="16" fill="#f0fdf4"/><rect x="118" y="70" width="64" height="16" rx="4" fill="#22c55e"/><rect x="118" y="94" width="64" height="16" rx="4" fill="#22c55e"/><rect x="118" y="118" width="64" height="16" rx="4" fill="#86efac"/>',
  audio:
    '<path d="M100 140 v-30 a50 50 0 0 1 100 0 v30" fill="none" stroke="#ede9fe" stroke-width="10"/><rect x="88" y="120" width="28" height="50" rx="10" fill="#ede9fe"/><rect x="184" y="120" width="28" height="50" rx="10" fill="#ede9fe"/>',
  speaker:
    '<rect x="95" y="60" width="110" height="110" rx="26" fill="#fef2f2"/><circle cx="150" cy="115" r="34" fill="#ef4444"/><circle cx="150" cy="115" r="12" fill="#7f1d1d"/>',
  memory:
    '<path d="M120 40 h50 l20 20 v110 h-70 z" fill="#f1f5f9"/><rect x="130" y="52" width="6" height="20" fill="#0ea5e9"/><rect x="142" y="52" width="6" height="20" fill="#0ea5e9"/><rect x="154" y="52" width="6" height="20" fill="#0ea5e9"/>',
  holder:
    '<rect x="120" y="40" width="60" height="100" rx="10" fill="none" stroke="#fef3c7" stroke-width="6"/><rect x="144" y="140" width="12" height="40" fill="#fef3c7"/><rect x="120" y="178" width="60" height="8" rx="4" fill="#fef3c7"/>',
};

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Splits a name into at most `maxLines` lines of about `width` characters. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

export async function productPicture(p: { name: string; brand: string; category: Category }): Promise<Buffer> {
  const [from, to] = BACKGROUNDS[p.category];
  const lines = wrap(p.name, 26, 3);
  const text = lines
    .map(
      (line, i) =>
        `<text x="150" y="${232 + i * 19}" font-family="DejaVu Sans, sans-serif" font-size="15" fill="#f8fafc" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>
${GLYPHS[p.category]}
<text x="150" y="210" font-family="DejaVu Sans, sans-serif" font-size="20" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(p.brand.toUpperCase())}</text>
${text}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A bank-transfer / Pix receipt as a phone screenshot would show it. */
export async function receiptPicture(
  index: number,
  rng: Random,
  company: { name: string; cnpj: string },
): Promise<Buffer> {
  const kind = index % 2 === 0 ? 'Pix' : 'Transferência (TED)';
  const bank = ['Nubank', 'Itaú', 'Bradesco', 'Banco do Brasil', 'Caixa', 'Inter'][index % 6] ?? 'Nubank';
  const amount = formatBRL(rng.int(8_000, 480_000) / 100);
  const id = `E${rng.digits(8)}${rng.digits(8)}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="420">
<rect width="300" height="420" fill="#ffffff"/>
<rect width="300" height="64" fill="#4c1d95"/>
<text x="20" y="40" font-family="DejaVu Sans, sans-serif" font-size="18" font-weight="bold" fill="#fff">${escapeXml(bank)}</text>
<text x="20" y="100" font-family="DejaVu Sans, sans-serif" font-size="15" fill="#111827">Comprovante de ${escapeXml(kind)}</text>
<text x="20" y="140" font-family="DejaVu Sans, sans-serif" font-size="26" font-weight="bold" fill="#111827">${amount}</text>
<text x="20" y="185" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#6b7280">Destino</text>
<text x="20" y="203" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#111827">${escapeXml(company.name)}</text>
<text x="20" y="235" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#6b7280">CNPJ</text>
<text x="20" y="253" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#111827">${escapeXml(company.cnpj)}</text>
<text x="20" y="285" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#6b7280">ID da transação</text>
<text x="20" y="303" font-family="DejaVu Sans Mono, monospace" font-size="12" fill="#111827">${id}</text>
<line x1="20" y1="330" x2="280" y2="330" stroke="#e5e7eb" stroke-width="2"/>
<text x="150" y="370" font-family="DejaVu Sans, sans-serif" font-size="13" fill="#16a34a" text-anchor="middle">Transferência concluída</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A customer's signature on the courier's phone. */
export async function signaturePicture(rng: Random): Promise<Buffer> {
  let d = `M ${rng.int(30, 50)} ${rng.int(90, 110)}`;
  for (let x = 60; x < 270; x += rng.int(14, 26)) {
    d += ` Q ${x - 6} ${rng.int(40, 160)} ${x} ${rng.int(80, 120)}`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="160">
<rect width="300" height="160" fill="#ffffff"/>
<line x1="20" y1="130" x2="280" y2="130" stroke="#9ca3af" stroke-width="1"/>
<path d="${d}" fill="none" stroke="#1e3a8a" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
<text x="150" y="150" font-family="DejaVu Sans, sans-serif" font-size="10" fill="#6b7280" text-anchor="middle">Assinatura do recebedor</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A packed box on the counter, with the shop's tape. */
export async function packagingPicture(rng: Random): Promise<Buffer> {
  const w = rng.int(150, 200);
  const h = rng.int(100, 140);
  const x = 150 - w / 2;
  const y = 160 - h / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300">
<rect width="300" height="300" fill="#e7e5e4"/>
<rect x="0" y="220" width="300" height="80" fill="#a8a29e"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#c08a52" stroke="#8b5a2b" stroke-width="3"/>
<rect x="${x}" y="${y + h / 2 - 10}" width="${w}" height="20" fill="#1d4ed8" opacity="0.85"/>
<text x="150" y="${y + h / 2 + 5}" font-family="DejaVu Sans, sans-serif" font-size="12" font-weight="bold" fill="#fff" text-anchor="middle">CONECTA CELL</text>
<rect x="${x + 12}" y="${y + 12}" width="70" height="30" fill="#fff"/>
<text x="${x + 18}" y="${y + 31}" font-family="DejaVu Sans Mono, monospace" font-size="11" fill="#111">FRÁGIL</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
