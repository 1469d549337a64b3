import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { formatDateTime } from '@app/shared/format';
import { createStaffRequestSchema, updateStaffRequestSchema, type Staff } from '@app/shared/schemas/partners';
import { DataTable, type Column } from '@/components/list/data-table';
import { FilterBar, SearchFilter } from '@/components/list/filters';
import { ListResults } from '@/components/list/list-results';
import { useListParams } from '@/components/list/use-list-params';
import { useDeleteStaff, useSaveStaff, useStaff } from '@/data/partners';
import { NS } from '../i18n';
import { EditDetailsDialog } from './edit-details-dialog';

const PARAMS = ['search'] as const;

/** /Store/Staff: the store's people, added, edited and deleted (after a confirmation). */
export function StaffManager() {
  const { t } = useTranslation(NS);
  const params = useListParams(PARAMS);
  const search = params.values.search;
  const staff = useStaff({ search });
  const save = useSaveStaff();
  const remove = useDeleteStaff();
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Staff | null>(null);
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      {t('staff.add')}
    </Button>
  );
  const fields = [
    { name: 'name', label: t('fields.name'), required: true, autoComplete: 'off' },
    { name: 'phone', label: t('fields.phone'), kind: 'tel' as const, required: editing === 'new', nullable: editing !== 'new', helperText: t('hints.phone'), autoComplete: 'off' },
    { name: 'position', label: t('fields.position'), nullable: true },
  ];
  const columns: Column<Staff>[] = [
    { id: 'name', header: t('fields.name'), sx: { fontWeight: 600 }, cell: (person) => person.name },
    { id: 'phone', header: t('fields.phone'), cell: (person) => person.phone ?? '—' },
    { id: 'position', header: t('fields.position'), hideBelow: 'sm', cell: (person) => person.position ?? '—' },
    { id: 'created', header: t('common.created'), hideBelow: 'md', cell: (person) => formatDateTime(person.created_at) },
    {
      id: 'actions',
      header: t('common.actions'),
      align: 'right',
      cell: (person) => (
        <>
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
        </>
      ),
    },
  ];

  return (
    <Box>
      <FilterBar>
        <SearchFilter value={search ?? ''} onChange={(next) => params.set({ search: next })} placeholder={t('staff.searchPlaceholder')} />
        <Box sx={{ flex: 1 }} />
        {addButton}
      </FilterBar>
      <ListResults query={staff} filtered={!!search} empty={{ title: t('staff.emptyTitle'), description: t('staff.empty'), icon: <GroupsOutlinedIcon fontSize="inherit" /> }}>
        {(rows) => <DataTable label={t('stores.staff')} columns={columns} rows={rows} rowKey={(person) => person.id} />}
      </ListResults>
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
    </Box>
  );
}
