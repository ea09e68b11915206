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
import { lastDays, rangeProblem, thisMonth, type ReportRange } from './report-range';
import { fetchReports, reportKeys } from './reports.api';
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

/**
 * A report: its chart, its figures as a table (what a screen reader and a printout read) and the same
 * figures as a CSV download.
 */
function ReportSection<T>({
  title,
  description,
  chart,
  rows,
  columns,
  file,
  empty,
}: {
  title: string;
  description: string;
  chart: ReactNode;
  rows: readonly T[];
  columns: (kinds: ColumnKinds<T>) => Column<T>[];
  /** The CSV's name without the extension, e.g. "revenue-by-day-2026-11-01-to-2026-11-30". */
  file: string;
  empty: string;
}) {
  const titleId = useId();
  const shown = columns(COLUMN_KINDS);
  return (
    <section className="report-section" aria-labelledby={titleId}>
      <header className="report-section__head">
        <div>
          <h2 id={titleId}>{title}</h2>
          <p className="muted">{description}</p>
        </div>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(`${file}.csv`, toCsv(rows, shown))}
        >
          Download CSV<span className="visually-hidden"> of {title.toLowerCase()}</span>
        </button>
      </header>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <>
          {chart}
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
 * /dashboard/reports (admin; issue #16, item 7): revenue by day, treatment, product and employee,
 * room and therapist utilisation, no-shows and the treatments' ratings, for a date range, each as a
 * chart, a table and a CSV.
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

  const charts = useMemo(() => {
    if (!data) return undefined;
    const names = (rows: Array<{ name: string }>) => rows.map((row) => row.name || 'Unassigned');
    const series = (...entries: BarSeries[]) => entries;
    return {
      days: {
        labels: data.revenueByDay.map((day) => dayLabel(day.date)),
        series: series(
          { label: 'Appointments', values: data.revenueByDay.map((day) => day.appointments) },
          { label: 'Orders', values: data.revenueByDay.map((day) => day.orders) },
          { label: 'Bills', values: data.revenueByDay.map((day) => day.bills) },
        ),
      },
      treatments: {
        labels: names(data.byTreatment),
        series: series({ label: 'Revenue', values: data.byTreatment.map((row) => row.revenue) }),
      },
      products: {
        labels: names(data.byProduct),
        series: series({ label: 'Revenue', values: data.byProduct.map((row) => row.revenue) }),
      },
      employees: {
        labels: names(data.byEmployee),
        series: series(
          { label: 'Appointments', values: data.byEmployee.map((row) => row.appointmentRevenue) },
          { label: 'Bills', values: data.byEmployee.map((row) => row.billRevenue) },
        ),
      },
      rooms: {
        labels: data.utilisation.rooms.map((room) => `Room ${room.roomNumber}`),
        series: series({ label: 'Booked', values: data.utilisation.rooms.map((room) => room.share) }),
      },
      therapists: {
        labels: names(data.utilisation.therapists),
        series: series({ label: 'Booked', values: data.utilisation.therapists.map((row) => row.share) }),
      },
      noShows: {
        labels: data.noShows.byDay.map((day) => dayLabel(day.date)),
        series: series({ label: 'No-shows', values: data.noShows.byDay.map((day) => day.count) }),
      },
    };
  }, [data]);
  const rated = useMemo(
    () =>
      (services.data ?? [])
        .filter((service): service is Service & { rating: { average: number; count: number } } =>
          Boolean(service.rating?.count),
        )
        .sort((a, b) => b.rating.average - a.rating.average),
    [services.data],
  );
  const ratingSeries = useMemo(
    () => [{ label: 'Average rating', values: rated.map((service) => service.rating.average) }],
    [rated],
  );
  const ratingLabels = useMemo(() => rated.map((service) => service.name), [rated]);

  const total = data?.revenueByDay.reduce((sum, day) => sum + day.total, 0) ?? 0;
  const sumOf = (key: 'appointments' | 'orders' | 'bills') =>
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

      {data && charts && (
        <>
          <dl className="report-headlines" aria-label="The range in figures">
            <Headline label="Revenue" value={rupees(total)} />
            <Headline label="Appointments" value={rupees(sumOf('appointments'))} />
            <Headline label="Store orders" value={rupees(sumOf('orders'))} />
            <Headline label="Bills" value={rupees(sumOf('bills'))} />
            <Headline label="No-show rate" value={percent(data.noShows.rate)} />
          </dl>

          <ReportSection
            title="Revenue by day"
            description="Completed appointments, paid or delivered store orders and bills, by business day."
            file={`revenue-by-day-${data.from}-to-${data.to}`}
            empty="No days in this range."
            rows={data.revenueByDay}
            chart={
              <BarChart
                stacked
                labels={charts.days.labels}
                series={charts.days.series}
                format={rupees}
                summary={`Revenue by day from ${data.from} to ${data.to}: ${rupees(total)} in all.`}
              />
            }
            columns={({ money, businessDay }) => [
              businessDay('Date', (day) => day.date),
              money('Appointments (₹)', (day) => day.appointments),
              money('Orders (₹)', (day) => day.orders),
              money('Bills (₹)', (day) => day.bills),
              money('Total (₹)', (day) => day.total),
            ]}
          />

          <ReportSection
            title="Revenue by treatment"
            description="Completed appointments of each treatment and what they brought in."
            file={`revenue-by-treatment-${data.from}-to-${data.to}`}
            empty="No completed appointments in this range."
            rows={data.byTreatment}
            chart={
              <BarChart
                horizontal
                labels={charts.treatments.labels}
                series={charts.treatments.series}
                format={rupees}
                height={barsHeight(data.byTreatment.length)}
                summary={`Revenue by treatment; the first is ${data.byTreatment[0]?.name ?? 'none'}.`}
              />
            }
            columns={({ text, count, money }) => [
              text('Treatment', (row) => row.name),
              count('Appointments', (row) => row.appointments),
              money('Revenue (₹)', (row) => row.revenue),
            ]}
          />

          <ReportSection
            title="Revenue by product"
            description="Units sold and revenue of each product, from paid or delivered orders."
            file={`revenue-by-product-${data.from}-to-${data.to}`}
            empty="No products sold in this range."
            rows={data.byProduct}
            chart={
              <BarChart
                horizontal
                labels={charts.products.labels}
                series={charts.products.series}
                format={rupees}
                height={barsHeight(data.byProduct.length)}
                summary={`Revenue by product; the first is ${data.byProduct[0]?.name ?? 'none'}.`}
              />
            }
            columns={({ text, count, money }) => [
              text('Product', (row) => row.name),
              count('Units', (row) => row.units),
              money('Revenue (₹)', (row) => row.revenue),
            ]}
          />

          <ReportSection
            title="Revenue by employee"
            description="Completed appointments each therapist gave and the bills each member of staff issued."
            file={`revenue-by-employee-${data.from}-to-${data.to}`}
            empty="No appointments or bills in this range."
            rows={data.byEmployee}
            chart={
              <BarChart
                horizontal
                stacked
                labels={charts.employees.labels}
                series={charts.employees.series}
                format={rupees}
                height={barsHeight(data.byEmployee.length)}
                summary="Revenue by employee, appointments and bills."
              />
            }
            columns={({ text, count, money }) => [
              text('Employee', (row) => row.name || 'Unassigned'),
              count('Appointments', (row) => row.appointments),
              money('Appointment revenue (₹)', (row) => row.appointmentRevenue),
              count('Bills', (row) => row.bills),
              money('Bill revenue (₹)', (row) => row.billRevenue),
            ]}
          />

          <ReportSection
            title="Room utilisation"
            description={`Booked time as a share of opening hours (${Math.round(data.utilisation.openMinutesPerDay / 60)} hours a day).`}
            file={`room-utilisation-${data.from}-to-${data.to}`}
            empty="No rooms."
            rows={data.utilisation.rooms}
            chart={
              <BarChart
                labels={charts.rooms.labels}
                series={charts.rooms.series}
                format={percent}
                summary="Each room's booked share of opening hours."
              />
            }
            columns={({ text, count, share }) => [
              text('Room', (row) => row.roomNumber),
              text('Type', (row) => row.type),
              count('Booked minutes', (row) => row.bookedMinutes),
              count('Open minutes', (row) => row.availableMinutes),
              share('Share', (row) => row.share),
            ]}
          />

          <ReportSection
            title="Therapist utilisation"
            description="Each therapist's booked time as a share of opening hours."
            file={`therapist-utilisation-${data.from}-to-${data.to}`}
            empty="No therapists."
            rows={data.utilisation.therapists}
            chart={
              <BarChart
                horizontal
                labels={charts.therapists.labels}
                series={charts.therapists.series}
                format={percent}
                height={barsHeight(data.utilisation.therapists.length)}
                summary="Each therapist's booked share of opening hours."
              />
            }
            columns={({ text, count, share }) => [
              text('Therapist', (row) => row.name),
              count('Booked minutes', (row) => row.bookedMinutes),
              count('Open minutes', (row) => row.availableMinutes),
              share('Share', (row) => row.share),
            ]}
          />

          <ReportSection
            title="No-shows"
            description={`${data.noShows.total} no-show${data.noShows.total === 1 ? '' : 's'} against ${data.noShows.completed} completed visits (${percent(data.noShows.rate)}).`}
            file={`no-shows-${data.from}-to-${data.to}`}
            empty="No days in this range."
            rows={data.noShows.byDay}
            chart={
              <BarChart
                labels={charts.noShows.labels}
                series={charts.noShows.series}
                summary={`No-shows by day: ${data.noShows.total} in all.`}
              />
            }
            columns={({ count, businessDay }) => [
              businessDay('Date', (day) => day.date),
              count('No-shows', (day) => day.count),
            ]}
          />
        </>
      )}

      <ReportSection
        title="Average rating per treatment"
        description="From verified reviews of completed visits, all time."
        file="ratings-all-time"
        empty="No treatment has been reviewed yet."
        rows={rated}
        chart={
          <BarChart
            horizontal
            labels={ratingLabels}
            series={ratingSeries}
            format={(value) => value.toFixed(1)}
            height={barsHeight(rated.length)}
            summary="Average rating of each reviewed treatment, out of 5."
          />
        }
        columns={({ text, count }) => [
          text('Treatment', (service) => service.name),
          count('Average', (service) => service.rating.average),
          count('Reviews', (service) => service.rating.count),
        ]}
      />
    </div>
  );
}
