// Moved to the shared package: the money features (statements, invoices) need India time too.
export { IST_TIME_ZONE, istDate, istIsoTime, istMidnight } from '@app/shared/india-time';
