/**
 * Razorpay answers every refusal as `{ error: { code, description, source, step, reason, metadata,
 * field? } }`; the SDK hands `error` on to its caller, so the sandbox keeps that shape exactly.
 */
export interface RazorpayErrorBody {
  code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: Record<string, string>;
  field?: string;
}

export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.description);
    this.name = 'SandboxError';
  }
}

export function badRequestError(description: string, field?: string): SandboxError {
  return new SandboxError(400, {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  });
}

export function authenticationError(): SandboxError {
  return new SandboxError(401, {
    code: 'BAD_REQUEST_ERROR',
    description: 'Authentication failed',
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  });
}

/** Razorpay answers an unknown id with a 400, not a 404. */
export function unknownIdError(): SandboxError {
  return badRequestError('The id provided does not exist', 'id');
}
