/**
 * The methods that only read: GET, HEAD and OPTIONS. Every other method counts as a write, one the
 * platform does not route (TRACE, QUERY, …) included, so that what is forgotten on a write (a
 * caller's remembered revocation answers in the kit, the gateway's private and shared cached answers)
 * is forgotten rather than kept when in doubt.
 */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request with this method may change something (anything but GET, HEAD and OPTIONS). */
export function isWriteMethod(method: string): boolean {
  return !READ_METHODS.has(method);
}
