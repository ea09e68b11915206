import { download, get } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';

/**
 * Billing's GST documents (tax invoices and credit notes) as the screens list and download them. Only
 * the fields the screens use are read; each is read defensively, so a summary billing enriches later
 * still reads.
 */
export interface TaxDocumentSummary {
  id: string;
  kind: 'invoice' | 'credit_note';
  /** INV/26-27/000124 or CN/26-27/000007. */
  number: string;
  /** sale, order, sale_refund or order_refund. */
  sourceKind: string;
  sourceId: string;
  /** The counter sale an invoice was issued for (its source), when it was one. */
  saleId: string | null;
  orderId: string | null;
  issueDate: string;
  totalPaise: number;
}

export interface DocumentQuery {
  saleId?: string;
  orderId?: string;
  customerId?: string;
  kind?: 'invoice' | 'credit_note';
  page?: number;
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

function readDocumentSummary(value: unknown): TaxDocumentSummary | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Json;
  const id = text(raw.id) || text(raw.documentId);
  if (!id) return null;
  const sourceKind = text(raw.sourceKind);
  const sourceId = text(raw.sourceId);
  const total = Number(raw.totalPaise);
  return {
    id,
    kind: raw.kind === 'credit_note' ? 'credit_note' : 'invoice',
    number: text(raw.number),
    sourceKind,
    sourceId,
    saleId: text(raw.saleId) || (sourceKind === 'sale' ? sourceId : '') || null,
    orderId: text(raw.orderId) || (sourceKind === 'order' ? sourceId : '') || null,
    issueDate: text(raw.issueDate),
    totalPaise: Number.isSafeInteger(total) ? total : 0,
  };
}

export function readDocumentList(body: unknown): TaxDocumentSummary[] {
  const list = (body as { documents?: unknown } | null)?.documents;
  return Array.isArray(list) ? list.flatMap((item) => readDocumentSummary(item) ?? []) : [];
}

/** The counter invoice of a checked-out visit: the one issued for the sale it was checked out on. */
export function invoiceOfSale(
  documents: readonly TaxDocumentSummary[] | undefined,
  saleId: string | undefined,
): TaxDocumentSummary | undefined {
  if (!saleId) return undefined;
  return documents?.find((document) => document.kind === 'invoice' && document.saleId === saleId);
}

export const documentKeys = {
  all: ['tax-documents'] as const,
  list: (query: DocumentQuery) => ['tax-documents', query] as const,
};

export const fetchDocuments = async (query: DocumentQuery) =>
  readDocumentList(await get<unknown>('/tax-documents', { query: { ...query } }));

const byId = (id: string) => `/tax-documents/${encodeURIComponent(id)}`;

/** The PDF needs the session's token, so it is fetched and then handed to the browser as a file. */
export async function downloadDocumentPdf(document: Pick<TaxDocumentSummary, 'id' | 'number'>) {
  const blob = await download(`${byId(document.id)}/pdf`);
  saveBlob(blob, `${(document.number || document.id).replace(/[^\w-]+/g, '_')}.pdf`);
}

/**
 * The 80 mm receipt in a new tab, printed. The tab is opened during the click (a popup opened after an
 * await is blocked) and filled once the receipt has been fetched with the token. The tab shares the
 * app's Content-Security-Policy, which refuses inline styles, so the receipt's own styles are applied
 * through the CSSOM (which the policy allows) rather than as <style> elements and style attributes.
 */
export async function openReceipt(documentId: string) {
  const tab = window.open('', '_blank');
  if (!tab) throw new Error('Allow pop-ups for this site to print the receipt.');
  try {
    const html = await (await download(`${byId(documentId)}/receipt`)).text();
    showReceipt(tab, html);
  } catch (error) {
    tab.close();
    throw error;
  }
}

function showReceipt(tab: Window, html: string) {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const css = [...parsed.querySelectorAll('style')]
    .map((style) => {
      const text = style.textContent ?? '';
      return style.media && style.media !== 'all' ? `@media ${style.media} { ${text} }` : text;
    })
    .join('\n');
  parsed.querySelectorAll('script, style, link, meta[http-equiv]').forEach((node) => node.remove());
  const inline = [...parsed.body.querySelectorAll<HTMLElement>('[style]')].map((element, index) => {
    const text = element.getAttribute('style') ?? '';
    element.removeAttribute('style');
    element.setAttribute('data-receipt-style', String(index));
    return text;
  });
  const page = tab.document;
  page.title = parsed.title || 'Receipt';
  page.body.innerHTML = parsed.body.innerHTML;
  for (const element of page.body.querySelectorAll<HTMLElement>('[data-receipt-style]')) {
    element.style.cssText = inline[Number(element.dataset.receiptStyle)] ?? '';
    element.removeAttribute('data-receipt-style');
  }
  const Sheet = (tab as Window & typeof globalThis).CSSStyleSheet;
  const sheet = new Sheet();
  sheet.replaceSync(css);
  page.adoptedStyleSheets = [sheet];
  tab.focus();
  tab.print();
}
