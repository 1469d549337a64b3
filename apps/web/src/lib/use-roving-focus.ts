import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

// The app's one keyboard map for moving along a row of items (WAI-ARIA's roving tab index:
// toggle buttons, tabs; the chart's bars use the map alone). The app is written left to
// right only (English and Hindi), so the arrows are not mirrored.

/** Which arrows move: Left/Right, Up/Down, or all four (a row that may wrap onto two lines). */
export type RovingOrientation = 'horizontal' | 'vertical' | 'both';

export interface RovingStepOptions {
  orientation?: RovingOrientation;
  /** Past the last item the next is the first, and back (true); or the ends hold (false). */
  wrap?: boolean;
  /** Items the keys pass over (and that never hold the tab stop). */
  isDisabled?: (index: number) => boolean;
}

const NEXT: Record<RovingOrientation, readonly string[]> = { horizontal: ['ArrowRight'], vertical: ['ArrowDown'], both: ['ArrowRight', 'ArrowDown'] };
const PREVIOUS: Record<RovingOrientation, readonly string[]> = { horizontal: ['ArrowLeft'], vertical: ['ArrowUp'], both: ['ArrowLeft', 'ArrowUp'] };

/**
 * Where `key` moves from item `from` of `count`: the next or previous enabled item, the first
 * (Home) or the last (End) enabled one; `from` itself where nothing is further. Null when the
 * key is not one of the map's (it is left to the browser).
 */
export function rovingStep(key: string, from: number, count: number, { orientation = 'horizontal', wrap = true, isDisabled = () => false }: RovingStepOptions = {}): number | null {
  if (count <= 0) return null;
  const walk = (start: number, step: 1 | -1, canWrap: boolean) => {
    let index = start;
    for (let tries = 0; tries < count; tries++, index += step) {
      if (index < 0 || index >= count) {
        if (!canWrap) return from;
        index = (index + count) % count;
      }
      if (!isDisabled(index)) return index;
    }
    return from;
  };
  if (key === 'Home') return walk(0, 1, false);
  if (key === 'End') return walk(count - 1, -1, false);
  if (NEXT[orientation].includes(key)) return walk(from + 1, 1, wrap);
  if (PREVIOUS[orientation].includes(key)) return walk(from - 1, -1, wrap);
  return null;
}

export interface RovingFocusOptions extends RovingStepOptions {
  count: number;
  /** The item that is the group's tab stop while the focus is outside it (the chosen one); -1 for none (the first enabled item). */
  current: number;
}

/**
 * A group of `count` focusable items with one tab stop: `current` (or the first enabled item),
 * and while the focus is inside the group, the item that has it. The keys of `rovingStep` move
 * the focus; they choose nothing (Enter, Space or a click do, as the items decide).
 * Spread `group` on the element around the items and `item(index)` on each item.
 */
export function useRovingFocus({ count, current, ...step }: RovingFocusOptions) {
  const items = useRef<(HTMLElement | null)[]>([]);
  // Set from focus events, never while React commits.
  const [focused, setFocused] = useState<number | null>(null);
  const enabled = (index: number) => index >= 0 && index < count && !step.isDisabled?.(index);
  const firstEnabled = Array.from({ length: count }, (_, index) => index).find(enabled) ?? 0;
  const tabStop = focused !== null && enabled(focused) ? focused : enabled(current) ? current : firstEnabled;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = items.current.indexOf(event.target as HTMLElement);
    if (from < 0 || from >= count) return;
    const to = rovingStep(event.key, from, count, step);
    if (to === null) return;
    event.preventDefault();
    items.current[to]?.focus();
  };

  // Leaving the group, the tab stop goes back to `current`.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(null);
  };

  return {
    group: { onKeyDown, onBlur },
    item: (index: number) => ({
      ref: (element: HTMLElement | null) => {
        items.current[index] = element;
      },
      tabIndex: index === tabStop ? 0 : -1,
      onFocus: () => setFocused(index),
    }),
  };
}
