import type {} from '@mui/material/themeCssVarsAugmentation';
import { createTheme, type Theme } from '@mui/material/styles';
import { CHART_COLOR, MENU_MAX_HEIGHT_PX } from '@app/shared/constants';
import { serverMatchMedia } from './device';
import { DEVANAGARI_FAMILY } from './devanagari-font';

// One theme, two colour schemes (light and dark) as CSS variables. The mode follows the
// system until the person picks one with the top bar's toggle (useColorScheme).
// Greens for a recycling business; the spec's chart colour for every chart.

export { CHART_COLOR };

const FOCUS_RING = { outline: '2px solid var(--mui-palette-primary-main)', outlineOffset: 2 };
// The animations' names MUI's InputBase listens for (its `onAnimationStart`).
const AUTO_FILL = 'mui-auto-fill';
const AUTO_FILL_CANCEL = 'mui-auto-fill-cancel';
const INSET_FOCUS_RING = { outline: '2px solid var(--mui-palette-primary-main)', outlineOffset: -2 };

/**
 * The app's theme, made at its first use rather than when this module is evaluated: the
 * entry's modules are evaluated in one task as they arrive, the longest of a phone's start
 * (decision 052), and `createTheme` with its CSS variables is a good part of it.
 */
export function getTheme(): Theme {
  theme ??= makeTheme();
  return theme;
}

let theme: Theme | undefined;

const makeTheme = () =>
  createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: '#2e7d32', light: '#60ad5e', dark: '#005005', contrastText: '#ffffff' },
          secondary: { main: '#00695c', contrastText: '#ffffff' },
          success: { main: '#2e7d32' },
          error: { main: '#c62828' },
          // Darker than MUI's warning and info, so white text on a status chip reads at 4.5:1 (WCAG AA).
          warning: { main: '#b45309' },
          info: { main: '#0277bd' },
          background: { default: '#f4f7f3', paper: '#ffffff' },
        },
      },
      dark: {
        palette: {
          primary: { main: '#81c784', light: '#b2fab4', dark: '#519657', contrastText: '#0b1f0c' },
          secondary: { main: '#4db6ac', contrastText: '#00201c' },
          success: { main: '#66bb6a' },
          error: { main: '#ef5350' },
          warning: { main: '#ffa726' },
          background: { default: '#0f1410', paper: '#161d17' },
        },
      },
    },
    shape: { borderRadius: 10 },
    typography: {
      // Hindi's letters first (lib/devanagari-font.ts: the device's Noto Sans Devanagari, else the
      // app's copy; its range holds Devanagari alone, so Latin text goes on to system-ui). After
      // system-ui, Chromium on Linux drew Devanagari with the system font's empty boxes.
      fontFamily: `"${DEVANAGARI_FAMILY}", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif`,
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.4rem', fontWeight: 600 },
      h3: { fontSize: '1.2rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // A focus ring on every control reached by keyboard (WCAG 2.4.7): MUI only tints the
      // background, which a contained button does not show. Inside menus and lists the ring
      // is drawn inward so the paper's edge does not cut it.
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': FOCUS_RING } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
      MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_FOCUS_RING } } },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': { ...FOCUS_RING, borderRadius: 2 } } } },
      MuiButton: { defaultProps: { disableElevation: true } },
      // MUI's default (action.active) is 4.49:1 on the page background; text.secondary passes.
      MuiToggleButton: { styleOverrides: { root: { color: 'var(--mui-palette-text-secondary)' } } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      // MUI's inputs each add the keyframes by which they notice a browser's autofill as a
      // style element of its own while React commits (four on the admin's lists). Here the
      // keyframes come once, with the baseline (in index.html already), and the inputs keep
      // the same animations, so an autofilled field still lifts its label (decision 059).
      MuiCssBaseline: { styleOverrides: { [`@keyframes ${AUTO_FILL}`]: { from: { animationName: AUTO_FILL } }, [`@keyframes ${AUTO_FILL_CANCEL}`]: { from: { animationName: AUTO_FILL_CANCEL } } } },
      MuiInputBase: {
        defaultProps: { disableInjectingGlobalStyles: true },
        styleOverrides: { input: { animationName: AUTO_FILL_CANCEL, animationDuration: '10ms', '&:-webkit-autofill': { animationDuration: '5000s', animationName: AUTO_FILL } } },
      },
      // product-spec.md section 9: select and autocomplete menus at most 310 px high.
      MuiSelect: { defaultProps: { MenuProps: { slotProps: { paper: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } } } } },
      MuiAutocomplete: { defaultProps: { slotProps: { listbox: { style: { maxHeight: MENU_MAX_HEIGHT_PX } } } } },
      // The build's prerender draws a phone's page with a phone's media queries (decision 059).
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: serverMatchMedia } },
    },
  });
