// Business constants of product-spec §9.
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
// Deleted records wait this long in the recycle bin before housekeeping purges them (decision 086).
export const RECYCLE_BIN_DAYS = 30;

export const FILE_SIZE_LIMITS = {
  image: 5_242_880,
  file: 20_971_520,
  largeFile: 52_428_800,
} as const;

export const CONFIRM_MODAL_WIDTH = 416;
export const MODAL_WIDTH = 520;
export const CONFIRM_CLOSE_DELAY_MS = 20;
export const GUARD_TOKEN_LENGTH = 8;

export const NOTIFICATION_CONFIG = {
  duration: 4.5,
  placement: 'topRight',
  top: 24,
  bottom: 24,
  width: 384,
  maxCount: 3,
} as const;
export const MESSAGE_CONFIG = { duration: 3, top: 8 } as const;

export const THEME = {
  colorPrimary: '#021F65',
  fontFamily: "'Inter Variable', Inter, system-ui, sans-serif",
  fontSize: 13,
} as const;
export const BREAKPOINTS = { xs: 480, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;

export const DATE_FORMATS = {
  date: 'DD MMM YYYY',
  shortDate: 'MM/DD/YYYY',
  dateTime: 'DD MMM YYYY hh:mm A',
  longDate: 'dddd MMMM D YYYY',
  monthYear: 'MMMM YYYY',
  time: 'hh:mm A',
  utc: 'YYYY-MM-DDTHH:mm:ss[Z]',
} as const;

export const SESSION_REFETCH_INTERVAL = 0;

// Bounds the spec leaves open (decision 003).
export const LIMITS = {
  nameMax: 200,
  titleMax: 200,
  slugMax: 63,
  domainMax: 253,
  emailMax: 254,
  tagMax: 50,
  passwordMin: 8,
  passwordMax: 200,
} as const;

// Feature flags of spec §6.
export const FEATURE_FLAGS = {
  hideDevices: false,
  hideBookings: false,
  hideCampaigns: false,
  siteCreationDisabled: true,
} as const;
export type FeatureFlags = typeof FEATURE_FLAGS;

// Currencies a workspace can keep its amounts in (ISO 4217); every money field uses the
// workspace's one (decision 024).
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'JPY',
  'CNY',
  'INR',
  'BRL',
  'CAD',
  'AUD',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';
