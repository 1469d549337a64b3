import ButtonBase from '@mui/material/ButtonBase';
import { styled } from '@mui/material/styles';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useRovingFocus } from '@/lib/use-roving-focus';

export interface TabBarItem<V extends string> {
  value: V;
  label: ReactNode;
  /** The tab's element id and the panel it names, where the page draws a tabpanel. */
  id?: string;
  controls?: string;
}

/**
 * How the bar fits its width: `fill` shares it equally, `wrap` goes onto a second row (every
 * tab stays in view), `scroll` scrolls sideways (a phone's long bar).
 */
export type TabBarLayout = 'fill' | 'wrap' | 'scroll';

// MUI's Tabs measures itself (getBoundingClientRect of the bar and the chosen tab) in an
// effect after every render to place its sliding indicator, a forced layout of the page each
// time a label changes: the counts in the driver's and the admin's tabs did it two or three
// times as a page started (decision 048). Here the chosen tab draws its own underline and
// nothing is measured. The styles are static, so they are serialised once for every tab.
const List = styled('div')({
  display: 'flex',
  minHeight: 48,
  '&[data-layout="wrap"]': { flexWrap: 'wrap' },
  '&[data-layout="scroll"]': {
    overflowX: 'auto',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
  },
  '&[data-layout="fill"] > [role="tab"]': { flex: '1 1 0', maxWidth: 'none' },
  '&[data-layout="wrap"] > [role="tab"]': { minWidth: 0, paddingLeft: 14, paddingRight: 14 },
});

const TabButton = styled(ButtonBase)(({ theme }) => ({
  ...theme.typography.button,
  minHeight: 48,
  minWidth: 90,
  maxWidth: 360,
  flexShrink: 0,
  padding: '12px 16px',
  textAlign: 'center',
  color: 'var(--mui-palette-text-secondary)',
  '&[aria-selected="true"]': {
    color: 'var(--mui-palette-primary-main)',
    boxShadow: 'inset 0 -2px 0 var(--mui-palette-primary-main)',
  },
  // Drawn inward: a scrolling bar would cut a ring drawn outside the tab.
  '&.Mui-focusVisible': { outline: '2px solid var(--mui-palette-primary-main)', outlineOffset: -2 },
}));

/**
 * A row of tabs (WAI-ARIA tabs: one tab in the Tab order, the arrow keys, Home and End move
 * between them (lib/use-roving-focus.ts), Enter or Space or a tap chooses). `value` null
 * chooses none (still loading).
 */
export function TabBar<V extends string>({
  value,
  items,
  onChange,
  label,
  layout = 'scroll',
  sx,
}: {
  value: V | null;
  items: readonly TabBarItem<V>[];
  onChange: (value: V) => void;
  label?: string;
  layout?: TabBarLayout;
  sx?: SxProps<Theme>;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const chosen = items.findIndex((item) => item.value === value);
  // The tab a keyboard reaches first: the chosen one, else the first.
  const roving = useRovingFocus({ count: items.length, current: chosen });

  // A chosen tab beyond a scrolling bar's edge is brought into view. A bar starts scrolled to
  // its first tab, so a start on that one reads no layout at all.
  const started = useRef(false);
  useLayoutEffect(() => {
    const list = listRef.current;
    const first = !started.current;
    started.current = true;
    if (layout !== 'scroll' || !list || chosen < 0 || (first && chosen === 0)) return;
    const tab = list.children[chosen] as HTMLElement | undefined;
    if (!tab) return;
    // Whole pixels past the edge: a tab's width has fractions, and a sliver cut off still reads as cut.
    const bar = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < bar.left) list.scrollLeft -= Math.ceil(bar.left - box.left);
    else if (box.right > bar.right) list.scrollLeft += Math.ceil(box.right - bar.right);
  }, [layout, chosen]);

  return (
    <List ref={listRef} role="tablist" aria-label={label} data-layout={layout} {...roving.group} sx={sx}>
      {items.map((item, index) => (
        <TabButton
          key={item.value}
          role="tab"
          id={item.id}
          aria-controls={item.controls}
          aria-selected={index === chosen}
          {...roving.item(index)}
          onClick={() => item.value !== value && onChange(item.value)}
        >
          {item.label}
        </TabButton>
      ))}
    </List>
  );
}
