import { AppError } from '@spa/kit/errors';
import {
  DEFAULT_PRODUCT_GST_BP,
  DEFAULT_SAC_CODE,
  DEFAULT_SERVICE_GST_BP,
  gstBpProblem,
  hsnCodeProblem,
  sacCodeProblem,
} from '@spa/rules';

/*
 * The tax fields of the service and product forms. A code or rate in the wrong form is well-formed
 * JSON the invoice could not be issued with, so it is refused with 422 naming its field; the checks are
 * @spa/rules', the same the admin form runs.
 */

function invalid(code: string, field: string, message: string): AppError {
  return new AppError(422, code, message, [{ field, message }]);
}

/** A treatment's SAC code: 999723 (physical well-being services) when none is given. */
export function cleanSacCode(input: string | undefined): string {
  if (input === undefined) return DEFAULT_SAC_CODE;
  const code = input.trim();
  const problem = sacCodeProblem(code);
  if (problem) throw invalid('INVALID_TAX_CODE', 'sacCode', problem);
  return code;
}

/** A product's HSN code: null (not classified) when none is given or it is left blank. */
export function cleanHsnCode(input: string | null | undefined): string | null {
  const code = input?.trim() ?? '';
  if (code === '') return null;
  const problem = hsnCodeProblem(code);
  if (problem) throw invalid('INVALID_TAX_CODE', 'hsnCode', problem);
  return code;
}

/** A GST rate in basis points: the default of its kind (a treatment 5%, a product 18%) when none is given. */
export function cleanGstBp(input: number | undefined, kind: 'service' | 'product'): number {
  if (input === undefined) return kind === 'service' ? DEFAULT_SERVICE_GST_BP : DEFAULT_PRODUCT_GST_BP;
  const problem = gstBpProblem(input);
  if (problem) throw invalid('INVALID_GST_RATE', 'gstBp', problem);
  return input;
}
