// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { screenOf } from '@/test/screen-width';
import { MoreFilters } from './more-filters';

const filters = (
  <>
    <label>
      Store
      <input />
    </label>
    <label>
      City
      <input />
    </label>
  </>
);

describe('MoreFilters', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a wider screen, puts the filters in the bar as they are, with no button', () => {
    screenOf(1280);
    render(<MoreFilters active={0}>{filters}</MoreFilters>);
    expect(screen.getByRole('textbox', { name: 'Store' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
  });

  it('on a phone, keeps them behind a "Filters" button that shows and hides them', () => {
    screenOf(390);
    render(<MoreFilters active={0}>{filters}</MoreFilters>);
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Store' })).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('group', { name: 'Filters' });
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.getByRole('textbox', { name: 'City' })).toBeTruthy();

    fireEvent.click(button);
    expect(screen.queryByRole('textbox', { name: 'City' })).toBeNull();
  });

  it('on a phone, starts open when a filter is set, and the button counts them', () => {
    screenOf(390);
    render(<MoreFilters active={2}>{filters}</MoreFilters>);
    expect(screen.getByRole('button', { name: 'Filters (2)' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Store' })).toBeTruthy();
  });

  it('on a phone, opens when a filter is set from outside it (a saved view), and stays as left when one is cleared', () => {
    screenOf(390);
    const { rerender } = render(<MoreFilters active={0}>{filters}</MoreFilters>);
    expect(screen.queryByRole('textbox', { name: 'Store' })).toBeNull();

    rerender(<MoreFilters active={1}>{filters}</MoreFilters>);
    const button = screen.getByRole('button', { name: 'Filters (1)' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Store' })).toBeTruthy();

    fireEvent.click(button);
    rerender(<MoreFilters active={0}>{filters}</MoreFilters>);
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
  });
});
