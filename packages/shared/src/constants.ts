// Every business constant of product-spec.md section 9 lives here, once.

export const TOAST_AUTO_HIDE_MS = 3000;
export const STORE_POLL_INTERVAL_MS = 5000;
export const DIALOG_MAX_WIDTH_PX = 500;
export const MENU_MAX_HEIGHT_PX = 310;
export const BUILD_RELOAD_GUARD_MS = 10_000;
export const TOKEN_EXPIRY_TOLERANCE_MS = 5000;
export const GUEST_CREDENTIALS_CACHE_S = 3000;
export const COOKIE_DEFAULT_EXPIRY_DAYS = 365;
export const DISPLAY_ID_PAD = 8;
export const MIN_PASSWORD_LENGTH = 6;
export const CHART_COLOR = '#FF4E60';
export const DEFAULT_LAYOUT = 'default';

export const DATE_FILTER_OPTIONS = [
  { key: '1m', label: '1 Month', days: 30 },
  { key: '3m', label: '3 Months', days: 90 },
  { key: '6m', label: '6 Months', days: 180 },
  { key: 'all', label: 'All', days: null },
] as const;
export type DateFilterKey = (typeof DATE_FILTER_OPTIONS)[number]['key'];

export const CHART_RANGE_OPTIONS = [
  { key: '12m', label: '12 Months', months: 12, days: null, group: 'month' },
  { key: '6m', label: '6 Months', months: 6, days: null, group: 'month' },
  { key: '3m', label: '3 Months', months: 3, days: null, group: 'month' },
  { key: '30d', label: 'Last 30 days', months: null, days: 30, group: 'day' },
] as const;
export const CHART_METRICS = ['count', 'vendor_amount'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];
export const CHART_GROUPS = ['month', 'day'] as const;
export type ChartGroup = (typeof CHART_GROUPS)[number];

export const RETRY_POLICY = {
  maxAttempts: 3,
  baseDelayMs: 100,
  maxJitterMs: 100,
  capMs: 300_000,
  retryableStatuses: [429, 500, 502, 503, 504] as readonly number[],
} as const;

export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 500;

export const WEIGHT_MAX_KG = 100_000;
export const WEIGHT_MAX_DECIMALS = 3;
export const MONEY_MAX_DECIMALS = 2;

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// A household sells its own scrap at the b2c rate (design.md section 21); it signs up by phone code only.
export const ROLES = ['admin', 'vendor', 'store', 'driver', 'household'] as const;
export type Role = (typeof ROLES)[number];
export const MEMBER_TYPES = ['vendor', 'store'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** Who an order is for: a store of a vendor, or a household (design.md section 21). */
export const CUSTOMER_KINDS = ['store', 'household'] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];
export const RATE_TYPES = ['vendor', 'driver', 'b2c'] as const;
export type RateType = (typeof RATE_TYPES)[number];
export const RESULT_FLAGS = { success: 'success', notYet: 'not yet' } as const;

/** The languages of the product (design.md section 13). Here, not in schemas/settings.ts, so the web app's start-up reads it without zod. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A retry-safe write (payouts, and the driver's queued actions of design.md section 15) carries one. Here, not in schemas/money.ts, so the web app's start-up reads it without zod. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The change feed's event names (design.md section 12; schemas/events.ts has their data). */
export const LIVE_EVENT_NAMES = ['order', 'notification', 'rates'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];
/** The keep-alive period of the change feed, and how long a reconnecting client may be behind. */
export const LIVE_KEEPALIVE_SECONDS = 25;
export const LIVE_REPLAY_MINUTES = 10;
