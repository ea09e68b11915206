export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Said the same way by the server and the screens that ask for a new password. */
export const PASSWORD_POLICY_MESSAGE =
  'Password must be 8 to 128 characters long and include at least one letter and one digit.';

/** Why a new password is not acceptable, or undefined when it is. Length counts characters, not bytes. */
export function passwordPolicyProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PASSWORD_POLICY_MESSAGE;
  if (!/\p{L}/u.test(password) || !/[0-9]/.test(password)) return PASSWORD_POLICY_MESSAGE;
  return undefined;
}
