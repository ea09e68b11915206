import { download, get, request } from '../../lib/api';
import { zip, type ZipEntry } from './zip';

/**
 * "Download my data" is a documented fan-out composed here, in the browser, with the customer's own
 * token: each service answers for its own data about the caller (GET /<prefix>/me/export through the
 * gateway); no service reads another's database and no service can be asked about anyone else.
 */
const EXPORT_PARTS = [
  { key: 'account', path: '/auth/me/export', service: 'identity' },
  { key: 'appointments', path: '/appointments/me/export', service: 'booking' },
  { key: 'ordersAddressesCart', path: '/orders/me/export', service: 'commerce' },
  { key: 'favorites', path: '/favorites', service: 'catalogue' },
  { key: 'bills', path: '/bills/me/export', service: 'billing' },
  { key: 'emailsSent', path: '/notifications/me/export', service: 'notification' },
] as const;

interface MyDataExport {
  generatedAt: string;
  notes: string[];
  parts: Record<string, unknown>;
}

interface ExportedBill {
  _id: string;
  invoiceNumber: string;
}

/** Gathers every service's part; a part that fails is recorded as such, never silently left out. */
async function gatherMyData(): Promise<{ document: MyDataExport; pdfs: ZipEntry[] }> {
  const answers = await Promise.allSettled(EXPORT_PARTS.map((part) => get<unknown>(part.path)));
  const parts: Record<string, unknown> = {};
  const notes = [
    'Money is in paise (1/100 rupee) where a field ends in Paise; times are UTC.',
    'Bills and emails are matched to your verified email address.',
  ];
  answers.forEach((answer, index) => {
    const part = EXPORT_PARTS[index]!;
    if (answer.status === 'fulfilled') parts[part.key] = answer.value;
    else {
      parts[part.key] = null;
      notes.push(`The ${part.service} service could not answer; download again later for ${part.key}.`);
    }
  });
  const bills = ((parts.bills as { bills?: ExportedBill[] } | null)?.bills ?? []).slice(0, 500);
  const pdfs: ZipEntry[] = [];
  for (const bill of bills) {
    try {
      const blob = await download(`/bills/me/export/${encodeURIComponent(bill._id)}/pdf`);
      pdfs.push({
        name: `invoices/Invoice_${bill.invoiceNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`,
        data: new Uint8Array(await blob.arrayBuffer()),
      });
    } catch {
      notes.push(`The PDF of invoice ${bill.invoiceNumber} could not be produced; its data is in bills.`);
    }
  }
  return { document: { generatedAt: new Date().toISOString(), notes, parts }, pdfs };
}

/** One file: my-data.json plus invoices/*.pdf, zipped. */
export async function myDataArchive(): Promise<Blob> {
  const { document, pdfs } = await gatherMyData();
  const json = new TextEncoder().encode(JSON.stringify(document, null, 2));
  const archive = zip([{ name: 'my-data.json', data: json }, ...pdfs]);
  return new Blob([archive as BlobPart], { type: 'application/zip' });
}

export function deleteMyAccount(confirmation: { password?: string; confirm?: string }) {
  return request<{ message: string }>('DELETE', '/auth/me', confirmation);
}
