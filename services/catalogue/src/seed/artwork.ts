import sharp from 'sharp';

/*
 * Demo images drawn here, not downloaded: a soft gradient, a few light circles, a simple motif, the
 * item's initial and its name. Calm colours that sit well with the web app's warm neutrals.
 */

export type Motif = 'stones' | 'leaf' | 'drop' | 'lotus' | 'waves' | 'candle' | 'jar' | 'hands';

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

export interface ArtworkSpec {
  title: string;
  caption: string;
  palette: Palette;
  motif: Motif;
  width: number;
  height: number;
  /** Varies the layout so two images of one item differ. */
  variant?: number;
}

const CREAM = '#fbf8f2';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function motifShape(motif: Motif, color: string): string {
  const stroke = `fill="none" stroke="${color}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"`;
  switch (motif) {
    case 'stones':
      return `<g fill="${color}">
        <ellipse cx="0" cy="70" rx="95" ry="28" opacity="0.95"/>
        <ellipse cx="0" cy="20" rx="72" ry="24" opacity="0.85"/>
        <ellipse cx="0" cy="-22" rx="52" ry="19" opacity="0.75"/>
        <ellipse cx="0" cy="-56" rx="32" ry="14" opacity="0.65"/></g>`;
    case 'leaf':
      return `<g ${stroke}><path d="M0 95 C -85 40 -75 -60 0 -100 C 75 -60 85 40 0 95 Z"/>
        <path d="M0 95 L0 -70"/><path d="M0 40 L-38 5 M0 10 L36 -22 M0 -20 L-28 -45"/></g>`;
    case 'drop':
      return `<g ${stroke}><path d="M0 -100 C 40 -40 70 0 70 40 A70 70 0 0 1 -70 40 C -70 0 -40 -40 0 -100 Z"/>
        <path d="M-32 45 A 34 34 0 0 0 0 78" opacity="0.7"/></g>`;
    case 'lotus':
      return `<g ${stroke}><path d="M0 60 C -30 20 -30 -40 0 -85 C 30 -40 30 20 0 60 Z"/>
        <path d="M0 60 C -50 40 -85 0 -90 -40 C -50 -35 -20 -10 0 60"/>
        <path d="M0 60 C 50 40 85 0 90 -40 C 50 -35 20 -10 0 60"/>
        <path d="M-110 75 Q 0 105 110 75"/></g>`;
    case 'waves':
      return `<g ${stroke}><path d="M-110 -40 q 27 -25 55 0 t 55 0 t 55 0 t 55 0"/>
        <path d="M-110 10 q 27 -25 55 0 t 55 0 t 55 0 t 55 0"/>
        <path d="M-110 60 q 27 -25 55 0 t 55 0 t 55 0 t 55 0"/></g>`;
    case 'candle':
      return `<g ${stroke}><rect x="-45" y="-10" width="90" height="110" rx="10"/>
        <path d="M0 -10 L0 -35"/><path d="M0 -45 C 18 -65 10 -85 0 -105 C -10 -85 -18 -65 0 -45 Z"/></g>`;
    case 'jar':
      return `<g ${stroke}><rect x="-70" y="-20" width="140" height="110" rx="22"/>
        <rect x="-60" y="-60" width="120" height="40" rx="8"/><path d="M-40 30 L40 30" opacity="0.7"/></g>`;
    case 'hands':
      return `<g ${stroke}><path d="M-90 80 C -90 20 -60 -30 -20 -60 C -10 -40 -20 -10 -35 10"/>
        <path d="M90 80 C 90 20 60 -30 20 -60 C 10 -40 20 -10 35 10"/>
        <circle cx="0" cy="-85" r="16"/></g>`;
  }
}

function svgFor(spec: ArtworkSpec): string {
  const { width, height, palette, variant = 0 } = spec;
  const unit = Math.min(width, height) / 800;
  const flip = variant % 2 === 1;
  const motifX = flip ? width * 0.3 : width * 0.7;
  const initialX = flip ? width * 0.78 : width * 0.24;
  const angle = flip ? '0 1 1 0' : '0 0 1 1';
  const [x1, y1, x2, y2] = angle.split(' ');
  const title = escapeXml(spec.title);
  const caption = escapeXml(spec.caption.toUpperCase());
  // Serif glyphs average a little over half the font size in width; long names get a smaller size.
  const fitting = (width - 96 * unit) / (spec.title.length * 0.56);
  const titleSize = Math.round(Math.min(54 * unit * (width / height > 1.2 ? 1.15 : 1), fitting));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">
      <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <circle cx="${width * (flip ? 0.85 : 0.12)}" cy="${height * 0.18}" r="${170 * unit}" fill="${CREAM}" opacity="0.08"/>
  <circle cx="${width * (flip ? 0.1 : 0.9)}" cy="${height * 0.85}" r="${240 * unit}" fill="${CREAM}" opacity="0.06"/>
  <circle cx="${motifX}" cy="${height * 0.42}" r="${190 * unit}" fill="${palette.accent}" opacity="0.16"/>
  <text x="${initialX}" y="${height * 0.56}" text-anchor="middle" font-family="DejaVu Serif, Noto Serif, serif"
    font-size="${300 * unit}" fill="${CREAM}" opacity="0.12">${escapeXml(spec.title.charAt(0).toUpperCase())}</text>
  <g transform="translate(${motifX} ${height * 0.42}) scale(${unit * 1.25})">${motifShape(spec.motif, palette.accent)}</g>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <text x="${48 * unit}" y="${height - 112 * unit}" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="${20 * unit}"
    letter-spacing="${4 * unit}" fill="${palette.accent}">${caption}</text>
  <text x="${48 * unit}" y="${height - 52 * unit}" font-family="DejaVu Serif, Noto Serif, serif" font-size="${titleSize}"
    fill="${CREAM}">${title}</text>
</svg>`;
}

/** The artwork as a WebP, ready to serve. */
export async function renderArtwork(spec: ArtworkSpec): Promise<Buffer> {
  // Low encoder effort: flat gradients compress well anyway, and seeding stays quick.
  return sharp(Buffer.from(svgFor(spec)))
    .webp({ quality: 80, effort: 1 })
    .toBuffer();
}
