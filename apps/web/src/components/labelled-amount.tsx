import Box from '@mui/material/Box';

/**
 * "Available to pay out: 28,144.29 INR": a label, then an amount that stays on one line (broken
 * after the figure, on a phone, it reads as two things). The label comes first in English and
 * Hindi alike. Not react-i18next's `Trans`: it would add 3.7 KB to every start (the framework
 * chunk holds what the app uses of the library).
 */
export function LabelledAmount({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      {label}{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Box>
    </>
  );
}
