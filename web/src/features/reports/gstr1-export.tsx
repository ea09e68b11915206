import { useId, useState } from 'react';
import { AdminBanner } from '../../components/ui/admin-table';
import { getErrorMessage } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { currentMonth, gstr1FileName, monthProblem, previousMonth, sheetsWithRows } from './gstr1';
import { downloadGstr1, fetchGstr1 } from './reports.api';

/**
 * GSTR-1 for the accountant: a month, then the GST portal's JSON or the offline tool's CSV sheets
 * (each a file). Fetched with the session's bearer token, as a plain link could not send it.
 */
export function Gstr1Export() {
  const titleId = useId();
  const [month, setMonth] = useState(previousMonth);
  const [busy, setBusy] = useState<'json' | 'csv' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const problem = monthProblem(month);

  const run = async (format: 'json' | 'csv') => {
    setBusy(format);
    setMessage(null);
    try {
      if (format === 'json') {
        saveBlob(await downloadGstr1(month, 'json'), gstr1FileName(month));
        return;
      }
      const sheets = sheetsWithRows(await fetchGstr1(month));
      if (sheets.length === 0) {
        setMessage('No invoice, credit note or bill is dated in this month.');
        return;
      }
      for (const section of sheets)
        saveBlob(await downloadGstr1(month, 'csv', section), gstr1FileName(month, section));
    } catch (error) {
      setMessage(getErrorMessage(error, 'Failed to download GSTR-1'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="report-section" aria-labelledby={titleId}>
      <header className="report-section__head">
        <div>
          <h2 id={titleId}>GSTR-1</h2>
          <p className="muted">
            The month’s outward supplies for the GST portal, from every tax invoice, credit note and bill: B2B
            invoices, B2C supplies by state and rate (net of their credit notes), credit notes, the HSN/SAC
            summary and the documents issued. Tips are not part of any supply.
          </p>
        </div>
      </header>
      <form className="reports-range" aria-label="GSTR-1 month" onSubmit={(event) => event.preventDefault()}>
        <label>
          Month
          <input
            type="month"
            className="cat-input"
            value={month}
            min="2017-07"
            max={currentMonth()}
            onChange={(event) => setMonth(event.target.value)}
          />
        </label>
        <div className="reports-range__quick" role="group" aria-label="GSTR-1 downloads">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={Boolean(problem) || busy !== null}
            onClick={() => void run('json')}
          >
            {busy === 'json' ? 'Preparing…' : 'JSON'}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={Boolean(problem) || busy !== null}
            onClick={() => void run('csv')}
          >
            {busy === 'csv' ? 'Preparing…' : 'CSV (b2b, b2cs, cdnr, hsn, docs)'}
          </button>
        </div>
      </form>
      <AdminBanner>{problem ?? message}</AdminBanner>
    </section>
  );
}
