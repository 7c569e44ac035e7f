import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { useT } from '@/lib/i18n/i18n';
import { PUBLIC_NAV } from './public-links';

interface PublicMenuProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The guests' links folded into a menu on narrow screens (loaded the first time it is opened). */
export function PublicMenu({ anchor, onClose }: PublicMenuProps) {
  const t = useT();
  return (
    <Menu id="public-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {PUBLIC_NAV.map(({ labelId, to }) => (
        <MenuItem key={to} component={RouterLink} to={to} onClick={onClose}>
          {t(labelId)}
        </MenuItem>
      ))}
    </Menu>
  );
}
