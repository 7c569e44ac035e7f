import { useState } from 'react';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SHARE_LINK_DAYS, type CreatedShareLink, type ShareLink } from '@visus/contracts';
import { shareLinkState } from '@visus/core';
import { CopyableLink } from '@/components/copyable-link';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { errorMessage } from '@/lib/api/api-error';
import {
  useCreateShareLinkMutation,
  useListShareLinksQuery,
  useRevokeShareLinkMutation,
} from './share-links-api';

import { useT } from '@/lib/i18n/i18n';
import { dateLocale } from './result-format';
import { formatDate, MEDIUM_DATE_TIME } from '@/lib/i18n/dates';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
const DAY_CHOICES = Array.from(
  { length: SHARE_LINK_DAYS.max - SHARE_LINK_DAYS.min + 1 },
  (_, i) => SHARE_LINK_DAYS.min + i,
);

const when = (iso: string) => formatDate(iso, dateLocale(), MEDIUM_DATE_TIME);

/** The new link's URL, shown this once, with a Copy button. */
function NewLink({ link }: { link: CreatedShareLink }) {
  const t = useT();
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('results.share.made')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('results.share.madeText', { date: when(link.expiresAt) })}
      </Typography>
      <CopyableLink
        label={t('results.share.link')}
        url={link.url}
        copyLabel={t('results.share.copy')}
        fullWidth
      />
    </Alert>
  );
}

/** One link: its state, when it ends, how often it was opened, and Revoke while it works. */
function LinkRow({ link, resultId }: { link: ShareLink; resultId: string }) {
  const t = useT();
  const [revoke, revoking] = useRevokeShareLinkMutation();
  const state = shareLinkState(link, new Date());
  const status =
    state === 'revoked'
      ? t('results.share.revoked', { date: when(link.revokedAt!) })
      : state === 'expired'
        ? t('results.share.expired', { date: when(link.expiresAt) })
        : t('results.share.worksUntil', { date: when(link.expiresAt) });
  const opened =
    link.opens === 0
      ? t('results.share.notOpened')
      : t('results.share.opened', { count: link.opens, date: when(link.lastOpenedAt!) });
  return (
    <Box
      component="li"
      data-state={state}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2">
        <Box component="strong" sx={{ fontWeight: 700 }}>
          {status}
        </Box>{' '}
        · {t('results.share.madeOn', { date: when(link.createdAt) })} · {opened}
      </Typography>
      {state === 'active' && (
        <Button
          size="small"
          // warning orange on white is below 4.5:1 for this small text (axe, in the e2e journey)
          color="error"
          variant="outlined"
          disabled={revoking.isLoading}
          aria-label={t('results.share.revokeLabel', { date: when(link.createdAt) })}
          onClick={() => void revoke({ resultId, linkId: link.id })}
        >
          {t('results.share.revoke')}
        </Button>
      )}
      {revoking.error !== undefined && <Alert severity="error">{errorMessage(revoking.error)}</Alert>}
    </Box>
  );
}

/**
 * "Share with an optometrist" on a result (issue 19 item 5): make a read-only link to this result for
 * 1–30 days, copy it (shown once), see each link's expiry and openings, and revoke it. Openings are also
 * listed under Sharing with the clinic ("Someone with your share link").
 */
export function ShareLinksSection({ resultId }: { resultId: string }) {
  const t = useT();
  const [days, setDays] = useState<number>(SHARE_LINK_DAYS.default);
  // Openings happen elsewhere: ask the server each time the result is opened.
  const {
    data: links,
    error,
    isLoading,
    refetch,
  } = useListShareLinksQuery(resultId, {
    refetchOnMountOrArgChange: true,
  });
  const [create, creating] = useCreateShareLinkMutation();

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="share-links-heading"
      data-print="hide"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id="share-links-heading" variant="h6" component="h2">
        {t('results.share.heading')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5, mb: 1.5 }}>
        {t('results.share.intro')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t('results.share.days')}
          size="small"
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 160 }}
        >
          {DAY_CHOICES.map((n) => (
            <option key={n} value={n}>
              {t('results.share.dayCount', { count: n })}
            </option>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<LinkIcon />}
          disabled={creating.isLoading}
          onClick={() => void create({ resultId, days })}
        >
          {t('results.share.create')}
        </Button>
      </Stack>
      <Stack spacing={1.5} sx={{ mt: 1.5 }}>
        {creating.error !== undefined && <Alert severity="error">{errorMessage(creating.error)}</Alert>}
        {creating.data && <NewLink key={creating.data.id} link={creating.data} />}
        {isLoading ? (
          <LoadingPlaceholder label={t('results.share.loading')}>
            <Skeleton variant="rounded" height={48} />
          </LoadingPlaceholder>
        ) : error || !links ? (
          <LoadErrorAlert error={error} onRetry={() => void refetch()} />
        ) : links.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('results.share.none')}
          </Typography>
        ) : (
          <Stack
            component="ul"
            aria-label={t('results.share.list')}
            spacing={1}
            sx={{ m: 0, pl: 0, listStyle: 'none' }}
          >
            {links.map((link) => (
              <LinkRow key={link.id} link={link} resultId={resultId} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
