/**
 * GSTIN: 2-digit state code, the 10-character PAN, the entity number, 'Z', and a check character
 * (a mod-36 Luhn variant over the first 14 characters), e.g. 23ABCDE1234F1Z? for Madhya Pradesh.
 */
const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = CHARACTERS.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

export function isValidGstin(value: string): boolean {
  const match = SHAPE.exec(value);
  if (!match) return false;
  const state = Number(match[1]);
  return state >= 1 && state <= 38 && gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

/** The state code (first two digits): 23 is Madhya Pradesh. */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}
