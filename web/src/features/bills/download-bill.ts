import { useCallback, useState } from 'react';
import { saveBlob } from '../../lib/save-blob';
import { fetchBillPdf } from './bills-api';

const PDF_FAILURE_MESSAGE = 'Failed to download PDF.';

function invoiceFileName(billId: string): string {
  return `Invoice_${billId}.pdf`;
}

/**
 * Fetches the PDF with the session's bearer token (a plain link could not send it) and saves it as
 * Invoice_{id}.pdf. The spec's failure message is a browser alert.
 */
export function useBillPdfDownload() {
  const [downloadingId, setDownloadingId] = useState<string | null>(null);

  const downloadPdf = useCallback(async (billId: string) => {
    setDownloadingId(billId);
    try {
      const blob = await fetchBillPdf(billId);
      saveBlob(blob, invoiceFileName(billId));
    } catch (error) {
      console.error('Bill PDF download failed', error);
      window.alert(PDF_FAILURE_MESSAGE);
    } finally {
      setDownloadingId(null);
    }
  }, []);

  return { downloadPdf, downloadingId };
}
