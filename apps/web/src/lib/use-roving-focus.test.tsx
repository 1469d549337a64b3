// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rovingStep, useRovingFocus, type RovingOrientation } from './use-roving-focus';

function Row({ current = -1, orientation, wrap, disabled = [] }: { current?: number; orientation?: RovingOrientation; wrap?: boolean; disabled?: number[] }) {
  const labels = ['A', 'B', 'C', 'D'];
  const roving = useRovingFocus({ count: labels.length, current, orientation, wrap, isDisabled: (index) => disabled.includes(index) });
  return (
    <div>
      <button type="button">Before</button>
      <div role="group" aria-label="Row" {...roving.group}>
        {labels.map((label, index) => (
          <button key={label} type="button" disabled={disabled.includes(index)} {...roving.item(index)}>
            {label}
          </button>
        ))}
      </div>
      <button type="button">After</button>
    </div>
  );
}

const items = () => ['A', 'B', 'C', 'D'].map((name) => screen.getByRole('button', { name }));
const tabIndexes = () => items().map((item) => item.tabIndex);
const focused = () => document.activeElement?.textContent;

/** Focuses item `from`, presses each key in turn, and answers the label focused after each. */
function press(from: number, ...keys: string[]): (string | null | undefined)[] {
  items()[from]!.focus();
  return keys.map((key) => {
    fireEvent.keyDown(document.activeElement!, { key });
    return focused();
  });
}

describe('useRovingFocus', () => {
  it('leaves one item in the Tab order: the current one, else the first', () => {
    const { unmount } = render(<Row current={2} />);
    expect(tabIndexes()).toEqual([-1, -1, 0, -1]);
    unmount();
    render(<Row />);
    expect(tabIndexes()).toEqual([0, -1, -1, -1]);
  });

  it('horizontal: Left and Right move, Up and Down are left to the page', () => {
    render(<Row orientation="horizontal" />);
    expect(press(0, 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp')).toEqual(['B', 'C', 'B', 'B', 'B']);
  });

  it('vertical: Up and Down move, Left and Right are left to the page', () => {
    render(<Row orientation="vertical" />);
    expect(press(0, 'ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft')).toEqual(['B', 'C', 'B', 'B', 'B']);
  });

  it('both: all four arrows move', () => {
    render(<Row orientation="both" />);
    expect(press(0, 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'ArrowUp')).toEqual(['B', 'C', 'B', 'A']);
  });

  it('only the keys of the map are taken from the browser', () => {
    render(<Row />);
    items()[0]!.focus();
    expect(fireEvent.keyDown(items()[0]!, { key: 'ArrowRight' })).toBe(false);
    expect(fireEvent.keyDown(items()[1]!, { key: 'ArrowDown' })).toBe(true);
    expect(fireEvent.keyDown(items()[1]!, { key: 'a' })).toBe(true);
  });

  it('Home and End go to the first and the last item', () => {
    render(<Row />);
    expect(press(1, 'End', 'Home')).toEqual(['D', 'A']);
  });

  it('goes round at the ends, or holds there without wrap', () => {
    const { unmount } = render(<Row />);
    expect(press(3, 'ArrowRight', 'ArrowLeft')).toEqual(['A', 'D']);
    unmount();
    render(<Row wrap={false} />);
    expect(press(3, 'ArrowRight')).toEqual(['D']);
    expect(press(0, 'ArrowLeft')).toEqual(['A']);
  });

  it('passes over disabled items, with the arrows, Home and End, and never makes one the tab stop', () => {
    render(<Row disabled={[0, 2]} current={0} />);
    expect(tabIndexes()).toEqual([-1, 0, -1, -1]);
    expect(press(1, 'ArrowRight', 'ArrowRight', 'Home', 'End', 'ArrowLeft')).toEqual(['D', 'B', 'B', 'D', 'B']);
  });

  it('makes the focused item the tab stop while the focus is in the group, and the current one again after', () => {
    render(<Row current={1} />);
    press(1, 'ArrowRight');
    expect(tabIndexes()).toEqual([-1, -1, 0, -1]);
    const after = screen.getByRole('button', { name: 'After' });
    fireEvent.blur(items()[2]!, { relatedTarget: after });
    after.focus();
    expect(tabIndexes()).toEqual([-1, 0, -1, -1]);
  });

  it('answers keys pressed on the items only, not on the group itself', () => {
    render(<Row />);
    const group = screen.getByRole('group', { name: 'Row' });
    expect(fireEvent.keyDown(group, { key: 'ArrowRight' })).toBe(true);
  });
});

describe('rovingStep', () => {
  it('answers null for a key outside the map, or for no items', () => {
    expect(rovingStep('Enter', 0, 3)).toBeNull();
    expect(rovingStep('ArrowRight', 0, 0)).toBeNull();
  });

  it('stays where it is when every other item is disabled', () => {
    expect(rovingStep('ArrowRight', 1, 3, { isDisabled: (index) => index !== 1 })).toBe(1);
    expect(rovingStep('Home', 1, 3, { isDisabled: (index) => index !== 1 })).toBe(1);
  });

  it('holds at the ends without wrap (a time line)', () => {
    expect(rovingStep('ArrowRight', 4, 5, { wrap: false })).toBe(4);
    expect(rovingStep('ArrowLeft', 0, 5, { wrap: false })).toBe(0);
    expect(rovingStep('End', 0, 5, { wrap: false })).toBe(4);
  });
});
