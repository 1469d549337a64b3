import type { SxProps, Theme } from '@mui/material/styles';

// /Sell's fields are the browser's own <select> and <input>, drawn in the theme's colours: a
// phone shows its own city picker and number pad, and the page needs none of MUI's field
// components (their chunk alone would take /Sell past its start budget,
// scripts/check-bundle-size.mjs). 16 px text: a phone does not zoom into the field.
export const nativeFieldSx: SxProps<Theme> = {
  font: 'inherit',
  fontSize: 16,
  lineHeight: 1.5,
  color: 'text.primary',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'text.secondary',
  borderRadius: 1,
  px: 1.5,
  py: 1,
  minHeight: 48,
  boxSizing: 'border-box',
  '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 1 },
  '&:disabled': { color: 'text.disabled', borderColor: 'divider' },
  '&[aria-invalid=true]': { borderColor: 'error.main' },
};
