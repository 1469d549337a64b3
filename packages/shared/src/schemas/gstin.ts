import { text } from './text';
import { checkGstin } from '../gst';

/**
 * A GSTIN as people type it, trimmed and upper-cased, then checked by format, state code and
 * check character (design.md sections 11 and 16). Empty text passes: it means "none", and
 * each caller says what none is (a vendor's null, the company's empty text). The vendor's
 * and the company's GSTIN both use this one check.
 */
export const gstinOrEmptySchema = text()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    if (value === '') return;
    const check = checkGstin(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message });
  });
