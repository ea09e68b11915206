import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/** Said the same way by the server and the screens that ask for a new password. */
export const PASSWORD_POLICY_MESSAGE =
  'Password must be 8 to 128 characters long and include at least one letter and one digit.';
export const BREACHED_PASSWORD_MESSAGE =
  'This password appears in published lists of passwords leaked in data breaches, so attackers try it first. Please choose a different one.';
export const GUESSABLE_PASSWORD_MESSAGE =
  'This password is too easy to guess: it is built from a common password, word, name, date or keyboard pattern. Please choose a longer, less predictable one (a few unrelated words work well).';

/**
 * zxcvbn-ts's common-language package is the offline list: about 49,000 of the passwords seen most
 * often in breach dumps plus common words, kept up to date by updating the npm package. Nothing is
 * looked up over the network.
 */
const breachedPasswords = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** zxcvbn's score 2 means about 10^6 or more guesses, beyond what the sign-in throttle lets anyone try. */
const MIN_SCORE = 2;
/** zxcvbn's matching grows with length; the tail of a long password adds no risk worth the CPU. */
const STRENGTH_CHECK_LENGTH = 64;

/**
 * Why a new password is not acceptable, or undefined when it is. Length counts characters, not bytes.
 * `context` is what the account already says about its owner (name, email): a password made of those
 * is easy to guess for anyone who knows them.
 */
export function passwordPolicyProblem(password: string, context: readonly string[] = []): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PASSWORD_POLICY_MESSAGE;
  if (!/\p{L}/u.test(password) || !/[0-9]/.test(password)) return PASSWORD_POLICY_MESSAGE;
  if (breachedPasswords.has(password.toLowerCase())) return BREACHED_PASSWORD_MESSAGE;
  const userInputs = context
    .flatMap((value) => [value, value.replace(/[^\p{L}\p{N}]/gu, ''), ...value.split(/[@.\s_+-]+/)])
    .filter((value) => value.length >= 3);
  const { score } = strength.check([...password].slice(0, STRENGTH_CHECK_LENGTH).join(''), userInputs);
  if (score < MIN_SCORE) return GUESSABLE_PASSWORD_MESSAGE;
  return undefined;
}
