import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '@app/shared/schemas/households';
import { FormField } from '@/components/form/form-field';
import { FormTextField } from '@/components/form/form-text-field';

/**
 * Only the digits of what was typed or pasted ("1234 5678 9012" from an app's screen): a
 * reference or code is nothing else. Not cut short: a digit too many is said, not dropped.
 */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * How the driver paid the household at the door (`payment` of the surrounding ZodForm):
 * Cash or UPI, and for UPI the 12-digit reference (UTR) its app shows. The server's 400
 * naming `payment.reference` lands under the reference.
 */
export function PaymentFields({ amount }: { amount: string }) {
  const { t } = useTranslation('driver');
  const labelId = useId();
  const { setValue, clearErrors } = useFormContext();
  const method = useWatch({ name: 'payment.method' }) as string | undefined;
  return (
    <Stack spacing={1.5}>
      <FormField
        name="payment.method"
        render={(input) => (
          <FormControl error={!!input.error} component="fieldset">
            <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 600 }}>
              {t('payment.legend', { amount })}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={labelId}
              name="payment.method"
              value={(input.value as string | undefined) ?? ''}
              onChange={(event) => {
                input.onChange(event.target.value);
                // Cash has no reference: what was typed for UPI is not sent.
                if (event.target.value === 'cash') {
                  setValue('payment.reference', '');
                  clearErrors('payment.reference');
                }
              }}
              onBlur={input.onBlur}
            >
              {PAYMENT_METHODS.map((value, index) => (
                <FormControlLabel key={value} value={value} control={<Radio slotProps={{ input: { ref: index === 0 ? input.inputRef : undefined } }} />} label={t(`payment.${value}`)} sx={{ mr: 3 }} />
              ))}
            </RadioGroup>
            {input.error && <FormHelperText>{input.error}</FormHelperText>}
          </FormControl>
        )}
      />
      {method === 'upi' && (
        <FormTextField
          name="payment.reference"
          label={t('payment.reference')}
          hint={t('payment.referenceHint')}
          parse={digitsOnly}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
      )}
    </Stack>
  );
}
