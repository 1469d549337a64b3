import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import { ESCALATION_STATUSES, type EscalationStatus } from '@app/shared/schemas/escalations';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { useEscalations } from '../api/get-escalations';
import { NS } from '../i18n';
import { escalationLinks, type EscalationViewer } from './escalation-links';
import { EscalationStatusChip } from './escalation-status-chip';

function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The issues a viewer may see: status filter, search, paging; stores and vendors can raise one. */
export function EscalationsList({ viewer }: { viewer: EscalationViewer }) {
  const { t } = useTranslation(NS);
  const [status, setStatus] = useState<EscalationStatus | null>(null);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search.trim());
  const escalations = useEscalations({ status: status ?? undefined, search: debouncedSearch || undefined });
  const rows = escalations.data?.pages.flatMap((page) => page.items) ?? [];
  const total = escalations.data?.pages[0]?.total ?? rows.length;
  const filtered = !!status || !!debouncedSearch;
  const createButton =
    viewer === 'admin' ? null : (
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={escalationLinks.create(viewer)} sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'center' } }}>
        {t('list.create')}
      </Button>
    );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            type="search"
            label={t('fields.search')}
            placeholder={t('list.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 320 }, flexShrink: 0 }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" aria-hidden /></InputAdornment> } }}
          />
          <Stack direction="row" spacing={1} role="group" aria-label={t('fields.status')} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {[null, ...ESCALATION_STATUSES].map((option) => (
              <Chip
                key={option ?? 'all'}
                label={t(`status.${option ?? 'all'}`)}
                color={status === option ? 'primary' : 'default'}
                variant={status === option ? 'filled' : 'outlined'}
                onClick={() => setStatus(option)}
                aria-pressed={status === option}
              />
            ))}
          </Stack>
        </Stack>
        {createButton}
      </Stack>
      {escalations.isError ? (
        <ErrorState error={escalations.error} onRetry={() => void escalations.refetch()} />
      ) : (
        <Paper variant="outlined">
          {!escalations.isPending && rows.length === 0 ? (
            <EmptyState
              icon={<SupportAgentOutlinedIcon fontSize="inherit" />}
              title={filtered ? undefined : t('list.emptyTitle')}
              description={filtered ? t('list.noMatch') : viewer === 'admin' ? t('list.emptyAdmin') : t('list.emptyOwn')}
              action={filtered ? undefined : createButton}
            />
          ) : (
            <>
              <TableContainer>
                <Table size="small" aria-label={t('list.issue')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('list.issue')}</TableCell>
                      <TableCell>{t('fields.status')}</TableCell>
                      {viewer !== 'store' && <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('list.raisedBy')}</TableCell>}
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('list.order')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('list.created')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {escalations.isPending
                      ? Array.from({ length: 4 }, (_, row) => (
                          <TableRow key={row}>
                            {Array.from({ length: 5 }, (_, col) => (
                              <TableCell key={col}>
                                <Skeleton variant="text" />
                              </TableCell>
                            ))}
                          </TableRow>
                        ))
                      : rows.map((issue) => (
                          <TableRow key={issue.id} hover>
                            <TableCell>
                              <Link component={RouterLink} to={escalationLinks.detail(viewer, issue.id)} sx={{ fontWeight: 600 }}>
                                {issue.subject}
                              </Link>
                              <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                                {formatDateTime(issue.created_at)}
                              </Typography>
                            </TableCell>
                            <TableCell>
                              <EscalationStatusChip status={issue.status} />
                            </TableCell>
                            {viewer !== 'store' && (
                              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                                <Typography variant="body2">{issue.store?.name ?? issue.vendor?.company_name ?? issue.created_by.name}</Typography>
                                <Typography variant="body2" color="text.secondary">
                                  {issue.store && issue.vendor ? issue.vendor.company_name : issue.created_by.name}
                                </Typography>
                              </TableCell>
                            )}
                            <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, fontVariantNumeric: 'tabular-nums' }}>{issue.order_number ?? '—'}</TableCell>
                            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDateTime(issue.created_at)}</TableCell>
                          </TableRow>
                        ))}
                  </TableBody>
                </Table>
              </TableContainer>
              {!escalations.isPending && (
                <Stack direction="row" sx={{ p: 2, justifyContent: 'space-between', alignItems: 'center' }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('list.showing', { shown: rows.length, total })}
                  </Typography>
                  {escalations.hasNextPage && (
                    <Button variant="outlined" loading={escalations.isFetchingNextPage} onClick={() => void escalations.fetchNextPage()}>
                      {t('list.loadMore')}
                    </Button>
                  )}
                </Stack>
              )}
            </>
          )}
        </Paper>
      )}
    </Stack>
  );
}
