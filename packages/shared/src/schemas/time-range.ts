// PostgreSQL has no year 0 and reads no year past 9999 (JS writes one as +010000), and no
// business day here lies before 1900: a time outside is a 400, never a failed query.
const EARLIEST_TIME = Date.UTC(1900, 0, 1);
const LATEST_TIME = Date.UTC(10_000, 0, 1) - 1;

/** Whether a time (ms since the epoch, NaN for none) lies in the years the database takes. */
export const isStorableTime = (time: number): boolean => time >= EARLIEST_TIME && time <= LATEST_TIME;
