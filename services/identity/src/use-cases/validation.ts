import { AppError } from '@spa/kit';
import type { FieldIssue } from '../domain/user.js';

/** A rule-level validation failure, in the same shape and code as a schema validation failure. */
export function validationFailed(issues: FieldIssue[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request', issues);
}

export function invalidField(field: string, message: string): AppError {
  return validationFailed([{ field, message }]);
}
