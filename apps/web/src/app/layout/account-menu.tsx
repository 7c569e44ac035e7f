import { useState } from 'react';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { Role } from '@visus/core';
import { useCurrentUser } from '@/lib/auth/use-auth';
import { optionalPart } from '@/lib/chunks/optional-part';
import { useT } from '@/lib/i18n/i18n';

// The list downloads when the button is first pointed at, focused or pressed (issue 25 item 5); if
// that fails, each press tries again (lib/chunks/optional-part.tsx).
const AccountMenuList = optionalPart(() => import('./account-menu-list').then((m) => m.AccountMenuList));

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
  // Whether the list's code is wanted: from the first sign that the button will be pressed, so that the
  // list is usually there (closed) when it is, and opens with its transition.
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const [presses, setPresses] = useState(0);
  // Rendered whenever someone is signed in, so this also keeps their details loaded (and refetched
  // when a change invalidates them) for every screen.
  const { data: user } = useCurrentUser();

  return (
    <>
      <IconButton
        color="inherit"
        // The name holds the initials the avatar shows (WCAG 2.5.3, label in name).
        aria-label={t('shell.accountMenu', { initials: initials(user?.name) }).trim()}
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={want}
        onFocus={want}
        onClick={(event) => {
          want();
          setPresses((count) => count + 1);
          setAnchor(event.currentTarget);
        }}
        edge="end"
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>
          {initials(user?.name) || <PersonOutlineIcon fontSize="small" />}
        </Avatar>
      </IconButton>
      {wanted && (
        <AccountMenuList
          role={role}
          name={user?.name}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          attempt={presses}
        />
      )}
    </>
  );
}
