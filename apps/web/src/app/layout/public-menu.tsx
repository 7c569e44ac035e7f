import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { PUBLIC_NAV } from './public-links';

interface PublicMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The guests' links folded into a menu on narrow screens (loaded the first time it is opened). */
export function PublicMenu({ anchor, onClose }: PublicMenuProps) {
  return (
    <Menu id="public-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {PUBLIC_NAV.map(({ label, to }) => (
        <MenuItem key={to} component={RouterLink} to={to} onClick={onClose}>
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}
