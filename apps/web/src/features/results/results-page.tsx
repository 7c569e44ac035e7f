import { lazy, Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { routePrefix, type RoutePrefix } from '@visus/core';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useSignedInRole } from '@/lib/auth/use-auth';
import { useT } from '@/lib/i18n/i18n';
import { ResultsList } from './results-list';
import { useListResultsQuery } from './results-api';
import { readView, writeView } from './results-url';

/**
 * `?redirect=latest` (SPEC.md §2: where a finished test lands): looks up the newest result and opens it,
 * replacing this URL so the back button does not bounce through the redirect again. With no results yet
 * it opens the (empty) list.
 */
function OpenLatest() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Always asks the server: the result just saved is newer than anything cached.
  const { data, error, refetch } = useListResultsQuery(
    { page: 1, limit: 1 },
    { refetchOnMountOrArgChange: true },
  );
  const newest = data?.results[0];

  useEffect(() => {
    if (!data) return;
    const search = newest ? writeView({ id: newest._id }).toString() : '';
    void navigate({ pathname, search }, { replace: true });
  }, [data, newest, navigate, pathname]);

  if (error) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography variant="h4" component="h1">
          {t('results.latest.title')}
        </Typography>
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
        <Box>
          <Button component={RouterLink} to={pathname} replace>
            {t('results.latest.seeAll')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }} role="status">
      <CircularProgress aria-hidden />
      <Typography>{t('results.latest.opening')}</Typography>
    </Stack>
  );
}

/**
 * One result with its report and review: downloaded when a result is opened, not with the list (the list
 * is the first screen after signing in and after a test; its JS budget is in e2e/guest-screens-keep-…).
 */
const ResultDetail = lazy(() =>
  import('./result-detail').then((module) => ({ default: module.ResultDetail })),
);

/** The detail's place while it downloads. */
function DetailLoading() {
  const t = useT();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 8 }} role="status">
      <CircularProgress aria-hidden />
      <Typography>{t('results.detail.loading')}</Typography>
    </Stack>
  );
}

/**
 * /{role}/results (SPEC.md §2, §3 Results): the list with filters, trend chart and exports; `?id=` opens one
 * result (deep-linkable, printable); `?redirect=latest` opens the newest. Admins see their own results
 * under /admin/results with the same screens.
 */
export function ResultsPage() {
  const [params] = useSearchParams();
  const role = useSignedInRole();
  const prefix: RoutePrefix = role ? routePrefix(role) : 'user';
  if (params.get('redirect') === 'latest') return <OpenLatest />;
  const view = readView(params);
  return view.id ? (
    <Suspense fallback={<DetailLoading />}>
      <ResultDetail view={view} />
    </Suspense>
  ) : (
    <ResultsList view={view} prefix={prefix} />
  );
}
