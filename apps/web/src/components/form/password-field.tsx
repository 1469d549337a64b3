import { forwardRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from './text-input';

export type PasswordFieldProps = Omit<TextInputProps, 'type' | 'endAdornment'> & {
  /** "current-password" to sign in, "new-password" to choose one (password managers rely on it). */
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a show/hide button. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const label = visible ? t('fields.hidePassword') : t('fields.showPassword');
  return (
    <TextInput
      {...props}
      ref={ref}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={label} onClick={() => setVisible((v) => !v)} edge="end" size="small">
            {visible ? <VisibilityOffOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});
