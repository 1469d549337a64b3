// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToggleChoice } from './toggle-choice';

const OPTIONS = [
  { value: '1m', label: '1 Month' },
  { value: '3m', label: '3 Months' },
  { value: 'all', label: 'All' },
] as const;

function choice(value: '1m' | '3m' | 'all' | null, onChange = vi.fn()) {
  render(<ToggleChoice value={value} options={OPTIONS} onChange={onChange} label="Dates" />);
  return { onChange, buttons: screen.getAllByRole('button'), group: screen.getByRole('group', { name: 'Dates' }) };
}

describe('ToggleChoice', () => {
  it('is a named group of toggle buttons with the chosen one pressed and the only tab stop', () => {
    const { buttons, group } = choice('3m');
    expect(group).toBeTruthy();
    expect(buttons.map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('with nothing chosen, the first is the tab stop', () => {
    const { buttons } = choice(null);
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1]);
  });

  it('chooses what is pressed, and nothing when the chosen one is pressed again', () => {
    const { buttons, onChange } = choice('3m');
    fireEvent.click(buttons[2]!);
    expect(onChange).toHaveBeenCalledWith('all');
    fireEvent.click(buttons[1]!);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves the focus along the row with the arrow keys, Home and End, round at the ends, without choosing', () => {
    const { buttons, onChange } = choice('3m');
    buttons[1]!.focus();
    fireEvent.keyDown(buttons[1]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(buttons[2]);
    fireEvent.keyDown(buttons[2]!, { key: 'Home' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons[2]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('makes the focused button the tab stop while the focus is in the row, and the chosen one again after', () => {
    const { buttons } = choice('3m');
    buttons[1]!.focus();
    fireEvent.keyDown(buttons[1]!, { key: 'ArrowRight' });
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, -1, 0]);
    fireEvent.blur(buttons[2]!, { relatedTarget: document.body });
    expect(buttons.map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
  });
});
