import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import SouthEastIcon from '@mui/icons-material/SouthEast';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useIsFullscreen } from '@/lib/fullscreen/use-is-fullscreen';
import { useT } from '@/lib/i18n/i18n';

/** SPEC.md §2/§9: the hint arrow fades in over 4 s and fades out after 8 s. */
export const HINT_FADE_IN_MS = 4000;
export const HINT_FADE_OUT_AT_MS = 8000;
const HINT_FADE_OUT_MS = 1000;
/** The full-screen button's blue (Material blue 800: 5.7 : 1 against white). */
const FULLSCREEN_BLUE = '#1565c0';
const HINT_TOTAL_MS = HINT_FADE_OUT_AT_MS + HINT_FADE_OUT_MS;

// With reduced motion the hint appears and goes at the same moments, without fading or moving (WCAG 2.3.3).
const hintStill = keyframes`
  0% { opacity: 1; }
  100% { opacity: 0; }
`;

// Percentages of the whole animation: 0 → 4 s fade in, hold to 8 s, then 1 s fade out.
const hint = keyframes`
  0% { opacity: 0; transform: translate(-12px, -12px); }
  ${(HINT_FADE_IN_MS / HINT_TOTAL_MS) * 100}% { opacity: 1; transform: translate(0, 0); }
  ${(HINT_FADE_OUT_AT_MS / HINT_TOTAL_MS) * 100}% { opacity: 1; transform: translate(0, 0); }
  100% { opacity: 0; transform: translate(0, 0); }
`;

async function toggleFullscreen() {
  try {
    if (document.fullscreenElement) await document.exitFullscreen();
    else await document.documentElement.requestFullscreen();
  } catch (error) {
    // Some browsers (iOS Safari on phones) have no full screen for pages; the test runs all the same.
    console.warn('Full screen is not available here', error);
  }
}

/**
 * The full-screen button (its icon, blue) at the bottom right, with the animated hint arrow pointing at it while
 * `showHint` (SPEC.md §2: at Ready; the arrow shows again each time the hint is asked for).
 */
export function FullscreenToggle({ showHint }: { showHint: boolean }) {
  const full = useIsFullscreen();
  const t = useT();
  return (
    <>
      {showHint && !full && (
        <Box
          aria-hidden="true"
          data-testid="fullscreen-hint"
          sx={{
            position: 'absolute',
            right: 88,
            bottom: 76,
            display: 'flex',
            alignItems: 'flex-end',
            gap: 1,
            color: FULLSCREEN_BLUE,
            pointerEvents: 'none',
            opacity: 0,
            animation: `${hint} ${HINT_TOTAL_MS}ms ease-in-out forwards`,
            '@media (prefers-reduced-motion: reduce)': {
              animation: `${hintStill} ${HINT_TOTAL_MS}ms step-end forwards`,
            },
            zIndex: (theme) => theme.zIndex.speedDial,
          }}
        >
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {t('fullscreen.hint')}
          </Typography>
          <SouthEastIcon sx={{ fontSize: 64 }} />
        </Box>
      )}
      <Fab
        color="primary"
        aria-label={t(full ? 'fullscreen.exit' : 'fullscreen.enter')}
        onClick={() => void toggleFullscreen()}
        sx={{
          // In the test frame's bottom right, in the room kept under its content (run/screen-tools.tsx):
          // fixed to the window it covered the page's footer on a narrow screen.
          position: 'absolute',
          right: 24,
          bottom: 16,
          zIndex: (theme) => theme.zIndex.speedDial,
          // SPEC.md §2: the blue button at the bottom right.
          bgcolor: FULLSCREEN_BLUE,
          '&:hover': { bgcolor: '#0d47a1' },
        }}
      >
        {full ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </Fab>
    </>
  );
}
