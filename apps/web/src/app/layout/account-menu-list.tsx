import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { dashboardPath, routePrefix, type Role } from '@visus/core';
import { useAppDispatch } from '@/app/hooks';
import { logout } from '@/lib/auth/auth-slice';
import { useT } from '@/lib/i18n/i18n';

/**
 * The account menu's list (SPEC.md §2): My Account, View Profile, Logout. Its own file, loaded when the
 * account button is first pointed at, focused or pressed (account-menu.tsx): MUI's Menu, Popover, Modal
 * and MenuItem are not start-up JS of a signed-in screen (issue 25 item 5).
 */
export function AccountMenuList({
  role,
  name,
  anchor,
  onClose,
}: {
  role: Role;
  /** Whose account it is, once their details are in. */
  name: string | undefined;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onLogout = () => {
    onClose();
    dispatch(logout());
    void navigate('/login', { replace: true });
  };

  return (
    <Menu
      id="account-menu"
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {name !== undefined && (
        <Typography
          component="li"
          variant="body2"
          color="text.secondary"
          sx={{ px: 2, pt: 0.5, pb: 1, maxWidth: 260 }}
          noWrap
        >
          {t('shell.signedInAs')} <strong>{name}</strong>
        </Typography>
      )}
      <MenuItem component={RouterLink} to={dashboardPath(role)} onClick={onClose}>
        <ListItemIcon>
          <DashboardOutlinedIcon fontSize="small" />
        </ListItemIcon>
        {t('nav.myAccount')}
      </MenuItem>
      <MenuItem component={RouterLink} to={`/${routePrefix(role)}/profile`} onClick={onClose}>
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
  );
}
