import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import { createStaffRequestSchema, updateStaffRequestSchema, type Staff } from '@app/shared/schemas/partners';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { useDeleteStaff } from '../api/delete-staff';
import { useStaff } from '../api/get-staff';
import { useSaveStaff } from '../api/save-staff';
import { NS } from '../i18n';
import { EditDetailsDialog } from './edit-details-dialog';
import { ListFooter, SearchField, SkeletonRows, useDebounced } from './list-parts';

/** /Store/Staff: the store's people, added, edited and deleted (after a confirmation). */
export function StaffManager() {
  const { t } = useTranslation(NS);
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search.trim());
  const staff = useStaff({ search: debouncedSearch || undefined });
  const save = useSaveStaff();
  const remove = useDeleteStaff();
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Staff | null>(null);
  const rows = staff.data?.pages.flatMap((page) => page.items) ?? [];
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}>
      {t('staff.add')}
    </Button>
  );
  const fields = [
    { name: 'name', label: t('fields.name'), required: true, autoComplete: 'off' },
    { name: 'phone', label: t('fields.phone'), kind: 'tel' as const, required: editing === 'new', nullable: editing !== 'new', helperText: t('hints.phone'), autoComplete: 'off' },
    { name: 'position', label: t('fields.position'), nullable: true },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <SearchField value={search} onChange={setSearch} placeholder={t('staff.searchPlaceholder')} />
        {addButton}
      </Stack>
      {staff.isError ? (
        <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />
      ) : (
        <Paper variant="outlined">
          {!staff.isPending && rows.length === 0 ? (
            <EmptyState icon={<GroupsOutlinedIcon fontSize="inherit" />} title={debouncedSearch ? undefined : t('staff.emptyTitle')} description={debouncedSearch ? t('common.noMatch') : t('staff.empty')} />
          ) : (
            <>
              <TableContainer>
                <Table size="small" aria-label={t('stores.staff')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('fields.name')}</TableCell>
                      <TableCell>{t('fields.phone')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('fields.position')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('common.created')}</TableCell>
                      <TableCell align="right">{t('common.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {staff.isPending ? (
                      <SkeletonRows columns={5} rows={3} />
                    ) : (
                      rows.map((person) => (
                        <TableRow key={person.id} hover>
                          <TableCell sx={{ fontWeight: 600 }}>{person.name}</TableCell>
                          <TableCell sx={{ whiteSpace: 'nowrap' }}>{person.phone ?? '—'}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{person.position ?? '—'}</TableCell>
                          <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>{formatDateTime(person.created_at)}</TableCell>
                          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                            <Tooltip title={t('common.edit')}>
                              <IconButton aria-label={t('staff.editLabel', { name: person.name })} onClick={() => setEditing(person)}>
                                <EditOutlinedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title={t('common.delete')}>
                              <IconButton aria-label={t('staff.deleteLabel', { name: person.name })} color="error" onClick={() => setDeleting(person)}>
                                <DeleteOutlinedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                          </TableCell>
                        </TableRow>
                      ))
                    )}
                  </TableBody>
                </Table>
              </TableContainer>
              {!staff.isPending && (
                <ListFooter shown={rows.length} total={staff.data?.pages[0]?.total ?? null} hasMore={!!staff.hasNextPage} loading={staff.isFetchingNextPage} onMore={() => void staff.fetchNextPage()} />
              )}
            </>
          )}
        </Paper>
      )}
      {editing && (
        <EditDetailsDialog
          title={editing === 'new' ? t('staff.addTitle') : t('staff.editTitle', { name: editing.name })}
          schema={editing === 'new' ? createStaffRequestSchema : updateStaffRequestSchema}
          initial={editing === 'new' ? { name: '', phone: '', position: '' } : { name: editing.name, phone: editing.phone ?? '', position: editing.position ?? '' }}
          fields={fields}
          sendAll={editing === 'new'}
          save={(body) => save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, body })}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <Dialog open onClose={remove.isPending ? undefined : () => setDeleting(null)} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="delete-staff-title">
          <DialogTitle id="delete-staff-title">{t('staff.deleteTitle', { name: deleting.name })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('staff.deleteIntro', { name: deleting.name })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)} disabled={remove.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              color="error"
              loading={remove.isPending}
              onClick={() => remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
            >
              {t('common.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
