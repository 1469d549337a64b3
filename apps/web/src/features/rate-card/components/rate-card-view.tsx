import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import UploadIcon from '@mui/icons-material/Upload';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MENU_MAX_HEIGHT_PX, RATE_TYPES, type RateType } from '@app/shared/constants';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { ExportButton } from '@/components/list/export-button';
import { useCities, useStates } from '@/data/catalog';
import { TabBar } from '@/components/tabs/tab-bar';
import { ToggleChoice } from '@/components/toggle-choice';
import { useRateCard, type RateCardFilters } from '@/data/rate-card';
import { BulkChangeDialog } from './bulk-change-dialog';
import { ImportRatesDialog } from './import-rates-dialog';
import { MaterialsPanel } from './materials-panel';
import { RateCardTable, type CellTarget, type RateTypeView } from './rate-card-table';
import { RateCellDialog } from './rate-cell-dialog';
import { RateHistoryDrawer } from './rate-history-drawer';

const VIEWS: readonly RateTypeView[] = [...RATE_TYPES, 'all'];

function numberParam(value: string | null): number | undefined {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The admin's rate card: tabs "Rate card" and "Materials". Filters live in the query string
 * (?type, ?state_id, ?city_id, ?search, ?highlight), so a link or a reload keeps them.
 */
export function RateCardView() {
  const { t } = useTranslation(['rateCard', 'common']);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'materials' ? 'materials' : 'card';
  const view: RateTypeView = (VIEWS as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as RateTypeView) : 'vendor';
  const stateId = numberParam(params.get('state_id'));
  const cityId = numberParam(params.get('city_id'));
  const highlight = numberParam(params.get('highlight')) ?? null;
  const search = params.get('search') ?? '';
  const [searchText, setSearchText] = useState(search);

  const setParam = useCallback(
    (changes: Record<string, string | number | undefined>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // Search as one types, once the typing pauses.
  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => setParam({ search: searchText.trim() || undefined }), 300);
    return () => clearTimeout(timer);
  }, [searchText, search, setParam]);

  const filters: RateCardFilters = useMemo(
    () => ({ state_id: stateId, city_id: cityId, search: search || undefined }),
    [stateId, cityId, search],
  );
  const card = useRateCard(filters, tab === 'card');
  const states = useStates();
  const cities = useCities();

  const [editing, setEditing] = useState<CellTarget | null>(null);
  const [historyOf, setHistoryOf] = useState<CellTarget | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const onEdit = useCallback((target: CellTarget) => setEditing(target), []);

  const cityOptions = useMemo(
    () => (cities.data ?? []).filter((c) => stateId === undefined || c.state.id === stateId),
    [cities.data, stateId],
  );
  const filtered = stateId !== undefined || cityId !== undefined || search !== '';

  const rateTypeForBulk: RateType = view === 'all' ? 'vendor' : view;

  return (
    <Box>
      <TabBar
        value={tab}
        onChange={(v) => setParam({ tab: v === 'card' ? undefined : v })}
        label={t('tabs.label')}
        items={[
          { value: 'card', label: t('tabs.card'), id: 'tab-card', controls: 'panel-card' },
          { value: 'materials', label: t('tabs.materials'), id: 'tab-materials', controls: 'panel-materials' },
        ]}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      />
      {tab === 'materials' ? (
        <Box role="tabpanel" id="panel-materials" aria-labelledby="tab-materials">
          <MaterialsPanel />
        </Box>
      ) : (
        <Box role="tabpanel" id="panel-card" aria-labelledby="tab-card">
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
              <ToggleChoice
                color="primary"
                value={view}
                onChange={(v) => setParam({ type: v === 'vendor' ? undefined : v })}
                label={t('filters.rateType')}
                options={VIEWS.map((v) => ({ value: v, label: t(`rateTypes.${v}`) }))}
                sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, '& .MuiToggleButton-root': { px: 2, whiteSpace: 'nowrap' } }}
              />
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setBulkOpen(true)}>
                  {t('actions.bulkChange')}
                </Button>
                <ExportButton path="/rate-card/export.csv" query={filters} fileStem="rate-card" />
                <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setImportOpen(true)}>
                  {t('actions.importCsv')}
                </Button>
              </Stack>
            </Stack>
            <Box sx={{ display: 'grid', gap: 2, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '200px 260px 1fr auto' } }}>
              <TextField
                select
                size="small"
                label={t('filters.state')}
                value={stateId ?? ''}
                onChange={(e) => setParam({ state_id: e.target.value || undefined, city_id: undefined, highlight: undefined })}
                slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } } } } }}
              >
                <MenuItem value="">{t('filters.anyState')}</MenuItem>
                {(states.data ?? []).map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
              <Autocomplete
                size="small"
                options={cityOptions}
                groupBy={(c) => c.state.name}
                getOptionLabel={(c) => `${c.name}, ${c.state.name}`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                value={cityOptions.find((c) => c.id === cityId) ?? null}
                onChange={(_e, c) => setParam({ city_id: c?.id, highlight: undefined })}
                loading={cities.isPending}
                slotProps={{ listbox: { sx: { maxHeight: MENU_MAX_HEIGHT_PX } } }}
                renderInput={(p) => <TextField {...p} label={t('filters.city')} />}
              />
              <TextField
                size="small"
                type="search"
                label={t('filters.search')}
                value={searchText}
                onChange={(e) => setSearchText(e.target.value)}
                slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
              />
              {filtered && (
                <Button
                  onClick={() => {
                    setSearchText('');
                    setParam({ state_id: undefined, city_id: undefined, search: undefined, highlight: undefined });
                  }}
                  sx={{ justifySelf: 'start' }}
                >
                  {t('actions.clearFilters')}
                </Button>
              )}
            </Box>
            {card.isPending ? (
              <Stack spacing={0.5} role="status" aria-label={t('common:states.loading')}>
                {Array.from({ length: 8 }, (_, i) => (
                  <Skeleton key={i} variant="rounded" height={44} />
                ))}
              </Stack>
            ) : card.isError ? (
              <ErrorState error={card.error} onRetry={() => void card.refetch()} />
            ) : card.data.rows.length === 0 ? (
              <EmptyState title={t('empty.title')} description={filtered ? t('empty.filtered') : t('empty.none')} />
            ) : (card.data.rows[0]?.rates.length ?? 0) === 0 ? (
              <Alert severity="info">{t('table.noMaterials')}</Alert>
            ) : (
              <Box sx={{ position: 'relative' }}>
                {card.isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 5 }} aria-hidden />}
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {t('filters.showing', { count: card.data.total })}
                </Typography>
                <RateCardTable rows={card.data.rows} view={view} highlightCityId={highlight} onEdit={onEdit} />
              </Box>
            )}
          </Stack>
        </Box>
      )}
      {editing && (
        <RateCellDialog
          key={`${editing.city.id}-${editing.entry.material.id}-${editing.rateType}`}
          target={editing}
          onClose={() => setEditing(null)}
          onShowHistory={(target) => {
            setEditing(null);
            setHistoryOf(target);
          }}
        />
      )}
      {historyOf && <RateHistoryDrawer target={historyOf} onClose={() => setHistoryOf(null)} />}
      {bulkOpen && <BulkChangeDialog initialType={rateTypeForBulk} onClose={() => setBulkOpen(false)} />}
      {importOpen && <ImportRatesDialog onClose={() => setImportOpen(false)} />}
    </Box>
  );
}
