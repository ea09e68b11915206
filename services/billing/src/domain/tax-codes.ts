/**
 * Classification codes printed on each invoice line.
 *
 * Services carry a SAC code from group 99972 "Beauty and physical well-being services" of the GST
 * services scheme: 999721 hairdressing and barbers' services; 999722 cosmetic treatment, manicuring
 * and pedicuring (facials, make-up, waxing, nails); 999723 physical well-being services (the UN CPC
 * 97230 it follows names spas, massage, steam and sauna baths). A spa's own treatments are massages
 * and body therapies, so 999723 is the default and the keyword list picks the other two.
 *
 * Products carry the 4-digit HSN heading where the name makes it clear (chapter 33 cosmetics and
 * toiletries, 3401 soap); otherwise the column stays blank rather than guess.
 */
const SPA_SERVICES_SAC = '999723';

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
  { code: '3401', keywords: /\b(soaps?|body wash|bath bars?)\b/i },
  { code: '3305', keywords: /\b(shampoos?|conditioners?|hair)\b/i },
  { code: '3303', keywords: /\b(perfumes?|eau de|fragrances?|colognes?|attar)\b/i },
  { code: '3307', keywords: /\b(bath salts?|bath bombs?|deodorants?|shaving|room spray|incense)\b/i },
  {
    code: '3304',
    keywords:
      /\b(creams?|lotions?|serums?|moisturi[sz]er|sunscreen|face|facial|skin|masks?|scrubs?|lip|kajal|make-?up|body butter|massage oils?|gels?|toners?)\b/i,
  },
];

export function sacCodeFor(serviceName: string): string {
  return SERVICE_CODES.find((entry) => entry.keywords.test(serviceName))?.code ?? SPA_SERVICES_SAC;
}

export function hsnCodeFor(productName: string): string | undefined {
  return PRODUCT_CODES.find((entry) => entry.keywords.test(productName))?.code;
}
