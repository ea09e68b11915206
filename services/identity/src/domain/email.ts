import { domainToASCII, domainToUnicode } from 'node:url';

const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const NON_ASCII_LOCAL_PART_MESSAGE =
  'Email addresses with letters other than a to z before the @ are not supported. Please use an address whose part before the @ has only the letters a to z, digits and symbols such as . _ + -.';
export const MIXED_SCRIPT_DOMAIN_MESSAGE =
  "This email address's domain mixes letters from different alphabets (such as Latin and Cyrillic), which is how look-alike addresses are made. Please check the address.";
export const LOOKALIKE_DOMAIN_MESSAGE =
  "This email address's domain is written in letters that imitate Latin ones. Please type the address with its usual letters.";

/**
 * One mailbox, one spelling. The address is put in Unicode NFKC form (full-width and other
 * compatibility forms become their plain letters: `ｃｕｓｔｏｍｅｒ＠…` is `customer@…`), trimmed and
 * lower-cased, and an internationalised domain is stored in its ASCII (IDNA "xn--") form, so the
 * same domain typed either way is the same account and every stored address can be sent to by any
 * SMTP server without SMTPUTF8.
 */
export function normalizeEmail(raw: string): string {
  const email = raw.normalize('NFKC').trim().toLowerCase();
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const domain = email.slice(at + 1);
  if (/^[\x20-\x7e]*$/.test(domain)) return email;
  const ascii = domainToASCII(domain);
  return ascii ? `${email.slice(0, at + 1)}${ascii}` : email;
}

/**
 * Why a normalised address is refused, or undefined when it is accepted:
 * - the part before the @ must be plain ASCII (RFC 5321 dot-atom). Internationalised local parts
 *   need SMTPUTF8 at every hop and are where look-alikes hide (a Cyrillic `с` in `customer`), so
 *   they are refused with a message that says so;
 * - the domain must be a valid IDNA name; each label's letters come from one script (Han, Hiragana,
 *   Katakana, Hangul and Bopomofo count as one, as East Asian names mix them), and a Cyrillic or
 *   Greek label made only of letters that look Latin (`раураl`) is refused as a whole-script
 *   look-alike (Unicode TS #39).
 */
export function emailProblem(email: string): string | undefined {
  if (email.length > EMAIL_MAX_LENGTH) return INVALID_EMAIL_MESSAGE;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return INVALID_EMAIL_MESSAGE;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (/[^\x20-\x7e]/.test(local)) return NON_ASCII_LOCAL_PART_MESSAGE;
  if (
    local.length > LOCAL_PART_MAX_LENGTH ||
    !/^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i.test(local)
  )
    return INVALID_EMAIL_MESSAGE;
  if (/[^\x20-\x7e]/.test(domain)) return INVALID_EMAIL_MESSAGE; // normalizeEmail made valid ones ASCII
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(domain) || domainToASCII(domain) !== domain.toLowerCase())
    return INVALID_EMAIL_MESSAGE;
  const labels = domain.split('.');
  if (labels.some((label) => label.length > 63 || label.startsWith('-') || label.endsWith('-')))
    return INVALID_EMAIL_MESSAGE;
  if (/^[0-9]+$/.test(labels.at(-1)!)) return INVALID_EMAIL_MESSAGE;
  // An "xn--" label must be real punycode that encodes back to itself. Node 20's URL parser refused
  // the rest itself; Node 24's passes a label like "xn--zz" through unchanged.
  for (const label of labels.filter((each) => each.toLowerCase().startsWith('xn--'))) {
    const decoded = domainToUnicode(label);
    if (
      !decoded ||
      decoded.toLowerCase().startsWith('xn--') ||
      domainToASCII(decoded) !== label.toLowerCase()
    )
      return INVALID_EMAIL_MESSAGE;
  }
  for (const label of domainToUnicode(domain).split('.')) {
    const problem = labelScriptProblem(label);
    if (problem) return problem;
  }
  return undefined;
}

/** A plain yes or no; emailProblem says why. */
export function isValidEmail(email: string): boolean {
  return emailProblem(email) === undefined;
}

const SCRIPTS: Array<[name: string, pattern: RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Gurmukhi', /\p{Script=Gurmukhi}/u],
  ['Gujarati', /\p{Script=Gujarati}/u],
  ['Oriya', /\p{Script=Oriya}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Telugu', /\p{Script=Telugu}/u],
  ['Kannada', /\p{Script=Kannada}/u],
  ['Malayalam', /\p{Script=Malayalam}/u],
  ['Sinhala', /\p{Script=Sinhala}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Lao', /\p{Script=Lao}/u],
  ['Khmer', /\p{Script=Khmer}/u],
  ['Myanmar', /\p{Script=Myanmar}/u],
  ['Tibetan', /\p{Script=Tibetan}/u],
  ['Ethiopic', /\p{Script=Ethiopic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/** Cyrillic and Greek lower-case letters that are drawn like Latin ones (Unicode's confusables data). */
const LATIN_LOOKALIKES = new Set([...'аеорсухіјѕԁһԛԝүӏвкмнтьԍ', ...'αβγεικνορτυχ']);

function scriptOf(character: string): string | undefined {
  return SCRIPTS.find(([, pattern]) => pattern.test(character))?.[0];
}

function labelScriptProblem(label: string): string | undefined {
  const letters = [...label].filter((character) => /[\p{L}\p{M}]/u.test(character));
  const scripts = new Set<string>();
  for (const letter of letters) {
    if (/\p{M}/u.test(letter)) continue; // combining marks follow their base letter's script
    const script = scriptOf(letter);
    if (!script) return INVALID_EMAIL_MESSAGE;
    scripts.add(script);
  }
  if (scripts.size > 1) return MIXED_SCRIPT_DOMAIN_MESSAGE;
  const [script] = scripts;
  if (
    (script === 'Cyrillic' || script === 'Greek') &&
    letters.every((letter) => LATIN_LOOKALIKES.has(letter))
  )
    return LOOKALIKE_DOMAIN_MESSAGE;
  return undefined;
}
