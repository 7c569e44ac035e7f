import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useClinicResultQuery } from '@/features/clinic/clinic-api';
import { patientPath } from '@/features/clinic/clinic-paths';
import { ReviewForm } from '@/features/clinic/review-form';
import { dateTime, takenAt } from '@/features/results/result-format';
import { ResultReport } from '@/features/results/result-report';

import { useT } from '@/lib/i18n/i18n';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
/**
 * /user/patients/:userId/results/:resultId (clinicians, issue 19): one result of a consenting patient,
 * read-only with the report the patient sees, and the review form with the earlier reviews. Composed
 * here because a feature never imports another. Without consent (or after a revoke) it is "not found".
 */
export function PatientResultPage() {
  const t = useT();
  const { userId = '', resultId = '' } = useParams();
  const { data, error, isLoading, refetch } = useClinicResultQuery(resultId);
  const notFound = (error as { status?: number } | undefined)?.status === 404;
  const back = (
    <Box>
      <Button
        component={RouterLink}
        to={patientPath(data?.patient._id ?? userId)}
        state={data ? { name: data.patient.name } : undefined}
      >
        {data ? t('results.patient.allOf', { name: data.patient.name }) : t('results.patient.theirResults')}
      </Button>
    </Box>
  );

  if (isLoading)
    return (
      <LoadingPlaceholder label={t('results.detail.loading')}>
        <Skeleton variant="rounded" height={280} />
      </LoadingPlaceholder>
    );
  if (notFound)
    return (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {t('results.patient.resultNotFound')}
        </Typography>
        <Alert severity="info">{t('results.patient.notSharing')}</Alert>
        <Box>
          <Button component={RouterLink} to="/user/patients">
            {t('results.patient.all')}
          </Button>
        </Box>
      </Stack>
    );
  if (error || !data) return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;

  return (
    <Stack spacing={3} sx={{ maxWidth: 1100 }}>
      {back}
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('results.patient.resultOverline', { name: data.patient.name })}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', sm: '2.4rem' } }}>
          {t('results.detail.titleOf', { date: dateTime(takenAt(data.result)) })}
        </Typography>
      </Box>
      <ReviewForm
        key={data.result._id}
        resultId={data.result._id}
        patientName={data.patient.name}
        reviews={data.reviews}
      />
      <ResultReport result={data.result} person={data.patient} />
    </Stack>
  );
}
