// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { DataTable, type Column } from './data-table';

interface Row {
  id: number;
  name: string;
  amount: number;
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, sort: { field: 'name' } },
  { id: 'amount', header: 'Amount', cell: (r) => r.amount, align: 'right', sort: { field: 'amount', firstDescending: true } },
  { id: 'note', header: 'Note', cell: () => '—' },
];

function Sortable() {
  const [ordering, setOrdering] = useState<string | null>(null);
  return (
    <>
      <output data-testid="ordering">{ordering ?? 'default'}</output>
      <DataTable label="Rows" columns={columns} rows={[{ id: 1, name: 'Copper', amount: 5 }]} rowKey={(r) => r.id} sort={{ ordering, fallback: '-created_at', onChange: setOrdering }} />
    </>
  );
}

describe('DataTable', () => {
  it('keeps cells on one line, but for the columns whose text may wrap where the table is short of room', () => {
    const wrapping: Column<Row>[] = [{ ...columns[0]!, wrap: true }, columns[1]!];
    renderApp(<DataTable label="Rows" columns={wrapping} rows={[{ id: 1, name: 'Sunita Kabadi Store', amount: 5 }]} rowKey={(r) => r.id} />);
    expect(getComputedStyle(screen.getByRole('cell', { name: 'Sunita Kabadi Store' })).whiteSpace).toBe('normal');
    expect(getComputedStyle(screen.getByRole('cell', { name: '5' })).whiteSpace).toBe('nowrap');
  });

  it('sorts by a column header: its first direction, then the other, then back to the default', () => {
    renderApp(<Sortable />);
    const amount = screen.getByRole('button', { name: 'Sort by Amount' });
    fireEvent.click(amount);
    expect(screen.getByTestId('ordering').textContent).toBe('-amount');
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(amount);
    expect(screen.getByTestId('ordering').textContent).toBe('amount');
    fireEvent.click(amount);
    expect(screen.getByTestId('ordering').textContent).toBe('default');
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    expect(screen.getByTestId('ordering').textContent).toBe('name');
  });

  it('offers no sorting on a column without a sort field', () => {
    renderApp(<Sortable />);
    expect(screen.queryByRole('button', { name: 'Sort by Note' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Copper' })).toBeTruthy();
  });
});
