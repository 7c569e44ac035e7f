import { useEffect, useState } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Outlet, useLocation, useNavigation } from 'react-router';
import { dashboardPath } from '@visus/core';
import { LogoMark } from '@/components/logo';
import { optionalPart } from '@/lib/chunks/optional-part';
import { CONTENT_MAX_WIDTH } from '@/app/theme';
import { useAppSelector } from '@/app/hooks';
import { useAuth } from '@/lib/auth/use-auth-state';
import { useIsFullscreen } from '@/lib/fullscreen/use-is-fullscreen';
import { useT } from '@/lib/i18n/i18n';
import { LanguagePicker } from '@/lib/i18n/language-picker';
import { selectNotice } from '@/lib/notice/notice-slice';
import { PublicNav } from './public-nav';
import { useRouteTitle } from './route-title';
import { useTestFrame } from './test-frame';

// Loaded only when needed, so a guest's first screen does not download MUI's Drawer, Menu, Modal,
// List, Snackbar, Alert and LinearProgress nor the results outbox (issue 9 part 6: initial JS budget).
// A part whose download fails shows nothing and is tried again (lib/chunks/optional-part.tsx).
const AccountMenu = optionalPart(() => import('./account-menu').then((m) => m.AccountMenu));
const NavDrawer = optionalPart(() => import('./nav-drawer').then((m) => m.NavDrawer));
const NoticeSnackbar = optionalPart(() => import('./notice-snackbar').then((m) => m.NoticeSnackbar));
const NavigationProgress = optionalPart(() =>
  import('./navigation-progress').then((m) => m.NavigationProgress),
);
const SignedInServices = optionalPart(() => import('./signed-in-services').then((m) => m.SignedInServices));

/** Counts the times the network came back: the frame's parts whose download failed then try again. */
function useOnlineAgain(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const backOnline = () => setCount((n) => n + 1);
    window.addEventListener('online', backOnline);
    return () => window.removeEventListener('online', backOnline);
  }, []);
  return count;
}

/**
 * The frame of every screen: top bar, the signed-in drawer and account menu, the page and the footer.
 * A test in full screen gets the whole screen: no frame at all.
 */
export function AppLayout() {
  useRouteTitle();
  const t = useT();
  const { isAuth, role } = useAuth();
  const signedInRole = isAuth ? role : null;
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // The drawer is open only on the page it was opened on, so any navigation closes it.
  const [drawerOpenOn, setDrawerOpenOn] = useState<string | null>(null);
  // During a test the content is full width, and the page takes the test's background (dark theme).
  const { status, inTest, background } = useTestFrame();
  // Full screen is the test screen's (its toggle): there only the test shows. A flow is loaded for as
  // long as the test screen is open, so leaving it in full screen brings the frame back.
  const testFullscreen = useIsFullscreen() && status !== '';
  // SPEC.md §2: the drawer also closes when the test status becomes Ready.
  const [seenStatus, setSeenStatus] = useState(status);
  if (seenStatus !== status) {
    setSeenStatus(status);
    if (status === 'Ready') setDrawerOpenOn(null);
  }
  // The snackbar loads with the first notice and then stays, so later notices animate in and out.
  const notice = useAppSelector(selectNotice);
  const [noticeShownOnce, setNoticeShownOnce] = useState(false);
  if (notice !== null && !noticeShownOnce) setNoticeShownOnce(true);
  const drawerOpen = signedInRole !== null && drawerOpenOn === pathname;
  // The drawer's code (MUI's Drawer, Modal and List) downloads at the first sign that the menu button will
  // be pressed (pointed at, focused or pressed), not with the screen (issue 25 item 5); it then stays,
  // closed, so that it opens with its transition.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const wantDrawer = () => setDrawerWanted(true);
  const attempt = useOnlineAgain();
  // A press of the menu button also tries the drawer's download again, if it had failed.
  const [drawerPresses, setDrawerPresses] = useState(0);

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        ...(background !== null ? { bgcolor: background } : {}),
      }}
    >
      {!testFullscreen && (
        <>
          <Link
            href="#main"
            sx={{
              position: 'absolute',
              left: 8,
              top: -48,
              zIndex: (theme) => theme.zIndex.appBar + 1,
              bgcolor: 'background.paper',
              px: 2,
              py: 1,
              borderRadius: 1,
              '&:focus': { top: 8 },
            }}
          >
            {t('shell.skipToContent')}
          </Link>
          <AppBar position="sticky" color="primary">
            <Toolbar sx={{ gap: 1 }}>
              {signedInRole && (
                <IconButton
                  color="inherit"
                  edge="start"
                  aria-label={t('shell.openNavigation')}
                  aria-expanded={drawerOpen ? 'true' : 'false'}
                  onPointerEnter={wantDrawer}
                  onFocus={wantDrawer}
                  onClick={() => {
                    wantDrawer();
                    setDrawerPresses((count) => count + 1);
                    setDrawerOpenOn(pathname);
                  }}
                >
                  <MenuIcon />
                </IconButton>
              )}
              <Box
                component={RouterLink}
                to={signedInRole ? dashboardPath(signedInRole) : '/'}
                aria-label={signedInRole ? t('shell.homeSignedIn') : t('shell.homeGuest')}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  color: 'inherit',
                  textDecoration: 'none',
                }}
              >
                <LogoMark />
                <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '0.02em' }}>
                  Visus
                </Typography>
              </Box>
              <Box sx={{ flexGrow: 1 }} />
              <Box
                component={LanguagePicker}
                sx={{
                  font: 'inherit',
                  fontSize: '0.875rem',
                  color: 'inherit',
                  bgcolor: 'transparent',
                  border: 1,
                  borderColor: 'rgba(255, 255, 255, 0.7)',
                  borderRadius: 1,
                  minHeight: 36,
                  px: 0.5,
                  '& option': { color: 'text.primary', bgcolor: 'background.paper' },
                }}
              />
              {signedInRole ? <AccountMenu role={signedInRole} attempt={attempt} /> : <PublicNav />}
            </Toolbar>
            {navigation.state !== 'idle' && <NavigationProgress attempt={attempt} />}
          </AppBar>
        </>
      )}
      {signedInRole && drawerWanted && !testFullscreen && (
        <NavDrawer
          role={signedInRole}
          open={drawerOpen}
          onClose={() => setDrawerOpenOn(null)}
          attempt={`${attempt}.${drawerPresses}`}
        />
      )}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: inTest ? 'none' : CONTENT_MAX_WIDTH,
          mx: 'auto',
          px: inTest ? 0 : { xs: 2, sm: 3, md: 4 },
          py: inTest ? 0 : { xs: 3, sm: 4 },
          outline: 'none',
          // The test's own box fills the screen (it leaves room for the frame otherwise).
          ...(testFullscreen ? { display: 'flex', flexDirection: 'column', '& > *': { flexGrow: 1 } } : {}),
        }}
      >
        <Outlet />
      </Box>
      {!testFullscreen && (
        <Box
          component="footer"
          sx={{
            borderTop: 1,
            borderColor: 'divider',
            py: 2,
            px: 3,
            textAlign: 'center',
            color: 'text.secondary',
            // Its own surface: during a test the page is black or grey (issue 25: 3.06:1 on black).
            bgcolor: 'background.default',
          }}
        >
          <Typography variant="body2">{t('shell.footer')}</Typography>
        </Box>
      )}
      {noticeShownOnce && <NoticeSnackbar attempt={attempt} />}
      {/* The results outbox and the account socket: work only while someone is signed in. */}
      {isAuth && <SignedInServices attempt={attempt} />}
    </Box>
  );
}
