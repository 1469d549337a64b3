import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@app/shared/format';
import type { Notification } from '@app/shared/schemas/escalations';
import { safeRedirect } from '@/config/paths';
import { EmptyState } from '@/components/page-states/empty-state';
import { ErrorState } from '@/components/page-states/error-state';
import { notify } from '@/lib/notify';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '@/data/settings';
import { NS } from '../i18n';
import { translateServerMessage } from '@/lib/server-messages';

/** The caller's notifications: open one (marks it read), mark one or all read, unread only. */
export function NotificationsList() {
  const { t } = useTranslation([NS, 'common']);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const notifications = useNotifications(unreadOnly);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  const rows = notifications.data?.pages.flatMap((page) => page.items) ?? [];
  const open = (n: Notification) => {
    if (!n.read_at) markRead.mutate(n.id);
    const target = safeRedirect(n.link);
    if (target) void navigate(target);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography variant="h2">{t('notifications.listHeading')}</Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <FormControlLabel control={<Switch checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />} label={t('notifications.unreadOnly')} />
          <Button
            startIcon={<DoneAllIcon />}
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onSuccess: () => notify.success(t('notifications.allRead')) })}
            disabled={rows.every((n) => n.read_at)}
          >
            {t('notifications.markAllRead')}
          </Button>
        </Stack>
      </Stack>
      {notifications.isError ? (
        <ErrorState error={notifications.error} onRetry={() => void notifications.refetch()} />
      ) : notifications.isPending ? (
        <Stack spacing={1} role="status" aria-label={t('common:states.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyState icon={<NotificationsNoneOutlinedIcon fontSize="inherit" />} title={t('notifications.emptyTitle')} description={unreadOnly ? t('notifications.emptyUnread') : t('notifications.empty')} />
      ) : (
        <>
          <List disablePadding>
            {rows.map((n) => (
              // "Mark read" sits in the row's flow, never over the text (a secondary action is
              // placed absolutely, and covered the text on a phone): beside it from `sm`, under it below.
              <ListItem key={n.id} disablePadding divider sx={{ flexDirection: { xs: 'column', sm: 'row' }, alignItems: { xs: 'stretch', sm: 'center' } }}>
                <ListItemButton onClick={() => open(n)} sx={{ flex: 1, minWidth: 0, width: { xs: '100%', sm: 'auto' } }}>
                  <Box sx={{ mr: 2, width: 8, flexShrink: 0 }}>{!n.read_at && <Badge color="primary" variant="dot" aria-label={t('notifications.unread')} />}</Box>
                  <ListItemText
                    sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                    primary={translateServerMessage(n.title)}
                    secondary={
                      <>
                        {translateServerMessage(n.body)}
                        <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                          {formatDateTime(n.created_at)}
                        </Typography>
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: n.read_at ? 400 : 700 } } }}
                  />
                </ListItemButton>
                {!n.read_at && (
                  <Box sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'center' }, px: 1, pb: { xs: 1, sm: 0 } }}>
                    <Button size="small" onClick={() => markRead.mutate(n.id)} sx={{ whiteSpace: 'nowrap' }}>
                      {t('notifications.markRead')}
                    </Button>
                  </Box>
                )}
              </ListItem>
            ))}
          </List>
          {notifications.hasNextPage && (
            <Button sx={{ mt: 2 }} variant="outlined" loading={notifications.isFetchingNextPage} onClick={() => void notifications.fetchNextPage()}>
              {t('notifications.loadMore')}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
