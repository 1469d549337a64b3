import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { asciiDigits } from '@app/shared/digits';
import { PAYMENT_METHODS, type PaymentMethod } from '@app/shared/schemas/households';
import { FormField } from './form-field';
import { FormTextField } from './form-text-field';

/**
 * Only the digits of what was typed or pasted, in any script ("1234 5678 9012" from a UPI
 * app's screen, or a Hindi keyboard's ४१२३…): a reference or a code is nothing else. Not cut
 * short: a digit too many is said, not dropped.
 */
export const digitsOnly = (text: string): string => asciiDigits(text).replace(/\D/g, '');

export interface PaymentFieldTexts {
  legend: string;
  cash: string;
  upi: string;
  reference: string;
  referenceHint: string;
}

/**
 * How a household was paid at the door (design.md section 21), in the surrounding form: Cash
 * or UPI and, for UPI, the 12-digit reference its app shows, checked by the shared
 * paymentInputSchema. `name` is where the form keeps it (`payment` or the form's root); the
 * server's 400 naming `payment.reference` lands under the reference. The household approving
 * on its phone and the driver completing with its code use the same fields.
 */
export function PaymentFields({ name, texts }: { name: 'payment' | null; texts: PaymentFieldTexts }) {
  const labelId = useId();
  const field = (part: 'method' | 'reference') => (name ? `${name}.${part}` : part);
  const { setValue, clearErrors } = useFormContext();
  const method = useWatch({ name: field('method') }) as PaymentMethod | undefined;
  return (
    <Stack spacing={1.5}>
      <FormField
        name={field('method')}
        render={(input) => (
          <FormControl error={!!input.error} component="fieldset" required>
            <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 600 }}>
              {texts.legend}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={labelId}
              name={field('method')}
              value={(input.value as PaymentMethod | undefined) ?? ''}
              onChange={(event) => {
                input.onChange(event.target.value);
                // Cash has no reference: what was typed for UPI first is not sent.
                if (event.target.value === 'cash') {
                  setValue(field('reference'), '');
                  clearErrors(field('reference'));
                }
              }}
              onBlur={input.onBlur}
            >
              {PAYMENT_METHODS.map((value, index) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio slotProps={{ input: { ref: index === 0 ? input.inputRef : undefined } }} />}
                  label={texts[value]}
                  sx={{ mr: 3 }}
                />
              ))}
            </RadioGroup>
            {input.error && <FormHelperText>{input.error}</FormHelperText>}
          </FormControl>
        )}
      />
      {method === 'upi' && (
        <FormTextField
          name={field('reference')}
          label={texts.reference}
          hint={texts.referenceHint}
          parse={digitsOnly}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      )}
    </Stack>
  );
}
