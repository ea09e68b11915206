import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/paths';
import { PageTitle } from '../../components/page-title';
import { AdminBanner } from '../../components/ui/admin-table';
import { getErrorMessage } from '../../lib/api';
import { formatCalendarDate, formatINR } from '../../lib/format';
import { useServices } from '../catalogue/catalogue.queries';
import type { Service } from '../catalogue/types';
import { BarChart, type BarSeries } from './bar-chart';
import { downloadCsv, toCsv, type CsvColumn } from './csv';
import { Gstr1Export } from './gstr1-export';
import { lastDays, rangeProblem, thisMonth, type ReportRange } from './report-range';
import { fetchReports, reportKeys, type Reports } from './reports.api';
import './reports.css';
import '../../components/ui/form-field.css';

const rupees = (value: number) => formatINR(value).replace(/\.00$/, '');
const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
const dayLabel = (date: string) => formatCalendarDate(date);

interface Column<T> extends CsvColumn<T> {
  /** How the table shows the value (the CSV keeps the plain number). */
  show?: (row: T) => ReactNode;
  numeric?: boolean;
}

/** The kinds of column the reports use: a label, a count, rupees, a share, a business day. */
const text = <T,>(header: string, value: (row: T) => string | number): Column<T> => ({ header, value });
const count = <T,>(header: string, value: (row: T) => number): Column<T> => ({
  header,
  value,
  numeric: true,
});
const money = <T,>(header: string, value: (row: T) => number): Column<T> => ({
  header,
  value,
  show: (row) => rupees(value(row)),
  numeric: true,
});
const share = <T,>(header: string, value: (row: T) => number): Column<T> => ({
  header,
  value,
  show: (row) => percent(value(row)),
  numeric: true,
});
const businessDay = <T,>(header: string, value: (row: T) => string): Column<T> => ({
  header,
  value,
  show: (row) => dayLabel(value(row)),
});
/** The column kinds, handed to a report's `columns` so their rows are typed by its `rows`. */
interface ColumnKinds<T> {
  text: (header: string, value: (row: T) => string | number) => Column<T>;
  count: (header: string, value: (row: T) => number) => Column<T>;
  money: (header: string, value: (row: T) => number) => Column<T>;
  share: (header: string, value: (row: T) => number) => Column<T>;
  businessDay: (header: string, value: (row: T) => string) => Column<T>;
}
const COLUMN_KINDS = { text, count, money, share, businessDay };

/** A horizontal bar chart is as tall as its bars need. */
const barsHeight = (bars: number) => Math.max(160, 40 * bars);
const oneDecimal = (value: number) => value.toFixed(1);
const nameOf = (row: { name: string }) => row.name || 'Unassigned';

/** A text that is fixed, or read from what the report is drawn from. */
type FromSource<S> = string | ((source: S) => string);
const read = <S,>(text: FromSource<S>, source: S) => (typeof text === 'string' ? text : text(source));

/**
 * One report of the page, drawn from `S` (the range's figures, or the rated treatments): its rows, the
 * chart of them, its columns (the table and the CSV) and the CSV's name.
 */
interface ReportDefinition<S, T> {
  title: string;
  description: FromSource<S>;
  rows: (source: S) => readonly T[];
  /** Said instead of the chart and table when there are no rows. */
  empty: string;
  chart: {
    /** A bar's name. */
    label: (row: T) => string;
    /** One bar (or, stacked, one part of every bar) a series. */
    series: Array<{ label: string; value: (row: T) => number }>;
    horizontal?: boolean;
    stacked?: boolean;
    format?: (value: number) => string;
    /** The chart's text alternative. */
    summary: string | ((source: S, rows: readonly T[]) => string);
  };
  columns: (kinds: ColumnKinds<T>) => Column<T>[];
  /** The CSV's name without the extension, e.g. "revenue-by-day-2026-11-01-to-2026-11-30". */
  file: FromSource<S>;
}

/**
 * A report whose row type stays its own: the page's list holds reports of different rows, and each is
 * opened only to render it (`each((definition) => <ReportSection definition={definition} … />)`).
 */
type Report<S> = <R>(open: <T>(definition: ReportDefinition<S, T>) => R) => R;
const report =
  <S, T>(definition: ReportDefinition<S, T>): Report<S> =>
  (open) =>
    open(definition);

