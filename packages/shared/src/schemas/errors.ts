import { z } from 'zod';

/** design.md section 4: every error answer, whatever the status. */
export const errorResponseSchema = z.object({
  detail: z.string().describe('A message for a person'),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('Field name (dotted path) -> what is wrong with it'),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
