import { useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import type { SavedView, SavedViewList } from '@app/shared/schemas/saved-views';
import { lazyDialog } from '@/components/lazy-dialog';
import { useDeleteSavedView, useSavedViews } from '@/data/saved-views';
import { addTranslations } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { list as listEn } from '@/locales/en/list';
import type { ListParams } from './use-list-params';

addTranslations('list', listEn);

const SaveViewDialog = lazyDialog(() => import('./save-view-dialog').then((module) => module.SaveViewDialog));

/** The filter bar's "Saved views": open one (its query string becomes the list's), save the current one, delete. */
export function SavedViews({ list, params }: { list: SavedViewList; params: Pick<ListParams, 'query' | 'apply'> }) {
  const { t } = useTranslation('list');
  const views = useSavedViews(list);
  const remove = useDeleteSavedView(list);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => setAnchor(null);
  const open = (view: SavedView) => {
    params.apply(view.query);
    close();
  };
  return (
    <>
      <Button variant="outlined" startIcon={<BookmarksOutlinedIcon />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" aria-expanded={!!anchor}>
        {t('views.label')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ list: { 'aria-label': t('views.label') } }}>
        {views.isError && <MenuItem disabled>{t('views.failed')}</MenuItem>}
        {views.data?.length === 0 && <MenuItem disabled>{t('views.none')}</MenuItem>}
        {views.data?.map((view) => (
          <MenuItem key={view.id} onClick={() => open(view)} selected={view.query === params.query} sx={{ pr: 1 }}>
            <ListItemText>{view.name}</ListItemText>
            <IconButton
              size="small"
              edge="end"
              aria-label={t('views.delete', { name: view.name })}
              onClick={(event) => {
                event.stopPropagation();
                remove.mutate(view, { onSuccess: () => notify.success(t('views.deleted', { name: view.name })) });
              }}
              sx={{ ml: 2 }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setSaving(true);
          }}
        >
          <ListItemIcon>
            <BookmarkAddOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('views.save')}</ListItemText>
        </MenuItem>
      </Menu>
      {saving && (
        <SaveViewDialog list={list} query={params.query} onClose={() => setSaving(false)} />
      )}
    </>
  );
}
