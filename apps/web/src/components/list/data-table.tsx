import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addTranslations } from '@/lib/i18n';
import { list as listEn } from '@/locales/en/list';
import { nextOrdering, sortState } from './ordering';

addTranslations('list', listEn);

/** Below this breakpoint the column is left out (it would not fit beside the drawer). */
export type HideBelow = 'sm' | 'md' | 'lg' | 'xl';

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** The list's `ordering` field this column sorts by; `firstDescending` for numbers and dates. */
  sort?: { field: string; firstDescending?: boolean };
  hideBelow?: HideBelow;
  /**
   * Text that may take two lines (names, addresses, a list of materials) where the table is
   * short of room; every other cell stays on one line (amounts, dates, chips, buttons).
   */
  wrap?: boolean;
  sx?: SxProps<Theme>;
}

export interface SortProps {
  ordering: string | null;
  /** The list's default (`-created_at`), which the URL leaves out. */
  fallback: string;
  onChange: (ordering: string | null) => void;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Where a click on the row leads (the row's own link stays the keyboard's way there). */
  rowHref?: (row: T) => string | undefined;
  /** Or what a click on the row does. */
  onRowClick?: (row: T) => void;
  sort?: SortProps;
}

const hide = (below: HideBelow | undefined) => (below ? { display: { xs: 'none', [below]: 'table-cell' } } : {});
// A wrapping column keeps a readable width: a name one word per line is no better than one out of sight.
// `&&`: above the table's own `td` rule.
const WRAP = { '&&': { whiteSpace: 'normal' }, minWidth: 96 } as const;
const cellSx = (column: Pick<Column<unknown>, 'hideBelow' | 'wrap' | 'sx'>) => [hide(column.hideBelow), column.wrap ? WRAP : {}, ...(Array.isArray(column.sx) ? column.sx : [column.sx])];

/** A table whose sortable headers set the list's `ordering` (server-side sorting). */
export function DataTable<T>({ label, columns, rows, rowKey, rowHref, onRowClick, sort }: DataTableProps<T>) {
  const { t } = useTranslation('list');
  const navigate = useNavigate();
  const current = sort ? sortState(sort.ordering, sort.fallback) : null;
  const clickable = !!rowHref || !!onRowClick;
  const open = (row: T) => {
    const href = rowHref?.(row);
    if (href) void navigate(href);
    else onRowClick?.(row);
  };
  return (
    <TableContainer>
      {/* The table takes the room its cells need up to the page's width (the browser's own table
          layout); beyond it the headers and the wrapping columns take two lines before the
          amounts on the right are pushed out of sight (a scroll is the last resort). */}
      <Table size="small" aria-label={label} sx={{ '& td': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => {
              const active = !!current && !!column.sort && current.field === column.sort.field;
              return (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={cellSx(column)}
                  sortDirection={active ? (current.descending ? 'desc' : 'asc') : false}
                >
                  {sort && column.sort ? (
                    <TableSortLabel
                      active={active}
                      direction={active ? (current.descending ? 'desc' : 'asc') : column.sort.firstDescending ? 'desc' : 'asc'}
                      onClick={() => sort.onChange(nextOrdering(sort.ordering, sort.fallback, column.sort!.field, !!column.sort!.firstDescending))}
                      aria-label={t('table.sortBy', { column: column.header })}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover={clickable} sx={clickable ? { cursor: 'pointer' } : undefined} onClick={clickable ? () => open(row) : undefined}>
              {columns.map((column) => (
                <TableCell key={column.id} align={column.align} sx={cellSx(column)}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
