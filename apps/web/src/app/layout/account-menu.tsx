import { useState } from 'react';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { dashboardPath, routePrefix, type Role } from '@visus/core';
import { useAppDispatch } from '@/app/hooks';
import { logout } from '@/lib/auth/auth-slice';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/i18n';

function initials(name: string | undefined): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.length > 1 ? `${letters[0]}${letters[letters.length - 1]}` : (letters[0] ?? '');
}

/** The signed-in account menu (SPEC.md §2): My Account, View Profile, Logout. */
export function AccountMenu({ role }: { role: Role }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Rendered whenever someone is signed in, so this also keeps their details loaded (and refetched
  // when a change invalidates them) for every screen.
  const { data: user } = useCurrentUser();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const close = () => setAnchor(null);

  const onLogout = () => {
    close();
    dispatch(logout());
    void navigate('/login', { replace: true });
  };

  return (
    <>
      <IconButton
        color="inherit"
        // The name holds the initials the avatar shows (WCAG 2.5.3, label in name).
        aria-label={t('shell.accountMenu', { initials: initials(user?.name) }).trim()}
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        edge="end"
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>
          {initials(user?.name) || <PersonOutlineIcon fontSize="small" />}
        </Avatar>
      </IconButton>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user && (
          <Typography
            component="li"
            variant="body2"
            color="text.secondary"
            sx={{ px: 2, pt: 0.5, pb: 1, maxWidth: 260 }}
            noWrap
          >
            {t('shell.signedInAs')} <strong>{user.name}</strong>
          </Typography>
        )}
        <MenuItem component={RouterLink} to={dashboardPath(role)} onClick={close}>
          <ListItemIcon>
            <DashboardOutlinedIcon fontSize="small" />
          </ListItemIcon>
          {t('nav.myAccount')}
        </MenuItem>
        <MenuItem component={RouterLink} to={`/${routePrefix(role)}/profile`} onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.viewProfile')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={onLogout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
