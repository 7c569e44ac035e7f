import { useState } from 'react';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router';
import { PUBLIC_NAV_BREAKPOINT } from '@/app/theme';
import { optionalPart } from '@/lib/chunks/optional-part';
import { useT } from '@/lib/i18n/i18n';
import { PUBLIC_NAV } from './public-links';

// MUI's Menu (with Popover and Modal) comes only when a guest on a narrow screen opens the menu; a
// failed download shows nothing and the next press tries again (lib/chunks/optional-part.tsx).
const PublicMenu = optionalPart(() => import('./public-menu').then((m) => m.PublicMenu));

/** Guests see only Connect, Login and Register; below 420 px they fold into a menu (SPEC.md §2). */
export function PublicNav() {
  const t = useT();
  const compact = useMediaQuery(`(max-width:${PUBLIC_NAV_BREAKPOINT - 0.05}px)`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [presses, setPresses] = useState(0);
  // Once loaded the menu stays mounted, so it can animate closed.
  const [openedOnce, setOpenedOnce] = useState(false);
  if (anchor !== null && !openedOnce) setOpenedOnce(true);

  if (!compact) {
    return (
      <Box component="nav" aria-label={t('shell.mainNavigation')} sx={{ display: 'flex', gap: 0.5 }}>
        {PUBLIC_NAV.map(({ label, labelId, to }) => (
          <Button
            key={to}
            component={RouterLink}
            to={to}
            color="inherit"
            variant={label === 'Register' ? 'outlined' : 'text'}
          >
            {t(labelId)}
          </Button>
        ))}
      </Box>
    );
  }
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('shell.openMenu')}
        aria-controls={anchor ? 'public-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setPresses((count) => count + 1);
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {openedOnce && <PublicMenu anchor={anchor} onClose={() => setAnchor(null)} attempt={presses} />}
    </>
  );
}
