import { ConfigError, readBaseConfig, readConfig, type BaseConfig } from '@spa/kit';
import { clock24Text, isValidGstin } from '@spa/rules';
import { BILL_DATE_DEFAULTS, isFinancialYear, type BillDateRules } from './domain/bill-dates.js';
import { DEFAULT_OPENING_HOURS, parseClock, type OpeningHours } from './domain/reports.js';

/** The seller block of every invoice (a GST tax invoice must name the supplier, its address and GSTIN). */
interface BusinessDetails {
  name: string;
  address: string;
  gstin: string;
  phone: string;
  email: string;
}

export interface PdfSettings {
  chromiumPath: string;
  /** Pages rendered at once in the one browser of this process (worker jobs and downloads together). */
  maxConcurrentRenders: number;
  renderTimeoutMs: number;
  /** Chromium renderer processes the pages share (--renderer-process-limit). */
  rendererProcesses: number;
}

export interface BillingConfig extends BaseConfig {
  business: BusinessDetails;
  pdf: PdfSettings;
  /** BullMQ key prefix; parallel stacks and test runs each use their own so none takes another's jobs. */
  queuePrefix: string;
  /** Invoice PDF jobs processed at once by this process's worker. */
  pdfWorkerConcurrency: number;
  /** When a bill may be dated (domain/bill-dates.ts). */
  billDates: BillDateRules;
  /** The spa's daily hours (BUSINESS_OPENS, BUSINESS_CLOSES, as booking's): the reports' utilisation. */
  openingHours: OpeningHours;
  retention: {
    /** Months a GST invoice keeps its customer after its year's annual return is due (0: for ever). */
    invoiceMonths: number;
    /** How often the sweep looks for invoices past retention (0: never). */
    sweepIntervalSeconds: number;
  };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): BillingConfig {
  const config = readConfig((env) => {
    const base = readBaseConfig(env, 'billing', 4005);
    return {
      ...base,
      // Defaults match the business the web app shows (web/src/app/business.ts), so the printed
      // invoice and the pages agree.
      business: {
        name: env.string('BUSINESS_NAME', 'Aranya Spa & Wellness'),
        address: env.string(
          'BUSINESS_ADDRESS',
          '2nd Floor, Sapphire Square, Scheme No. 54, Vijay Nagar, Indore, Madhya Pradesh 452010',
        ),
        gstin: env.string('BUSINESS_GSTIN', '23ABCDE1234F1Z8'),
        phone: env.string('BUSINESS_PHONE', '+91 731 400 2211'),
        email: env.string('BUSINESS_EMAIL', 'hello@aranyaspa.in'),
      },
      pdf: {
        chromiumPath: env.string('CHROMIUM_PATH', '/usr/bin/chromium'),
        maxConcurrentRenders: env.int('PDF_MAX_CONCURRENT_RENDERS', 3),
        renderTimeoutMs: env.int('PDF_RENDER_TIMEOUT_MS', 20_000),
        rendererProcesses: env.int('PDF_RENDERER_PROCESSES', 1),
      },
      // A stack with its own Kafka namespace (each browser-test stack) gets its own jobs as well.
      queuePrefix: env.string('BULLMQ_PREFIX', base.kafkaNamespace ? `bull.${base.kafkaNamespace}` : 'bull'),
      pdfWorkerConcurrency: env.int('PDF_WORKER_CONCURRENCY', 2),
      billDates: {
        daysBack: env.int('BILL_DATE_DAYS_BACK', BILL_DATE_DEFAULTS.daysBack, { min: 0, max: 36_500 }),
        daysAhead: env.int('BILL_DATE_DAYS_AHEAD', BILL_DATE_DEFAULTS.daysAhead, { min: 0, max: 366 }),
        closedFinancialYear: env.optionalString('CLOSED_FINANCIAL_YEAR'),
      },
      // Booking's settings of the same names (the reports' open minutes per day); NaN is refused below.
      openingHours: {
        openMinute:
          parseClock(env.string('BUSINESS_OPENS', clock24Text(DEFAULT_OPENING_HOURS.openMinute))) ?? NaN,
        closeMinute:
          parseClock(env.string('BUSINESS_CLOSES', clock24Text(DEFAULT_OPENING_HOURS.closeMinute))) ?? NaN,
      },
      retention: {
        // CGST section 36 and rule 56: 72 months from the annual return's due date.
        invoiceMonths: env.int('RETENTION_INVOICE_MONTHS', 72, { min: 0, max: 1200 }),
        sweepIntervalSeconds: env.int(
          'RETENTION_SWEEP_INTERVAL_SECONDS',
          base.nodeEnv === 'test' ? 0 : 86_400,
          {
            min: 0,
          },
        ),
      },
    };
  }, source);
  const problems = [
    ...(isValidGstin(config.business.gstin) ? [] : ['BUSINESS_GSTIN must be a valid GSTIN']),
    ...(Number.isNaN(config.openingHours.openMinute)
      ? ['BUSINESS_OPENS must be a time of day like 09:00']
      : []),
    ...(Number.isNaN(config.openingHours.closeMinute)
      ? ['BUSINESS_CLOSES must be a time of day like 21:00']
      : []),
    ...(config.openingHours.closeMinute <= config.openingHours.openMinute
      ? ['BUSINESS_CLOSES must be after BUSINESS_OPENS']
      : []),
    ...(config.pdf.maxConcurrentRenders >= 1 ? [] : ['PDF_MAX_CONCURRENT_RENDERS must be at least 1']),
    ...(config.pdf.rendererProcesses >= 1 ? [] : ['PDF_RENDERER_PROCESSES must be at least 1']),
    ...(config.pdfWorkerConcurrency >= 1 ? [] : ['PDF_WORKER_CONCURRENCY must be at least 1']),
    ...(config.billDates.closedFinancialYear === undefined ||
    isFinancialYear(config.billDates.closedFinancialYear)
      ? []
      : ['CLOSED_FINANCIAL_YEAR must be a financial year such as 2025-26']),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
