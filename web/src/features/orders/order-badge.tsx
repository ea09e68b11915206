import type { Tone } from './order-status';
import '../../components/ui/badge.css';

const TONE_CLASS: Record<Tone, string> = {
  green: 'cat-badge--success',
  amber: 'cat-badge--warning',
  blue: 'cat-badge--accent',
  red: 'cat-badge--danger',
  grey: 'cat-badge--muted',
};

/** An order's state as a coloured pill. */
export function OrderBadge({ label, tone }: { label: string; tone: Tone }) {
  return <span className={`cat-badge ${TONE_CLASS[tone]}`}>{label}</span>;
}
