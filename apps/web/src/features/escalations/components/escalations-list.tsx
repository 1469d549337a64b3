import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import { ESCALATION_ORDERING_FIELDS, ESCALATION_STATUSES, type Escalation } from '@app/shared/schemas/escalations';
import { DataTable, type Column } from '@/components/list/data-table';
import { FilterBar, SearchFilter } from '@/components/list/filters';
import { ListResults } from '@/components/list/list-results';
import { raiserOf, subjectOf } from './escalation-text';
import { allowedOrdering } from '@/components/list/ordering';
import { SavedViews } from '@/components/list/saved-views';
import { oneOf, useListParams } from '@/components/list/use-list-params';
import { useEscalations, type EscalationsQuery } from '@/data/escalations';
import { NS } from '../i18n';
import { escalationLinks, type EscalationViewer } from './escalation-links';
import { EscalationStatusChip } from './escalation-status-chip';

const PARAMS = ['status', 'search', 'ordering'] as const;
const DEFAULT_ORDERING = '-created_at';

function columnsFor(t: TFunction<typeof NS>, viewer: EscalationViewer): Column<Escalation>[] {
  const raisedBy: Column<Escalation> = {
    id: 'raised_by',
    header: t('list.raisedBy'),
    hideBelow: 'sm',
    wrap: true,
    cell: (issue) => (
      <>
        <Typography variant="body2">{issue.store?.name ?? issue.vendor?.company_name ?? raiserOf(issue, t)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {issue.store && issue.vendor ? issue.vendor.company_name : raiserOf(issue, t)}
        </Typography>
      </>
    ),
  };
  return [
    {
      id: 'issue',
      header: t('list.issue'),
      wrap: true,
      cell: (issue) => (
        <>
          <Link component={RouterLink} to={escalationLinks.detail(viewer, issue.id)} sx={{ fontWeight: 600 }}>
            {subjectOf(issue)}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
            {formatDateTime(issue.created_at)}
          </Typography>
        </>
      ),
    },
    { id: 'status', header: t('fields.status'), sort: { field: 'status' }, cell: (issue) => <EscalationStatusChip status={issue.status} /> },
    // A store raised them all itself.
    ...(viewer === 'store' ? [] : [raisedBy]),
    { id: 'order', header: t('list.order'), hideBelow: 'md', sx: { fontVariantNumeric: 'tabular-nums' }, cell: (issue) => issue.order_number ?? '—' },
    { id: 'created', header: t('list.created'), hideBelow: 'sm', sort: { field: 'created_at', firstDescending: true }, cell: (issue) => formatDateTime(issue.created_at) },
  ];
}

/** The issues a viewer may see: status, search and sort in the URL, server paging; stores and vendors can raise one. */
export function EscalationsList({ viewer }: { viewer: EscalationViewer }) {
  const { t } = useTranslation(NS);
  const params = useListParams(PARAMS);
  const { values } = params;
  const query: EscalationsQuery = useMemo(
    () => ({ status: oneOf(values.status, ESCALATION_STATUSES), search: values.search, ordering: allowedOrdering(values.ordering, ESCALATION_ORDERING_FIELDS) }),
    [values],
  );
  const escalations = useEscalations(query);
  const createButton =
    viewer === 'admin' ? null : (
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={escalationLinks.create(viewer)} nativeButton={false} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {t('list.create')}
      </Button>
    );

  return (
    <Box>
      <FilterBar>
        <SearchFilter value={values.search ?? ''} onChange={(search) => params.set({ search })} placeholder={t('list.searchPlaceholder')} />
        <Stack direction="row" spacing={1} role="group" aria-label={t('fields.status')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {[null, ...ESCALATION_STATUSES].map((option) => (
            <Chip
              key={option ?? 'all'}
              label={t(`status.${option ?? 'all'}`)}
              color={(query.status ?? null) === option ? 'primary' : 'default'}
              variant={(query.status ?? null) === option ? 'filled' : 'outlined'}
              onClick={() => params.set({ status: option })}
              aria-pressed={(query.status ?? null) === option}
            />
          ))}
        </Stack>
        <Box sx={{ flex: 1 }} />
        {viewer === 'admin' && <SavedViews list="escalations" params={params} />}
        {createButton}
      </FilterBar>
      <ListResults
        query={escalations}
        filtered={!!(query.status || query.search)}
        empty={{ title: t('list.emptyTitle'), description: viewer === 'admin' ? t('list.emptyAdmin') : t('list.emptyOwn'), action: createButton, icon: <SupportAgentOutlinedIcon fontSize="inherit" /> }}
      >
        {(rows) => (
          <DataTable
            label={t('list.issue')}
            columns={columnsFor(t, viewer)}
            rows={rows}
            rowKey={(issue) => issue.id}
            sort={{ ordering: values.ordering ?? null, fallback: DEFAULT_ORDERING, onChange: (ordering) => params.set({ ordering }) }}
          />
        )}
      </ListResults>
    </Box>
  );
}
