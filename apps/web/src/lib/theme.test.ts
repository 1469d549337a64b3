import type * as Styles from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';

// The theme is made at its first use, not when the module is evaluated (decision 052).
const made = vi.hoisted(() => ({ count: 0 }));
vi.mock('@mui/material/styles', async (importOriginal) => {
  const styles = await importOriginal<typeof Styles>();
  return {
    ...styles,
    createTheme: (...args: Parameters<typeof styles.createTheme>) => {
      made.count += 1;
      return styles.createTheme(...args);
    },
  };
});

describe('the theme', () => {
  it('is not made by importing its module, and is made once, at the first use', async () => {
    const { getTheme } = await import('./theme');
    expect(made.count).toBe(0);
    const theme = getTheme();
    expect(made.count).toBe(1);
    expect(getTheme()).toBe(theme);
    expect(made.count).toBe(1);
    expect(theme.palette.primary.main).toBe('#2e7d32');
  });
});
