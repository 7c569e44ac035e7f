import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation } from 'react-router';
import type { Role } from '@visus/core';
import { LogoMark } from '@/components/logo';
import { DRAWER_WIDTH } from '@/app/theme';
import { useT } from '@/lib/i18n/i18n';
import { drawerGroups } from './navigation';

interface NavDrawerProps {
  role: Role;
  open: boolean;
  onClose: () => void;
}

/** The signed-in menu (SPEC.md §2): a temporary 240 px drawer that closes on navigation. */
export function NavDrawer({ role, open, onClose }: NavDrawerProps) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Drawer
      variant="temporary"
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
    >
      <Toolbar sx={{ gap: 1, color: 'primary.main' }}>
        <LogoMark variant="onLight" />
        <Typography variant="h6" component="span" sx={{ color: 'text.primary' }}>
          Visus
        </Typography>
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('shell.mainNavigation')}>
        {drawerGroups(role).map((group, index) => (
          <Fragment key={group[0]?.to ?? index}>
            {index > 0 && <Divider />}
            <List>
              {group.map(({ labelId, to, icon: Icon }) => (
                <ListItem key={to} disablePadding>
                  <ListItemButton component={NavLink} to={to} selected={pathname === to} onClick={onClose}>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Icon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={t(labelId)} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
    </Drawer>
  );
}
