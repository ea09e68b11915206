import { brand } from './brand.js';
import { escapeHtml } from './html.js';

/** What a template says; the layout turns it into branded HTML and plain text and does all escaping. */
export interface EmailContent {
  /** The line inboxes show beside the subject. */
  preview: string;
  heading: string;
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, as a button (and the bare link in the text version). */
  action?: { label: string; url: string };
  /** A second way forward, a plain link under the button (and the bare link in the text version). */
  alternative?: { label: string; url: string };
  /** A summary table: appointment, order or bill details. */
  details?: Array<{ label: string; value: string }>;
  /** Small print under the button. */
  notes?: string[];
}

export interface LayoutContext {
  /** The SPA's address, for the header link. */
  appUrl: string;
}

const { colors } = brand;
const FONT = "Georgia, 'Iowan Old Style', 'Palatino Linotype', serif";
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-family:${SANS};font-size:16px;line-height:1.6;color:${colors.text};">${escapeHtml(text)}</p>`;

function button(action: NonNullable<EmailContent['action']>): string {
  const href = escapeHtml(action.url);
  return `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:999px;background:${colors.accent};">
<a href="${href}" target="_blank" style="display:inline-block;padding:14px 28px;font-family:${SANS};font-size:16px;font-weight:600;color:${colors.onAccent};text-decoration:none;border-radius:999px;">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-family:${SANS};font-size:13px;line-height:1.5;color:${colors.muted};">If the button does not work, copy this link into your browser:<br><a href="${href}" style="color:${colors.accent};word-break:break-all;">${escapeHtml(action.url)}</a></p>`;
}

function alternativeLink(link: NonNullable<EmailContent['alternative']>): string {
  const href = escapeHtml(link.url);
  return `<p style="margin:0 0 24px;font-family:${SANS};font-size:15px;line-height:1.5;color:${colors.text};">${escapeHtml(link.label)}:<br><a href="${href}" target="_blank" style="color:${colors.accent};word-break:break-all;">${escapeHtml(link.url)}</a></p>`;
}

function detailsTable(details: NonNullable<EmailContent['details']>): string {
  const rows = details
    .map(
      ({ label, value }) =>
        `<tr><td style="padding:8px 0;font-family:${SANS};font-size:14px;color:${colors.muted};border-bottom:1px solid ${colors.border};">${escapeHtml(label)}</td><td style="padding:8px 0;font-family:${SANS};font-size:14px;color:${colors.text};text-align:right;border-bottom:1px solid ${colors.border};">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="margin:0 0 24px;">${rows}</table>`;
}

export function renderHtml(content: EmailContent, context: LayoutContext): string {
  const footer = [brand.name, ...brand.addressLines, `${brand.phone} · ${brand.email}`]
    .map(escapeHtml)
    .join('<br>');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${colors.background};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(content.preview)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:${colors.background};">
<tr><td align="center" style="padding:32px 16px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 8px 20px;text-align:center;">
<a href="${escapeHtml(context.appUrl)}" style="font-family:${FONT};font-size:24px;color:${colors.accent};text-decoration:none;">${escapeHtml(brand.name)}</a>
</td></tr>
<tr><td style="background:${colors.surface};border:1px solid ${colors.border};border-radius:16px;padding:36px 32px;">
<h1 style="margin:0 0 20px;font-family:${FONT};font-size:26px;font-weight:500;line-height:1.2;color:${colors.text};">${escapeHtml(content.heading)}</h1>
${paragraph(content.greeting)}
${content.paragraphs.map(paragraph).join('\n')}
${content.details?.length ? detailsTable(content.details) : ''}
${content.action ? button(content.action) : ''}
${content.alternative ? alternativeLink(content.alternative) : ''}
${(content.notes ?? []).map((note) => `<p style="margin:0 0 12px;font-family:${SANS};font-size:14px;line-height:1.5;color:${colors.muted};">${escapeHtml(note)}</p>`).join('\n')}
</td></tr>
<tr><td style="padding:24px 8px;text-align:center;font-family:${SANS};font-size:12px;line-height:1.6;color:${colors.muted};">
${footer}<br>Open every day, ${escapeHtml(brand.openingHours)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export function renderText(content: EmailContent): string {
  const lines = [brand.name, '='.repeat(brand.name.length), '', content.greeting, ''];
  for (const text of content.paragraphs) lines.push(text, '');
  for (const { label, value } of content.details ?? []) lines.push(`${label}: ${value}`);
  if (content.details?.length) lines.push('');
  if (content.action) lines.push(`${content.action.label}:`, content.action.url, '');
  if (content.alternative) lines.push(`${content.alternative.label}:`, content.alternative.url, '');
  for (const note of content.notes ?? []) lines.push(note, '');
  lines.push('--', brand.name, ...brand.addressLines, `${brand.phone} · ${brand.email}`);
  return `${lines.join('\n')}\n`;
}
