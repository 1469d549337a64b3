import { forwardRef, useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'error'> & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** The label stays above the field, also while it is empty and not focused. */
  shrinkLabel?: boolean;
};

/**
 * An outlined, labelled text input that looks like MUI's TextField without pulling in
 * Select, Menu and Popover (TextField imports them for its `select` mode). For lean pages
 * such as /login; elsewhere TextField is fine.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { label, helperText, error, required, fullWidth = true, id, disabled, shrinkLabel, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} required={required} disabled={disabled}>
      <InputLabel htmlFor={inputId} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput {...props} id={inputId} label={label} notched={shrinkLabel || undefined} inputRef={ref} aria-describedby={helperText ? helperId : undefined} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
