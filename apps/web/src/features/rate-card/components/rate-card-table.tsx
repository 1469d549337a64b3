import { memo, useEffect, useMemo, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { RATE_TYPES, type RateType } from '@app/shared/constants';
import { formatCurrency, formatDateTime } from '@app/shared/format';
import type { NamedRef, RateCardMaterial, RateCardRow } from '@app/shared/schemas/catalog';
import { useMaterialName } from '@/data/catalog';

// The rate card: one row per city (sticky on the left), one column (group) per material,
// sticky headers. A plain table scrolls natively. ~50 cities x 14 materials x 3 types is a
// few thousand cells, so each is a bare <td><button> styled once at the table, clicks and
// hovers are handled once at the body (event delegation) with one shared info popper, and
// rows are memoised so an edit re-renders one row only.

export type RateTypeView = RateType | 'all';

export type CellTarget = { city: NamedRef; state: NamedRef; entry: RateCardMaterial; rateType: RateType };

export interface RateCardTableProps {
  rows: RateCardRow[];
  view: RateTypeView;
  highlightCityId: number | null;
  onEdit: (target: CellTarget) => void;
}

const HEAD_ROW_HEIGHT = 40;
/** The city column's content width (the cell adds 2 x 16 px padding). */
const FIRST_COL_WIDTH = { xs: 96, sm: 160 };

export function RateCardTable({ rows, view, highlightCityId, onEdit }: RateCardTableProps) {
  const { t } = useTranslation('rateCard');
  const nameOf = useMaterialName();
  const types: readonly RateType[] = view === 'all' ? RATE_TYPES : [view];
  const materials = rows[0]?.rates.map((r) => r.material) ?? [];
  const twoRows = types.length > 1;
  const lookup = useMemo(() => {
    const map = new Map<string, CellTarget>();
    for (const row of rows)
      for (const entry of row.rates)
        for (const rateType of RATE_TYPES) map.set(cellKey(row.city.id, entry.material.id, rateType), { city: row.city, state: row.state, entry, rateType });
    return map;
  }, [rows]);
  const [info, setInfo] = useState<{ anchor: HTMLElement; target: CellTarget } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const cellAt = (node: EventTarget | null) => {
    const button = node instanceof Element ? node.closest<HTMLElement>('button[data-cell]') : null;
    const target = button ? lookup.get(button.dataset.cell ?? '') : undefined;
    return button && target ? { anchor: button, target } : null;
  };
  const showInfo = (next: ReturnType<typeof cellAt>, delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    if (next?.anchor === info?.anchor) return;
    if (!next) return setInfo(null);
    timer.current = setTimeout(() => setInfo(next), delay);
  };
  const onClick = (event: MouseEvent) => {
    const hit = cellAt(event.target);
    if (!hit) return;
    showInfo(null, 0);
    onEdit(hit.target);
  };

  return (
    <TableContainer
      sx={{ maxHeight: { xs: '70vh', md: 'calc(100vh - 300px)' }, minHeight: 120, border: 1, borderColor: 'divider', borderRadius: 1 }}
      tabIndex={0}
      aria-label={t('table.label')}
      role="region"
    >
      <Table stickyHeader size="small" aria-label={t('table.label')} sx={tableSx}>
        <TableHead>
          <TableRow sx={{ height: HEAD_ROW_HEIGHT }}>
            <TableCell
              rowSpan={twoRows ? 2 : 1}
              sx={{ left: 0, zIndex: 4, fontWeight: 700, borderRight: 1, borderRightColor: 'divider' }}
            >
              <Box sx={{ width: FIRST_COL_WIDTH }}>{t('table.city')}</Box>
            </TableCell>
            {materials.map((material) => (
              <TableCell
                key={material.id}
                colSpan={types.length}
                align={twoRows ? 'center' : 'right'}
                sx={{ fontWeight: 700, whiteSpace: 'nowrap', borderLeft: twoRows ? 1 : 0, borderLeftColor: 'divider' }}
              >
                {nameOf(material)}
                {!twoRows && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', fontWeight: 400 }}>
                    {t(`rateTypes.${types[0]!}`)} · {t('table.perKg')}
                  </Typography>
                )}
              </TableCell>
            ))}
          </TableRow>
          {twoRows && (
            <TableRow>
              {materials.flatMap((material) =>
                types.map((type, i) => (
                  <TableCell
                    key={`${material.id}-${type}`}
                    align="right"
                    sx={{ top: HEAD_ROW_HEIGHT, whiteSpace: 'nowrap', color: 'text.secondary', borderLeft: i === 0 ? 1 : 0, borderLeftColor: 'divider' }}
                  >
                    {t(`rateTypes.${type}`)}
                  </TableCell>
                )),
              )}
            </TableRow>
          )}
        </TableHead>
        <TableBody
          onClick={onClick}
          onMouseOver={(event: MouseEvent) => showInfo(cellAt(event.target), 400)}
          onMouseLeave={() => showInfo(null, 0)}
          onFocus={(event: FocusEvent) => showInfo(cellAt(event.target), 0)}
          onBlur={() => showInfo(null, 0)}
        >
          {rows.map((row) => (
            <RateRow key={row.city.id} row={row} types={types} highlighted={row.city.id === highlightCityId} />
          ))}
        </TableBody>
      </Table>
      <Popper open={info !== null} anchorEl={info?.anchor} placement="top" sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}>
        {info && <CellInfo target={info.target} />}
      </Popper>
    </TableContainer>
  );
}

