// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { OrdersBarChart } from './orders-bar-chart';

const MONTHS = [
  { period: '2026-09', value: 2 },
  { period: '2026-10', value: 0 },
  { period: '2026-11', value: 10 },
];

function bars(container: HTMLElement) {
  // Each period's group: a touch area, then the bar.
  return [...container.querySelectorAll('svg g')].map((group) => group.querySelectorAll('rect')[1]!);
}

describe('OrdersBarChart', () => {
  it('draws one bar per period, as tall as its value against the top tick', () => {
    const { container } = renderApp(<OrdersBarChart data={MONTHS} group="month" metric="count" label="Orders" format={(v) => String(v)} />);
    expect(bars(container).map((bar) => bar.getAttribute('height'))).toEqual(['20%', '0%', '100%']);
    expect(bars(container)[0]!.getAttribute('fill')).toBe('#FF4E60');
    expect(screen.getByText('Nov 26', { selector: 'span' })).toBeTruthy();
    expect([...container.querySelectorAll('[aria-hidden] span')].map((tick) => tick.textContent)).toEqual(expect.arrayContaining(['0', '2', '10']));
  });

  it("shares one style rule among its labels, wherever the data puts them (no rule to compile per answer)", () => {
    const { container } = renderApp(<OrdersBarChart data={MONTHS} group="month" metric="count" label="Orders" format={(v) => String(v)} />);
    const labels = [...container.querySelectorAll('[aria-hidden] span')];
    const ticks = labels.filter((label) => (label as HTMLElement).style.top !== '');
    const periods = labels.filter((label) => (label as HTMLElement).style.left !== '');
    expect(ticks.length).toBeGreaterThan(1);
    expect(periods).toHaveLength(MONTHS.length);
    expect(new Set(ticks.map((tick) => tick.className)).size).toBe(1);
    expect(new Set(periods.map((period) => period.className)).size).toBeLessThanOrEqual(2);
  });

  it('names the period and value of the bar touched, and lists every value for screen readers', () => {
    const { container } = renderApp(<OrdersBarChart data={MONTHS} group="month" metric="vendor_amount" label="Vendor amount" format={(v) => `${v} INR`} />);
    fireEvent.click(container.querySelectorAll('svg g')[2]!);
    expect(screen.getByText('Nov 26: 10 INR')).toBeTruthy();
    // A finger lifted "leaves" too: the line stays; a mouse moving away clears it.
    const chart = container.firstElementChild!;
    fireEvent.pointerLeave(chart, { pointerType: 'touch' });
    expect(screen.queryByText('Nov 26: 10 INR')).toBeTruthy();
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(screen.queryByText('Nov 26: 10 INR')).toBeNull();
    const table = screen.getByRole('table', { name: 'Vendor amount' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['Sept 262 INR', 'Oct 260 INR', 'Nov 2610 INR']);
  });

  it('is one tab stop for the keyboard: focus names the latest period, the arrows, Home and End walk the bars', () => {
    renderApp(<OrdersBarChart data={MONTHS} group="month" metric="count" label="Orders" format={(v) => `${v} orders`} />);
    const chart = screen.getByRole('group', { name: 'Orders' });
    expect(chart.tabIndex).toBe(0);
    fireEvent.focus(chart);
    expect(screen.getByText('Nov 26: 10 orders')).toBeTruthy();
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(screen.getByText('Oct 26: 0 orders')).toBeTruthy();
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(screen.getByText('Sept 26: 2 orders')).toBeTruthy();
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(screen.getByText('Sept 26: 2 orders')).toBeTruthy();
    fireEvent.keyDown(chart, { key: 'End' });
    expect(screen.getByText('Nov 26: 10 orders')).toBeTruthy();
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(screen.getByText('Nov 26: 10 orders')).toBeTruthy();
  });

  it('keeps the keyboard on a bar when the range shrinks under the one named', () => {
    const YEAR = Array.from({ length: 12 }, (_, i) => ({ period: `2026-${String(i + 1).padStart(2, '0')}`, value: i }));
    const { rerender } = render(<OrdersBarChart data={YEAR} group="month" metric="count" label="Orders" format={(v) => `${v} orders`} />);
    const chart = screen.getByRole('group', { name: 'Orders' });
    fireEvent.focus(chart);
    expect(screen.getByText('Dec 26: 11 orders')).toBeTruthy();
    rerender(<OrdersBarChart data={MONTHS} group="month" metric="count" label="Orders" format={(v) => `${v} orders`} />);
    fireEvent.keyDown(screen.getByRole('group', { name: 'Orders' }), { key: 'ArrowLeft' });
    expect(screen.getByText('Oct 26: 0 orders')).toBeTruthy();
  });
});