/**
 * A report: its chart, its figures as a table (what a screen reader and a printout read) and the same
 * figures as a CSV download.
 */
function ReportSection<S, T>({ definition, source }: { definition: ReportDefinition<S, T>; source: S }) {
  const titleId = useId();
  const { title, chart } = definition;
  const rows = useMemo(() => definition.rows(source), [definition, source]);
  const labels = useMemo(() => rows.map((row) => chart.label(row)), [chart, rows]);
  const series = useMemo<BarSeries[]>(
    () => chart.series.map(({ label, value }) => ({ label, values: rows.map((row) => value(row)) })),
    [chart, rows],
  );
  const shown = definition.columns(COLUMN_KINDS);
  return (
    <section className="report-section" aria-labelledby={titleId}>
      <header className="report-section__head">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p className="muted">{read(definition.description, source)}</p>
        </div>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(`${read(definition.file, source)}.csv`, toCsv(rows, shown))}
        >
          Download CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
        </button>
      </header>
      {rows.length === 0 ? (
        <p className="muted">{definition.empty}</p>
      ) : (
        <>
          <BarChart
            horizontal={chart.horizontal}
            stacked={chart.stacked}
            labels={labels}
            series={series}
            format={chart.format}
            height={chart.horizontal ? barsHeight(rows.length) : undefined}
            summary={typeof chart.summary === 'string' ? chart.summary : chart.summary(source, rows)}
          />
          <details className="report-section__figures">
            <summary>Figures</summary>
            <div className="cat-table-wrap">
              <table className="cat-table">
                <thead>
                  <tr>
                    {shown.map((column) => (
                      <th
                        key={column.header}
                        scope="col"
                        className={column.numeric ? 'cat-table__number' : undefined}
                      >
                        {column.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={index}>
                      {shown.map((column) => (
                        <td key={column.header} className={column.numeric ? 'cat-table__number' : undefined}>
                          {column.show ? column.show(row) : column.value(row)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}

/** A CSV name that says the range: "revenue-by-day-2026-11-01-to-2026-11-30". */
const inRange = (name: string) => (data: Reports) => `${name}-${data.from}-to-${data.to}`;
const rangeReport = <T,>(definition: ReportDefinition<Reports, T>) => report(definition);

/** The reports of the chosen range, in the page's order. */
const RANGE_REPORTS: Report<Reports>[] = [
  rangeReport({
    title: 'Revenue by day',
    description:
      'Completed appointments, paid or delivered store orders, bills and counter sales (less their refunds), by business day; tips apart, not revenue.',
    rows: (data) => data.revenueByDay,
    empty: 'No days in this range.',
    chart: {
      stacked: true,
      label: (day) => dayLabel(day.date),
      series: [
        { label: 'Appointments', value: (day) => day.appointments },
        { label: 'Orders', value: (day) => day.orders },
        { label: 'Bills', value: (day) => day.bills },
        { label: 'Counter sales', value: (day) => day.sales },
      ],
      format: rupees,
      summary: (data, days) =>
        `Revenue by day from ${data.from} to ${data.to}: ${rupees(days.reduce((sum, day) => sum + day.total, 0))} in all.`,
    },
    columns: ({ money, businessDay }) => [
      businessDay('Date', (day) => day.date),
      money('Appointments (₹)', (day) => day.appointments),
      money('Orders (₹)', (day) => day.orders),
      money('Bills (₹)', (day) => day.bills),
      money('Counter sales (₹)', (day) => day.sales),
      money('Total (₹)', (day) => day.total),
      money('Tips (₹, not revenue)', (day) => day.tips),
    ],
    file: inRange('revenue-by-day'),
  }),
  rangeReport({
    title: 'Revenue by treatment',
    description: 'Completed appointments of each treatment and what they brought in.',
    rows: (data) => data.byTreatment,
    empty: 'No completed appointments in this range.',
    chart: {
      horizontal: true,
      label: nameOf,
      series: [{ label: 'Revenue', value: (row) => row.revenue }],
      format: rupees,
      summary: (_data, rows) => `Revenue by treatment; the first is ${rows[0]?.name ?? 'none'}.`,
    },
    columns: ({ text, count, money }) => [
      text('Treatment', (row) => row.name),
      count('Appointments', (row) => row.appointments),
      money('Revenue (₹)', (row) => row.revenue),
    ],
    file: inRange('revenue-by-treatment'),
  }),
  rangeReport({
    title: 'Revenue by product',
    description: 'Units sold and revenue of each product, from paid or delivered orders.',
    rows: (data) => data.byProduct,
    empty: 'No products sold in this range.',
    chart: {
      horizontal: true,
      label: nameOf,
      series: [{ label: 'Revenue', value: (row) => row.revenue }],
      format: rupees,
      summary: (_data, rows) => `Revenue by product; the first is ${rows[0]?.name ?? 'none'}.`,
    },
    columns: ({ text, count, money }) => [
      text('Product', (row) => row.name),
      count('Units', (row) => row.units),
      money('Revenue (₹)', (row) => row.revenue),
    ],
    file: inRange('revenue-by-product'),
  }),
  rangeReport({
    title: 'Revenue by employee',
    description: 'Completed appointments each therapist gave and the bills each member of staff issued.',
    rows: (data) => data.byEmployee,
    empty: 'No appointments or bills in this range.',
    chart: {
      horizontal: true,
      stacked: true,
      label: nameOf,
      series: [
        { label: 'Appointments', value: (row) => row.appointmentRevenue },
        { label: 'Bills', value: (row) => row.billRevenue },
      ],
      format: rupees,
      summary: 'Revenue by employee, appointments and bills.',
    },
    columns: ({ text, count, money }) => [
      text('Employee', (row) => row.name || 'Unassigned'),
      count('Appointments', (row) => row.appointments),
      money('Appointment revenue (₹)', (row) => row.appointmentRevenue),
      count('Bills', (row) => row.bills),
      money('Bill revenue (₹)', (row) => row.billRevenue),
      money('Tips (₹)', (row) => row.tips),
    ],
    file: inRange('revenue-by-employee'),
  }),
  rangeReport({
    title: 'Room utilisation',
    description: (data) =>
      `Booked time as a share of opening hours (${Math.round(data.utilisation.openMinutesPerDay / 60)} hours a day).`,
    rows: (data) => data.utilisation.rooms,
    empty: 'No rooms.',
    chart: {
      label: (room) => `Room ${room.roomNumber}`,
      series: [{ label: 'Booked', value: (room) => room.share }],
      format: percent,
      summary: "Each room's booked share of opening hours.",
    },
    columns: ({ text, count, share }) => [
      text('Room', (row) => row.roomNumber),
      text('Type', (row) => row.type),
      count('Booked minutes', (row) => row.bookedMinutes),
      count('Open minutes', (row) => row.availableMinutes),
      share('Share', (row) => row.share),
    ],
    file: inRange('room-utilisation'),
  }),
  rangeReport({
    title: 'Therapist utilisation',
    description: "Each therapist's booked time as a share of opening hours.",
    rows: (data) => data.utilisation.therapists,
    empty: 'No therapists.',
    chart: {
      horizontal: true,
      label: nameOf,
      series: [{ label: 'Booked', value: (row) => row.share }],
      format: percent,
      summary: "Each therapist's booked share of opening hours.",
    },
    columns: ({ text, count, share }) => [
      text('Therapist', (row) => row.name),
      count('Booked minutes', (row) => row.bookedMinutes),
      count('Open minutes', (row) => row.availableMinutes),
      share('Share', (row) => row.share),
    ],
    file: inRange('therapist-utilisation'),
  }),
  rangeReport({
    title: 'No-shows',
    description: ({ noShows }) =>
      `${noShows.total} no-show${noShows.total === 1 ? '' : 's'} against ${noShows.completed} completed visits (${percent(noShows.rate)}).`,
    rows: (data) => data.noShows.byDay,
    empty: 'No days in this range.',
    chart: {
      label: (day) => dayLabel(day.date),
      series: [{ label: 'No-shows', value: (day) => day.count }],
      summary: (data) => `No-shows by day: ${data.noShows.total} in all.`,
    },
    columns: ({ count, businessDay }) => [
      businessDay('Date', (day) => day.date),
      count('No-shows', (day) => day.count),
    ],
    file: inRange('no-shows'),
  }),
];

type RatedService = Service & { rating: { average: number; count: number } };

/** Every reviewed treatment, all time (not the range): read from the catalogue's ratings. */
const RATINGS_REPORT = report<readonly RatedService[], RatedService>({
  title: 'Average rating per treatment',
  description: 'From verified reviews of completed visits, all time.',
  rows: (rated) => rated,
  empty: 'No treatment has been reviewed yet.',
  chart: {
    horizontal: true,
    label: (service) => service.name,
    series: [{ label: 'Average rating', value: (service) => service.rating.average }],
    format: oneDecimal,
    summary: 'Average rating of each reviewed treatment, out of 5.',
  },
  columns: ({ text, count }) => [
    text('Treatment', (service) => service.name),
    count('Average', (service) => service.rating.average),
    count('Reviews', (service) => service.rating.count),
  ],
  file: 'ratings-all-time',
});

/** One figure of the range at the top ("Revenue ₹1,20,000"). */
function Headline({ label, value }: { label: string; value: string }) {
  return (
    <div className="report-headline">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function useRange(): [ReportRange, (range: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(30);
  const range = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  return [range, (next) => setParams({ from: next.from, to: next.to }, { replace: true })];
}

/**
 * /dashboard/reports (admin): revenue by day, treatment, product and employee,
 * room and therapist utilisation, no-shows and the treatments' ratings, for a date range, each as a
 * chart, a table and a CSV; and the month's GSTR-1 for the accountant.
 */
export default function ReportsPage() {
  const [range, setRange] = useRange();
  const problem = rangeProblem(range);
  const reports = useQuery({
    queryKey: reportKeys.range(range.from, range.to),
    queryFn: () => fetchReports(range.from, range.to),
    enabled: !problem,
    placeholderData: keepPreviousData,
  });
  const services = useServices();
  const data = reports.data;

  const rated = useMemo(
    () =>
      (services.data ?? [])
        .filter((service): service is RatedService => Boolean(service.rating?.count))
        .sort((a, b) => b.rating.average - a.rating.average),
    [services.data],
  );

  const total = data?.revenueByDay.reduce((sum, day) => sum + day.total, 0) ?? 0;
  const sumOf = (key: 'appointments' | 'orders' | 'bills' | 'sales' | 'tips') =>
    data?.revenueByDay.reduce((sum, day) => sum + day[key], 0) ?? 0;

  return (
    <div className="container reports-page">
      <PageTitle title="Reports" />
      <header className="reports-page__header">
        <div>
          <span className="eyebrow">Owner's reports</span>
          <h1>Reports</h1>
          <p className="lead">
            What the spa earned and how busy it was, day by day in India's time. Figures follow the day's
            appointments, orders and bills within a few seconds.
          </p>
        </div>
        <Link className="btn btn--ghost" to={`${paths.dashboard}`}>
          Back to the admin panel
        </Link>
      </header>

      <form className="reports-range" aria-label="Date range" onSubmit={(event) => event.preventDefault()}>
        <label>
          From
          <input
            type="date"
            className="cat-input"
            value={range.from}
            max={range.to}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </label>
        <label>
          To
          <input
            type="date"
            className="cat-input"
            value={range.to}
            min={range.from}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </label>
        <div className="reports-range__quick" role="group" aria-label="Quick ranges">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRange(lastDays(7))}>
            Last 7 days
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRange(lastDays(30))}>
            Last 30 days
          </button>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => setRange(thisMonth())}>
            This month
          </button>
        </div>
      </form>

      <AdminBanner>
        {problem ?? (reports.isError ? getErrorMessage(reports.error, 'Failed to load the reports') : null)}
      </AdminBanner>
      {reports.isPending && !problem && <p className="muted">Loading the reports…</p>}

      {data && (
        <dl className="report-headlines" aria-label="The range in figures">
          <Headline label="Revenue" value={rupees(total)} />
          <Headline label="Appointments" value={rupees(sumOf('appointments'))} />
          <Headline label="Store orders" value={rupees(sumOf('orders'))} />
          <Headline label="Bills" value={rupees(sumOf('bills'))} />
          <Headline label="Counter sales" value={rupees(sumOf('sales'))} />
          <Headline label="Tips (not revenue)" value={rupees(sumOf('tips'))} />
          <Headline label="No-show rate" value={percent(data.noShows.rate)} />
        </dl>
      )}
      {data &&
        RANGE_REPORTS.map((each) =>
          each((definition) => (
            <ReportSection key={definition.title} definition={definition} source={data} />
          )),
        )}
      {RATINGS_REPORT((definition) => (
        <ReportSection definition={definition} source={rated} />
      ))}
      <Gstr1Export />
    </div>
  );
}
