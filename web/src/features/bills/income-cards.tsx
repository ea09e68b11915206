import { formatINR } from '../../lib/format';
import { formatBillDate } from './bill-dates';
import type { IncomeSummary } from './bill-types';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The fourth card's title when a range is chosen: the range itself replaces "All Time". */
function rangeIncomeLabel({ startDate, endDate }: DateRange): string {
  if (startDate && endDate) return `Income ${formatBillDate(startDate)} – ${formatBillDate(endDate)}`;
  if (startDate) return `Income from ${formatBillDate(startDate)}`;
  return `Income until ${formatBillDate(endDate)}`;
}

interface IncomeCardsProps {
  summary: IncomeSummary | undefined;
  range: DateRange;
}

export function IncomeCards({ summary, range }: IncomeCardsProps) {
  const hasRange = Boolean(range.startDate || range.endDate) && summary?.range !== undefined;
  const cards = [
    { label: "Today's Income", amount: summary?.today },
    { label: 'Last 7 Days Income', amount: summary?.last7Days },
    { label: 'Last 30 Days Income', amount: summary?.last30Days },
    hasRange
      ? { label: rangeIncomeLabel(range), amount: summary?.range, highlight: true }
      : { label: 'All Time Income', amount: summary?.allTime },
  ];

  return (
    <ul className="income-cards" aria-label="Income summary">
      {cards.map((card) => (
        <li key={card.label} className={`income-card${card.highlight ? ' income-card--range' : ''}`}>
          <span className="income-card__label">{card.label}</span>
          <strong className="income-card__amount">{summary ? formatINR(card.amount) : '…'}</strong>
        </li>
      ))}
    </ul>
  );
}
