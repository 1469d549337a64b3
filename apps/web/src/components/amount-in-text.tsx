import Box from '@mui/material/Box';

/**
 * For react-i18next's `Trans`: a sentence's `<amount>{{amount}}</amount>` keeps the amount on
 * one line ("28,144.29 INR" broken after the figure, on a phone, reads as two things).
 */
export const AMOUNT_IN_TEXT = { amount: <Box component="span" sx={{ whiteSpace: 'nowrap' }} /> };
