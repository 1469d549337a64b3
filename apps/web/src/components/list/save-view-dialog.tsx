import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { DIALOG_MAX_WIDTH_PX } from '@app/shared/constants';
import { createSavedViewBodySchema, SAVED_VIEW_NAME_MAX, type SavedViewList } from '@app/shared/schemas/saved-views';
import { FormTextField } from '@/components/form/form-text-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { ZodForm } from '@/components/form/zod-form';
import { useCreateSavedView } from '@/data/saved-views';
import { notify } from '@/lib/notify';

// Loaded when "Save this view" is pressed, so a list's start does not load the form kit
// and the schemas (decision 045).

/** Names the list's current query and saves it as a view. */
export function SaveViewDialog({ list, query, onClose }: { list: SavedViewList; query: string; onClose: () => void }) {
  const { t } = useTranslation('list');
  const { t: common } = useTranslation('common');
  const create = useCreateSavedView();
  const form = useZodForm(createSavedViewBodySchema, { defaultValues: { name: '', list, query } });
  const onSubmit = form.submit(async (body) => {
    const view = await create.mutateAsync(body);
    notify.success(t('views.saved', { name: view.name }));
    onClose();
  });
  return (
    <Dialog open onClose={onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH_PX } } }} aria-labelledby="save-view-title">
      <ZodForm form={form} onSubmit={onSubmit}>
        <DialogTitle id="save-view-title">{t('views.saveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('views.saveHint')}</DialogContentText>
          <FormTextField name="name" label={t('views.name')} required autoFocus slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{common('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {common('actions.save')}
          </Button>
        </DialogActions>
      </ZodForm>
    </Dialog>
  );
}
