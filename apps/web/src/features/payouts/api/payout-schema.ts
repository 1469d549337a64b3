// A payout as the API answers it (design.md section 10): the shared wire schema.

export { PAYOUT_REFERENCE_MAX, PAYOUT_STATUSES, PAYOUT_TEXT_MAX, type Payout, type PayoutStatus } from '@app/shared/schemas/money';
