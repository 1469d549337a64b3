// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TabBar } from './tab-bar';

const ITEMS = [
  { value: 'a', label: 'Apples', id: 'tab-a', controls: 'panel-a' },
  { value: 'b', label: 'Bottles' },
  { value: 'c', label: 'Cans' },
] as const;

function Bar({ start = 'a' as 'a' | 'b' | 'c' | null }) {
  const [value, setValue] = useState(start);
  return <TabBar value={value} items={ITEMS} onChange={setValue} label="Material" />;
}

describe('TabBar', () => {
  it('names the list, marks the chosen tab and leaves only it in the Tab order', () => {
    render(<Bar start="b" />);
    expect(screen.getByRole('tablist', { name: 'Material' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(tabs[0]?.id).toBe('tab-a');
    expect(tabs[0]?.getAttribute('aria-controls')).toBe('panel-a');
  });

  it('chooses a tab on a click and does not call back for the tab already chosen', () => {
    const onChange = vi.fn();
    render(<TabBar value="a" items={ITEMS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Apples' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Cans' }));
    expect(onChange).toHaveBeenCalledWith('c');
  });

  it('moves the focus with the arrow keys, Home and End, round the ends, without choosing', () => {
    render(<Bar />);
    const [apples, bottles, cans] = screen.getAllByRole('tab');
    apples!.focus();
    fireEvent.keyDown(apples!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(bottles);
    fireEvent.keyDown(bottles!, { key: 'End' });
    expect(document.activeElement).toBe(cans);
    fireEvent.keyDown(cans!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(apples);
    fireEvent.keyDown(apples!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(cans);
    fireEvent.keyDown(cans!, { key: 'Home' });
    expect(document.activeElement).toBe(apples);
    expect(apples!.getAttribute('aria-selected')).toBe('true');
  });

  it('with nothing chosen yet (still loading) keeps the first tab reachable', () => {
    render(<Bar start={null} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.every((tab) => tab.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(tabs[0]?.tabIndex).toBe(0);
    fireEvent.click(tabs[2]!);
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
  });
});