function cellKey(cityId: number, materialId: number, type: RateType): string {
  return `${cityId}:${materialId}:${type}`;
}

const tableSx = {
  borderCollapse: 'separate',
  width: 'max-content',
  minWidth: '100%',
  '& td.rate-td': { p: 0, borderBottom: 1, borderBottomColor: 'divider', textAlign: 'right' },
  '& td.group-start': { borderLeft: 1, borderLeftColor: 'divider' },
  '& button.rate-cell': {
    appearance: 'none',
    border: 0,
    m: 0,
    bgcolor: 'transparent',
    display: 'block',
    width: '100%',
    px: 1.5,
    py: 1.25,
    textAlign: 'right',
    whiteSpace: 'nowrap',
    typography: 'body2',
    fontVariantNumeric: 'tabular-nums',
    color: 'text.primary',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 },
    '&.is-default': { color: 'text.secondary', fontStyle: 'italic' },
  },
} as const;

/** Who set a rate and when (or that it is the material's default): the cells' shared tooltip. */
function CellInfo({ target }: { target: CellTarget }) {
  const { t } = useTranslation('rateCard');
  const cell = target.entry[target.rateType];
  const who = cell.is_default
    ? t('table.defaultRate')
    : cell.updated_at
      ? cell.updated_by
        ? t('table.lastChanged', { name: cell.updated_by.name, time: formatDateTime(cell.updated_at) })
        : t('table.lastChangedUnknown', { time: formatDateTime(cell.updated_at) })
      : t('table.neverChanged');
  return (
    <Paper
      elevation={4}
      sx={{ mb: 0.75, px: 1, py: 0.5, maxWidth: 280, typography: 'caption', bgcolor: 'grey.800', color: 'common.white' }}
    >
      {who}
      <br />
      {t('table.clickToEdit')}
    </Paper>
  );
}

interface RateRowProps {
  row: RateCardRow;
  types: readonly RateType[];
  highlighted: boolean;
}

const RateRow = memo(function RateRow({ row, types, highlighted }: RateRowProps) {
  const { t } = useTranslation('rateCard');
  const nameOf = useMaterialName();
  const typeNames = { vendor: t('rateTypes.vendor'), driver: t('rateTypes.driver'), b2c: t('rateTypes.b2c') };
  return (
    <TableRow
      hover
      data-city-id={row.city.id}
      aria-current={highlighted ? 'true' : undefined}
      sx={
        highlighted
          ? { '& > td, & > th': { bgcolor: 'background.paper', backgroundImage: (theme) => `linear-gradient(${alpha(theme.palette.primary.main, 0.14)}, ${alpha(theme.palette.primary.main, 0.14)})` } }
          : undefined
      }
    >
      <TableCell
        component="th"
        scope="row"
        sx={{
          position: 'sticky',
          left: 0,
          zIndex: 2,
          bgcolor: 'background.paper',
          borderRight: 1,
          borderRightColor: 'divider',
        }}
      >
        <Box lang="en" sx={{ width: FIRST_COL_WIDTH, overflowWrap: 'break-word', hyphens: 'auto' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.city.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {row.state.name}
          </Typography>
        </Box>
      </TableCell>
      {row.rates.flatMap((entry) =>
        types.map((type, i) => {
          const cell = entry[type];
          const rate = formatCurrency(cell.rate);
          const key = cellKey(row.city.id, entry.material.id, type);
          return (
            <td key={key} className={types.length > 1 && i === 0 ? 'rate-td group-start' : 'rate-td'}>
              <button
                type="button"
                className={cell.is_default ? 'rate-cell is-default' : 'rate-cell'}
                data-cell={key}
                data-testid={`rate-${key.replaceAll(':', '-')}`}
                aria-label={t('table.cellLabel', { type: typeNames[type], material: nameOf(entry.material), city: row.city.name, rate })}
              >
                {rate}
              </button>
            </td>
          );
        }),
      )}
    </TableRow>
  );
});
