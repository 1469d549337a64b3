import { MESSAGES } from '@app/shared/messages';
import { ORDER_STATUS_LABELS } from '@app/shared/order-status';

// The shell's English texts (namespace "common", the default). The spec's messages come
// from @app/shared/messages letter for letter.
export const common = {
  appName: 'Kabadi Orders',
  titles: {
    home: 'Home',
    login: 'Sign in',
    signup: 'Sign up',
    forgotPassword: 'Forgot password',
    notFound: 'Page Not Found',
    serverError: 'Internal Server Error',
    sell: 'Sell your scrap',
    householdStart: 'Sign in to book a pickup',
  },
  sections: {
    admin: 'Admin',
    store: 'Store',
    vendor: 'Vendor',
    driver: 'Driver',
    household: 'Household',
  },
  nav: {
    label: 'Pages of this section',
    skipToContent: 'Skip to the content',
    settings: 'Settings',
    openMenu: 'Open the navigation menu',
    closeMenu: 'Close the navigation menu',
  },
  topBar: {
    colorMode: {
      toLight: 'Switch to the light theme',
      toDark: 'Switch to the dark theme',
    },
    userMenu: 'Account menu',
    signedInAs: 'Signed in as {{name}}',
    role: 'Role: {{role}}',
    signOut: 'Sign out',
  },
  actions: {
    retry: 'Try again',
    goHome: 'Go to the start page',
    back: 'Go back',
    reload: 'Reload',
    cancel: 'Cancel',
    save: 'Save',
  },
  states: {
    loading: 'Loading…',
    empty: 'Nothing here yet.',
    errorTitle: 'This could not be loaded',
  },
  errors: {
    statusCode: 'Status code {{status}}',
    notFoundDescription: 'The page you asked for does not exist or has moved. Check the address, or go back to the start page.',
    serverErrorDescription: 'Something went wrong while showing this page. Try again; if it keeps happening, tell the admin what you were doing.',
    chunkReloading: 'A new version of the app is available. Reloading…',
    chunkOffline: 'You are offline, and this page has not been downloaded yet. It opens by itself as soon as the connection is back.',
    configTitle: 'The app cannot start',
    configHint: 'The site configuration could not be read. Tell the person who runs this site.',
  },
  buildUpdate: {
    available: 'A new version of the app is available.',
  },
  /** The admin's banner while Settings -> Information lacks what invoices name (components/layouts/company-info-notice.tsx). */
  companyInfo: {
    missing: 'Invoices name the company, but Settings › Information lacks its {{details}}.',
    open: 'Complete the company information',
    waiting_one: '{{count}} completed order waits for its invoice.',
    waiting_other: '{{count}} completed orders wait for their invoice; saving the information issues them in completion order.',
    details: { name: 'name', address: 'address', state: 'state (read from its GSTIN)', gstin: 'GSTIN' },
  },
  offline: {
    notice: 'You are offline.',
    noticeSince: 'You are offline. Showing what was loaded at {{time}}.',
    notLoadedTitle: 'Not on this device yet',
    notLoaded: 'This was not loaded before the device went offline. It loads when you are back online.',
    /** Online, while a screen shows kept data and waits for the server (components/layouts/kept-data-notice.tsx). */
    keptUpdating: 'Showing data from {{time}}; updating…',
    keptNotUpdated: 'Showing data from {{time}}; it could not be updated yet.',
  },
  messages: { ...MESSAGES },
  /** What MUI's components write by themselves (components/localized-defaults.tsx). */
  mui: {
    noOptions: 'No options',
    open: 'Open',
    close: 'Close',
    clear: 'Clear',
  },
  /** The language switch (sign-in page, user menu); each language's name in itself. */
  language: {
    /** Written in Hindi: a Hindi reader must find it on an English screen. */
    switchTo: 'हिन्दी',
    switchToLabel: 'Switch to Hindi: हिन्दी',
    saveFailed: 'The language is changed on this device, but could not be saved for your account.',
  },
  /** The spec's status labels, for every screen (keys from @app/shared/order-status-display). */
  orderStatus: { ...ORDER_STATUS_LABELS },
  /** Who an order is for (design.md section 21): a household's pickup is tagged wherever orders show. */
  customerKind: { household: 'Household' },
} as const;
