import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SCREEN_NAME_MAX, isSameScreen, type CalibrationWindow } from '@visus/core';
import type { ScreenProfile } from '@visus/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api/api-error';
import { currentLanguage, t, useT } from '@/lib/i18n/i18n';
import { formatFixed, formatNumber } from '@/lib/i18n/numbers';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/setup-messages';
import {
  activeCalibration,
  screenProfileName as profileName,
  settingsWindow,
} from '@/lib/settings/calibration-window';
import {
  useDeleteScreenProfileMutation,
  useGetScreenProfilesQuery,
  usePatchScreenProfileMutation,
  useUseScreenProfileMutation,
} from '@/lib/settings/settings-api';
import { formatDate, SHORT_DAY } from '@/lib/i18n/dates';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

/** "2560 × 1440 at 125 %": the screen's size in CSS px and the scaling it was calibrated at. */
function screenText(profile: ScreenProfile): string {
  const window = settingsWindow(profile.settings);
  if (!window?.cssResolution) return t('setup.profiles.sizeUnknown');
  const { width, height } = window.cssResolution;
  const scale = Math.round((window.devicePixelRatio ?? 1) * 100);
  return t('setup.profiles.size', {
    long: String(Math.max(width, height)),
    short: String(Math.min(width, height)),
    scale: String(scale),
  });
}

/** "Bank card, 3.785 px per mm, viewed from 3.00 m": what the profile's calibration says. */
function calibrationText(profile: ScreenProfile): string {
  const calibration = activeCalibration(profile.settings);
  if (!calibration) return t('setup.profiles.notCalibrated');
  return t('setup.profiles.calibration', {
    method: t(profile.settings.method === 'card' ? 'setup.method.card' : 'setup.method.diagonal'),
    pxPerMm: formatFixed(calibration.pixelsPerMm, 3),
    metres: formatFixed(calibration.distanceMm / 1000, 2),
  });
}

const usedOn = (iso: string) => formatDate(iso, currentLanguage(), SHORT_DAY);

function RenameForm({ profile, onDone }: { profile: ScreenProfile; onDone: () => void }) {
  const [name, setName] = useState(() => profileName(profile));
  const [patch, { isLoading, error }] = usePatchScreenProfileMutation();
  const t = useT();
  const trimmed = name.trim();
  const problem = trimmed.length === 0 ? t('setup.profiles.nameMissing') : null;
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) return;
        void patch({ id: profile.id, patch: { name: trimmed } })
          .unwrap()
          .then(onDone)
          .catch(() => undefined);
      }}
    >
      <TextField
        label={t('setup.profiles.newName')}
        size="small"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(problem) || Boolean(error)}
        helperText={problem ?? (error ? translateServerMessage(errorMessage(error)) : ' ')}
        slotProps={{ htmlInput: { maxLength: SCREEN_NAME_MAX } }}
        autoFocus
      />
      <Button type="submit" variant="contained" loading={isLoading} disabled={Boolean(problem)}>
        {t('setup.profiles.saveName')}
      </Button>
      <Button onClick={onDone}>{t('shell.cancel')}</Button>
    </Stack>
  );
}

function ProfileRow({
  profile,
  here,
  inUse,
  onDelete,
}: {
  profile: ScreenProfile;
  here: boolean;
  inUse: boolean;
  onDelete: (profile: ScreenProfile) => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [use, { isLoading, error }] = useUseScreenProfileMutation();
  const t = useT();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {profileName(profile)}
          </Typography>
          {here && <Chip size="small" color="primary" label={t('setup.profiles.thisScreen')} />}
          {inUse && <Chip size="small" variant="outlined" label={t('setup.profiles.inUse')} />}
        </Stack>
        <Typography>
          {t('setup.profiles.details', {
            screen: screenText(profile),
            calibration: calibrationText(profile),
            gamma: formatNumber(profile.settings.gamma),
          })}
        </Typography>
        <Typography color="text.secondary">
          {t(profile.cameraScale ? 'setup.profiles.lastUsedCamera' : 'setup.profiles.lastUsed', {
            date: usedOn(profile.lastUsedAt),
          })}
        </Typography>
        {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
        {renaming ? (
          <RenameForm profile={profile} onDone={() => setRenaming(false)} />
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {here && !inUse && (
              <Button variant="contained" loading={isLoading} onClick={() => void use(profile.id)}>
                {t('setup.profiles.use')}
              </Button>
            )}
            <Button
              variant="outlined"
              onClick={() => setRenaming(true)}
              aria-label={t('setup.profiles.renameName', { name: profileName(profile) })}
            >
              {t('setup.profiles.rename')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={() => onDelete(profile)}
              aria-label={t('setup.profiles.forgetName', { name: profileName(profile) })}
            >
              {t('setup.profiles.forget')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Setup's "Your screens" (issue 18 item 4, docs/adr/0027): every screen this person calibrated, which one
 * this is and which calibration is in use; rename and forget. Saving a calibration above keeps it in this
 * screen's profile; another screen's profile is put in use by itself when the person is on that screen.
 */
export function ScreenProfilesCard({
  current,
  inUseWindow,
}: {
  current: CalibrationWindow;
  /** The window of the calibration in use, to mark its profile. */
  inUseWindow: Partial<CalibrationWindow> | null;
}) {
  const { data, error, isLoading, refetch } = useGetScreenProfilesQuery();
  const [toForget, setToForget] = useState<ScreenProfile | null>(null);
  const [forget, forgetting] = useDeleteScreenProfileMutation();
  const t = useT();
  const profiles = data ?? [];
  // The latest used profile of this screen is the one in use here (core matchingScreenProfile's rule).
  const hereId = profiles.find((p) => isSameScreen(settingsWindow(p.settings), current))?.id;
  const inUseId = inUseWindow
    ? profiles.find((p) => {
        const w = settingsWindow(p.settings);
        return (
          w?.cssResolution &&
          w.devicePixelRatio !== undefined &&
          isSameScreen(inUseWindow, { devicePixelRatio: w.devicePixelRatio, cssResolution: w.cssResolution })
        );
      })?.id
    : undefined;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="screen-profiles"
      sx={{ p: { xs: 2.5, sm: 3.5 } }}
    >
      <Typography id="screen-profiles" variant="h5" component="h2" gutterBottom>
        {t('setup.profiles.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('setup.profiles.intro')}
      </Typography>
      {isLoading ? (
        <LoadingPlaceholder label={t('setup.profiles.loading')}>
          <Skeleton variant="rounded" height={96} />
        </LoadingPlaceholder>
      ) : error && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('shell.tryAgain')}
            </Button>
          }
        >
          {translateServerMessage(errorMessage(error))}
        </Alert>
      ) : profiles.length === 0 ? (
        <Typography>{t('setup.profiles.none')}</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={t('setup.profiles.list')}>
          {profiles.map((profile) => (
            <ProfileRow
              key={profile.id}
              profile={profile}
              here={profile.id === hereId}
              inUse={profile.id === inUseId}
              onDelete={setToForget}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={toForget !== null}
        id="forget-screen"
        title={t('setup.profiles.forgetTitle', { name: toForget ? profileName(toForget) : '' })}
        text={t('setup.profiles.forgetText')}
        confirmLabel={t('setup.profiles.forgetConfirm')}
        destructive
        busy={forgetting.isLoading}
        error={forgetting.error}
        onConfirm={() => {
          if (!toForget) return;
          void forget(toForget.id)
            .unwrap()
            .then(() => setToForget(null))
            .catch(() => undefined);
        }}
        onCancel={() => {
          forgetting.reset();
          setToForget(null);
        }}
      />
    </Paper>
  );
}
