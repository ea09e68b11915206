import { parseScaledDecimal } from '@spa/rules';
import { formatINR } from '../../lib/format';

/**
 * Rupees as the desk types them ("1,250.5", "₹ 99") read exactly into paise: the rules' decimal
 * reader, after the rupee sign and the digit grouping people write are taken out. Null when it is not a
 * non-negative amount with at most two decimals.
 */
export function rupeesToPaise(text: string): number | null {
  const plain = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  return plain ? parseScaledDecimal(plain, 2) : null;
}

/** Paise as the text of a rupee input ("1250.50"), exact for any whole number of paise. */
export function paiseToRupeesText(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`;
}

/** Paise on screen with the app's rupee format (₹1,250.50). */
export function formatPaise(paise: number | null | undefined): string {
  return formatINR(typeof paise === 'number' && Number.isFinite(paise) ? paise / 100 : null);
}
