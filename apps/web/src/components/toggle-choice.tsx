import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ToggleButton, { type ToggleButtonProps } from '@mui/material/ToggleButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRovingFocus } from '@/lib/use-roving-focus';

export interface ToggleChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
}

export interface ToggleChoiceProps<T extends string> {
  value: T | null;
  options: readonly ToggleChoiceOption<T>[];
  /** Called with the option pressed; pressing the chosen one again changes nothing. */
  onChange: (value: T) => void;
  /** The group's accessible name. */
  label: string;
  size?: ToggleButtonProps['size'];
  color?: ToggleButtonProps['color'];
  sx?: SxProps<Theme>;
}

// MUI's exclusive ToggleButtonGroup, drawn the same: one row of buttons joined at their edges.
const JOINED: SxProps<Theme> = {
  display: 'inline-flex',
  borderRadius: 1,
  '& > .MuiToggleButton-root:not(:last-of-type)': { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
  '& > .MuiToggleButton-root:not(:first-of-type)': { ml: '-1px', borderLeft: '1px solid transparent', borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
  '& > .MuiToggleButton-root.Mui-focusVisible': { zIndex: 1 },
};

/**
 * One choice of a few, as joined toggle buttons (the chart's metric and period, a list's
 * dates). MUI's ToggleButtonGroup registers its buttons for its roving tab index from their
 * refs, which sets state while React commits: the page's first commit then rendered again at
 * once and ran every waiting effect, the page's requests among them, in one task (decision
 * 057). The same keyboard here without it (lib/use-roving-focus.ts): one tab stop, the chosen
 * button (or, while the focus is in the row, the focused one); the arrow keys, Home and End
 * move the focus along the row; Space or Enter chooses.
 */
export function ToggleChoice<T extends string>({ value, options, onChange, label, size = 'small', color, sx }: ToggleChoiceProps<T>) {
  // All four arrows, as in a group of radio buttons (a choice of one).
  const roving = useRovingFocus({ count: options.length, current: options.findIndex((option) => option.value === value), orientation: 'both' });

  return (
    <Box role="group" aria-label={label} {...roving.group} sx={[JOINED, ...(Array.isArray(sx) ? sx : [sx])]}>
      {options.map((option, index) => (
        <ToggleButton
          key={option.value}
          {...roving.item(index)}
          value={option.value}
          size={size}
          color={color}
          selected={option.value === value}
          onChange={() => option.value !== value && onChange(option.value)}
        >
          {option.label}
        </ToggleButton>
      ))}
    </Box>
  );
}
