import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Role } from '@app/shared/constants';
import { activeNavItem, NAVIGATION } from '@/config/navigation';

/** The pages of a section, grouped, the current one marked. */
export function NavList({ section, onNavigate }: { section: Role; onNavigate?: () => void }) {
  const { t } = useTranslation(['common', 'pages']);
  const { pathname } = useLocation();
  const groups = NAVIGATION[section];
  const active = activeNavItem(groups, pathname);
  return (
    <>
      {groups.map((group, index) => (
        <List
          key={group.headingKey ?? index}
          dense
          subheader={group.headingKey ? <ListSubheader component="div">{t(group.headingKey)}</ListSubheader> : undefined}
        >
          {group.items.map((item) => {
            const Icon = item.icon;
            const current = item === active;
            return (
              <ListItemButton
                key={item.page.path}
                component={RouterLink}
                to={item.page.getHref()}
                selected={current}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ mx: 1, borderRadius: 1 }}
              >
                <ListItemIcon>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(item.page.titleKey)} />
              </ListItemButton>
            );
          })}
        </List>
      ))}
    </>
  );
}
