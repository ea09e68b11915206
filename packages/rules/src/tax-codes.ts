/**
 * The tax classification of what the spa sells, as the catalogue keeps it and every invoice line prints
 * it: a SAC code for each treatment, an HSN code for each product, and a GST rate for each.
 *
 * Services carry a SAC code from group 99972 "Beauty and physical well-being services" of the GST
 * services scheme: 999721 hairdressing and barbers' services; 999722 cosmetic treatment, manicuring
 * and pedicuring (facials, make-up, waxing, nails); 999723 physical well-being services (the UN CPC
 * 97230 it follows names spas, massage, steam and sauna baths). A spa's own treatments are massages
 * and body therapies, so 999723 is the default and the keyword guess picks the other two.
 *
 * Products carry an HSN heading (4 digits) or a finer subheading (6 or 8). The keyword guess gives the
 * heading only where the name makes it clear (chapter 33 cosmetics and toiletries, 3401 soap, 3406
 * candles, 0902 tea, 1513 coconut oil); otherwise it gives nothing rather than guess.
 *
 * GST rates are basis points (1800 = 18%). Since the rate rationalisation of 22 September 2025 the
 * slabs are 5%, 18% and 40% (and nil); 12% and 28% remain for supplies made before it, so a product
 * still billed at them can be described. The guess never picks a rate: that is the admin's choice.
 *
 * The defaults follow that rationalisation: beauty and physical well-being services (SAC 99972, the
 * spa's treatments) are taxed at 5% (without input tax credit) since 22 September 2025, and 18% is
 * no longer an option for them; products default to 18%, the rate of most cosmetics, and an admin
 * sets 5% on those the schedule lowered (hair oil, shampoo, soap, ...).
 */

export const DEFAULT_SAC_CODE = '999723';
export const DEFAULT_SERVICE_GST_BP = 500;
export const DEFAULT_PRODUCT_GST_BP = 1800;

/** The GST rates a treatment or product may carry, in basis points, lowest first. */
export const GST_RATES_BP: readonly number[] = [0, 500, 1200, 1800, 2800, 4000];

/** A rate as people say it: 1800 → "18%", 250 → "2.5%". */
export function gstRateLabel(gstBp: number): string {
  return `${gstBp / 100}%`;
}

const SAC_CODE = /^99\d{4}$/;
const HSN_CODE = /^(\d{4}|\d{6}|\d{8})$/;

/** Why a SAC code is not one a service can carry (6 digits, chapter 99), or undefined when it is. */
export function sacCodeProblem(code: string): string | undefined {
  return SAC_CODE.test(code) ? undefined : 'SAC code must be 6 digits starting with 99, e.g. 999723';
}

/** Why an HSN code is not one a product can carry (4, 6 or 8 digits), or undefined when it is. */
export function hsnCodeProblem(code: string): string | undefined {
  return HSN_CODE.test(code) ? undefined : 'HSN code must be 4, 6 or 8 digits, e.g. 3304';
}

/** Why a rate is not one of GST's, or undefined when it is. */
export function gstBpProblem(gstBp: number): string | undefined {
  if (GST_RATES_BP.includes(gstBp)) return undefined;
  const rates = GST_RATES_BP.map(gstRateLabel);
  return `GST rate must be one of ${rates.slice(0, -1).join(', ')} or ${rates.at(-1)}`;
}

interface KeywordCode {
  code: string;
  keywords: RegExp;
}

const SERVICE_CODES: KeywordCode[] = [
  { code: '999721', keywords: /\b(hair|haircut|hairstyl\w*|barber|shav\w*|beard|blow ?dry)\b/i },
  {
    code: '999722',
    keywords:
      /\b(facials?|clean-?up|manicures?|pedicures?|nails?|make-?up|wax\w*|threading|bleach|cosmetic|de-?tan|peel)\b/i,
  },
];

// First match wins, so the narrower headings come before the broad skin-care one.
const PRODUCT_CODES: KeywordCode[] = [
  { code: '3301', keywords: /\b(essential oils?|aroma ?oils?)\b/i },
  { code: '1513', keywords: /\b(coconut oil)\b/i },
  { code: '0902', keywords: /\b(green tea|black tea)\b/i },
  { code: '3406', keywords: /\b(candles?)\b/i },
  { code: '3401', keywords: /\b(soaps?|body wash|bath bars?)\b/i },
  { code: '3305', keywords: /\b(shampoos?|conditioners?|hair)\b/i },
  { code: '3303', keywords: /\b(perfumes?|eau de|fragrances?|colognes?|attar)\b/i },
  {
    code: '3307',
    keywords: /\b(bath salts?|bath bombs?|deodorants?|shaving|room spray|reed diffusers?|incense)\b/i,
  },
  {
    code: '3304',
    keywords:
      /\b(creams?|lotions?|serums?|moisturi[sz]er|sunscreen|face|facial|skin|masks?|scrubs?|lip|kajal|make-?up|body butter|massage oils?|gels?|toners?)\b/i,
  },
];

/** The SAC code a treatment's name suggests; 999723 (physical well-being) when nothing narrower fits. */
export function sacCodeFor(serviceName: string): string {
  return SERVICE_CODES.find((entry) => entry.keywords.test(serviceName))?.code ?? DEFAULT_SAC_CODE;
}

/** The HSN heading a product's name suggests, or undefined when the name does not make it clear. */
export function hsnCodeFor(productName: string): string | undefined {
  return PRODUCT_CODES.find((entry) => entry.keywords.test(productName))?.code;
}
