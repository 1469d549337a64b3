import { useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import ToggleButton, { type ToggleButtonProps } from '@mui/material/ToggleButton';
import type { SxProps, Theme } from '@mui/material/styles';

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

const STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => (index === last ? 0 : index + 1),
  ArrowDown: (index, last) => (index === last ? 0 : index + 1),
  ArrowLeft: (index, last) => (index === 0 ? last : index - 1),
  ArrowUp: (index, last) => (index === 0 ? last : index - 1),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * One choice of a few, as joined toggle buttons (the chart's metric and period, a list's
 * dates). MUI's ToggleButtonGroup registers its buttons for its roving tab index from their
 * refs, which sets state while React commits: the page's first commit then rendered again at
 * once and ran every waiting effect, the page's requests among them, in one task (decision
 * 057). The same keyboard here without it: one tab stop, the chosen button (or, while the
 * focus is in the row, the focused one); the arrow keys, Home and End move the focus along the
 * row; Space or Enter chooses.
 */
export function ToggleChoice<T extends string>({ value, options, onChange, label, size = 'small', color, sx }: ToggleChoiceProps<T>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Set from focus events, never while React commits.
  const [focused, setFocused] = useState<number | null>(null);
  const tabStop = focused ?? Math.max(0, options.findIndex((option) => option.value === value));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    const from = buttons.current.findIndex((button) => button === event.target);
    if (!step || from < 0) return;
    event.preventDefault();
    buttons.current[step(from, options.length - 1)]?.focus();
  };

  // Leaving the row, the tab stop goes back to the chosen button.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
  };

  return (
    <Box role="group" aria-label={label} onKeyDown={onKeyDown} onBlur={onBlur} sx={[JOINED, ...(Array.isArray(sx) ? sx : [sx])]}>
      {options.map((option, index) => (
        <ToggleButton
          key={option.value}
          ref={(button: HTMLButtonElement | null) => {
            buttons.current[index] = button;
          }}
          value={option.value}
          size={size}
          color={color}
          selected={option.value === value}
          tabIndex={index === tabStop ? 0 : -1}
          onFocus={() => setFocused(index)}
          onChange={() => option.value !== value && onChange(option.value)}
        >
          {option.label}
        </ToggleButton>
      ))}
    </Box>
  );
}
