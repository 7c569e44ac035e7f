import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ClinicPatient } from '@visus/contracts';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { useDebouncedValue } from '@/lib/timing/use-debounced-value';
import { useLazyListPatientsQuery, useReviewQueueQuery } from './clinic-api';
import { acuityText, PatientFlags } from './patient-flags';
import { patientPath, resultPath } from './clinic-paths';
import { currentLanguage, t, useT } from '@/lib/i18n/i18n';
import '@/lib/i18n/clinic-messages';
import { formatDate } from '@/lib/i18n/dates';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

const LIMIT = 50;
/** How long typing must pause before the search is sent. */
export const PATIENT_SEARCH_DEBOUNCE_MS = 300;
const day = (iso: string | null) =>
  iso === null ? t('clinic.noTestYet') : formatDate(iso, currentLanguage(), { dateStyle: 'medium' });

function EyeCell({ latest }: { latest: ClinicPatient['latest']['right'] }) {
  const t = useT();
  return <TableCell>{latest ? acuityText(latest) : t('clinic.notRecorded')}</TableCell>;
}

/**
 * The patient list for the search typed: sent once typing pauses (PATIENT_SEARCH_DEBOUNCE_MS), and a
 * request still under way for an earlier search is aborted, so a slow old answer never replaces a newer
 * one and the server does not work for nothing.
 */
function usePatientSearch(search: string) {
  const settled = useDebouncedValue(search.trim(), PATIENT_SEARCH_DEBOUNCE_MS);
  const [load, answer] = useLazyListPatientsQuery();
  const pending = useRef<{ search: string; abort: () => void } | null>(null);
  useEffect(() => {
    // Only a different search aborts: React may run this twice for the same one (strict mode).
    if (pending.current && pending.current.search !== settled) pending.current.abort();
    const request = load({ search: settled, page: 1, limit: LIMIT }, true);
    pending.current = { search: settled, abort: () => request.abort() };
  }, [load, settled]);
  const retry = () => void load({ search: settled, page: 1, limit: LIMIT });
  return { data: answer.data, error: answer.error, settled, retry };
}

function PatientList() {
  const t = useT();
  const [search, setSearch] = useState('');
  const { data, error, settled, retry } = usePatientSearch(search);
  return (
    <Stack spacing={2}>
      <TextField
        label={t('clinic.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ maxWidth: 420 }}
      />
      {error ? (
        <LoadErrorAlert error={error} onRetry={retry} />
      ) : !data ? (
        <LoadingPlaceholder label={t('clinic.loadingPatients')}>
          <Skeleton variant="rounded" height={160} />
        </LoadingPlaceholder>
      ) : data.patients.length === 0 ? (
        <Typography color="text.secondary">
          {settled ? t('clinic.noMatch') : t('clinic.noPatients')}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('nav.patients')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('clinic.col.patient')}</TableCell>
                <TableCell>{t('clinic.col.age')}</TableCell>
                <TableCell>{t('clinic.col.lastTest')}</TableCell>
                <TableCell>{t('clinic.col.rightEye')}</TableCell>
                <TableCell>{t('clinic.col.leftEye')}</TableCell>
                <TableCell>{t('clinic.col.flags')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.patients.map((p) => (
                <TableRow key={p._id}>
                  <TableCell>
                    <Link component={RouterLink} to={patientPath(p._id)} state={{ name: p.name }}>
                      {p.name}
                    </Link>
                  </TableCell>
                  <TableCell>{p.age ?? t('clinic.notRecorded')}</TableCell>
                  <TableCell>{day(p.lastTestAt)}</TableCell>
                  <EyeCell latest={p.latest.right} />
                  <EyeCell latest={p.latest.left} />
                  <TableCell>
                    <PatientFlags flags={p.flags} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.total > data.patients.length && (
            <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
              {t('clinic.showing', { shown: data.patients.length, total: data.total })}
            </Typography>
          )}
        </Paper>
      )}
    </Stack>
  );
}

function ReviewQueue() {
  const t = useT();
  const { data, error, isLoading, refetch } = useReviewQueueQuery({ page: 1, limit: LIMIT });
  if (isLoading)
    return (
      <LoadingPlaceholder label={t('clinic.loadingQueue')}>
        <Skeleton variant="rounded" height={160} />
      </LoadingPlaceholder>
    );
  if (error || !data) return <LoadErrorAlert error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0)
    return <Typography color="text.secondary">{t('clinic.queueEmpty')}</Typography>;
  return (
    <Paper variant="outlined">
      <Table size="small" aria-label={t('clinic.tab.queue')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('clinic.col.taken')}</TableCell>
            <TableCell>{t('clinic.col.patient')}</TableCell>
            <TableCell>{t('clinic.col.review')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.items.map((item) => (
            <TableRow key={item.resultId}>
              <TableCell>{day(item.testedAt)}</TableCell>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={patientPath(item.patientId)}
                  state={{ name: item.patientName }}
                >
                  {item.patientName}
                </Link>
              </TableCell>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={resultPath(item.patientId, item.resultId)}
                  aria-label={t('clinic.reviewOf', { date: day(item.testedAt), name: item.patientName })}
                >
                  {t('clinic.col.review')}
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary" sx={{ p: 1.5 }}>
        {t('clinic.waiting', { count: data.total })}
      </Typography>
    </Paper>
  );
}

/**
 * /user/patients (clinicians, issue 19): the patients who share their results with the clinic, with
 * their latest acuity and flags, and the queue of results no clinician has reviewed, oldest first.
 * Every row shown is logged for the patient to see.
 */
export function PatientsPage() {
  const t = useT();
  const [tab, setTab] = useState<'patients' | 'queue'>('patients');
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('clinic.overline')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {t('nav.patients')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
          {t('clinic.intro')}
        </Typography>
      </Box>
      <Tabs value={tab} onChange={(_e, value: 'patients' | 'queue') => setTab(value)}>
        <Tab value="patients" label={t('nav.patients')} />
        <Tab value="queue" label={t('clinic.tab.queue')} />
      </Tabs>
      {tab === 'patients' ? <PatientList /> : <ReviewQueue />}
    </Stack>
  );
}
