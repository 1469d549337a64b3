// @vitest-environment happy-dom
import CssBaseline from '@mui/material/CssBaseline';
import TextField from '@mui/material/TextField';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getTheme } from './theme';

// MUI's inputs notice a browser's autofill by the animations the theme gives them (decision 059).

const styleText = () => [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');

describe("the theme's inputs", () => {
  it('share one copy of the autofill keyframes, written with the baseline, and keep the animations MUI listens for', () => {
    render(
      <ThemeProvider theme={getTheme()}>
        <CssBaseline />
        <TextField label="Search" />
        <TextField label="Store" />
        <TextField label="City" />
      </ThemeProvider>,
    );
    const css = styleText();
    expect(css.match(/@keyframes mui-auto-fill\{/g)).toHaveLength(1);
    expect(css.match(/@keyframes mui-auto-fill-cancel\{/g)).toHaveLength(1);
    expect(css).toMatch(/animation-name:mui-auto-fill-cancel;/);
    expect(css).toMatch(/:-webkit-autofill\{[^}]*animation-name:mui-auto-fill;/);
  });
});
