import { AppError } from '@spa/kit/errors';

/** A 4xx naming the request's field at fault (the one error shape: `details` lists the field). */
export const fieldError = (
  status: number,
  code: string,
  field: string,
  message: string,
  extra: object = {},
) => new AppError(status, code, message, [{ field, message, ...extra }]);
