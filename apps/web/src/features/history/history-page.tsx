import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useBlocker } from 'react-router';
import {
  HISTORY_QUESTIONS,
  HISTORY_TEXT_MAX,
  urgentSymptoms,
  type ChoiceQuestion,
  type OpticalHistory,
  type TextQuestion,
} from '@visus/core';
import type { OpticalHistoryData } from '@visus/contracts';
import { errorMessage } from '@/lib/api/api-error';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import { useGetTestsQuery, useSaveHistoryMutation } from '@/lib/settings/settings-api';
import { answeredCount, historyFormSchema, historyFormValues } from './history-form.schema';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { detailsLabel, optionLabel, questionHelp, questionTitle } from './history-words';
import { LoadingPlaceholder } from '@/components/loading-placeholder';

function QuestionCard({ number, children }: { number: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-question={number}>
      {children}
    </Paper>
  );
}

function ChoiceField({ question, control }: { question: ChoiceQuestion; control: Control<OpticalHistory> }) {
  const labelId = `${question.key}-label`;
  useT();
  return (
    <QuestionCard number={question.key}>
      <FormControl component="fieldset" fullWidth>
        <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
          {questionTitle(question)}
        </FormLabel>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {questionHelp(question)}
        </Typography>
        <Controller
          control={control}
          name={`${question.key}.selected`}
          render={({ field }) => (
            <FormGroup
              aria-labelledby={labelId}
              sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' } }}
            >
              {question.options.map((option) => (
                <FormControlLabel
                  key={option.id}
                  label={optionLabel(question, option.id)}
                  control={
                    <Checkbox
                      checked={field.value.includes(option.id)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, option.id]
                            : field.value.filter((id) => id !== option.id),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          )}
        />
        <Controller
          control={control}
          name={`${question.key}.details`}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              label={detailsLabel(question)}
              multiline
              minRows={2}
              sx={{ mt: 1.5 }}
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message ?? `${field.value.length} / ${HISTORY_TEXT_MAX}`}
            />
          )}
        />
      </FormControl>
    </QuestionCard>
  );
}

function TextQuestionField({
  question,
  control,
}: {
  question: TextQuestion;
  control: Control<OpticalHistory>;
}) {
  useT();
  return (
    <QuestionCard number={question.key}>
      <Controller
        control={control}
        name={question.key}
        render={({ field: { ref, ...field }, fieldState }) => (
          <Stack spacing={1}>
            <Typography component="label" htmlFor={`${question.key}-input`} sx={{ fontWeight: 600 }}>
              {questionTitle(question)}
            </Typography>
            <TextField
              {...field}
              inputRef={ref}
              id={`${question.key}-input`}
              multiline
              minRows={2}
              error={fieldState.error !== undefined}
              helperText={
                fieldState.error?.message ??
                `${questionHelp(question)} (${field.value.length} / ${HISTORY_TEXT_MAX})`
              }
            />
          </Stack>
        )}
      />
    </QuestionCard>
  );
}

function UrgentNotice({ control }: { control: Control<OpticalHistory> }) {
  const q8 = useWatch({ control, name: 'q8' });
  const urgent = urgentSymptoms({ q8 } as OpticalHistory);
  const t = useT();
  if (urgent.length === 0) return null;
  return (
    <Alert severity="warning" role="alert">
      {t('history.urgent')}
    </Alert>
  );
}

/** Watches the whole form in its own component so that typing re-renders only this chip. */
function AnsweredChip({ control }: { control: Control<OpticalHistory> }) {
  const values = useWatch({ control }) as OpticalHistory;
  const t = useT();
  return (
    <Chip
      label={t('history.answered', {
        answered: String(answeredCount(values)),
        total: String(HISTORY_QUESTIONS.length),
      })}
      variant="outlined"
      color="primary"
    />
  );
}

function HistoryForm({ stored }: { stored: OpticalHistoryData | null }) {
  const [save, { isLoading, error }] = useSaveHistoryMutation();
  const [saved, setSaved] = useState(false);
  const t = useT();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty, errors },
  } = useForm<OpticalHistory>({
    resolver: zodResolver(historyFormSchema),
    defaultValues: historyFormValues(stored),
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const onSubmit = handleSubmit(async (history) => {
    setSaved(false);
    const result = await save(history);
    if ('data' in result && result.data) {
      reset(historyFormValues(result.data));
      setSaved(true);
    }
  });

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('history.form')}>
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <AnsweredChip control={control} />
          {isDirty && <Chip label={t('history.unsaved')} color="warning" variant="outlined" />}
        </Stack>
        <UrgentNotice control={control} />
        {HISTORY_QUESTIONS.map((question) =>
          question.kind === 'choice' ? (
            <ChoiceField key={question.key} question={question} control={control} />
          ) : (
            <TextQuestionField key={question.key} question={question} control={control} />
          ),
        )}
        {hasErrors && <Alert severity="error">{t('history.someTooLong')}</Alert>}
        {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
        {saved && !isDirty && (
          <Alert severity="success" role="status">
            {t('history.saved')}
          </Alert>
        )}
        <Box sx={{ position: 'sticky', bottom: 0, py: 2, bgcolor: 'background.default', zIndex: 1 }}>
          <Button type="submit" variant="contained" size="large" loading={isLoading}>
            {t('history.save')}
          </Button>
        </Box>
      </Stack>
      {/* Mounted from the start: a dialog created while the navigation drawer is closing would otherwise
          stay hidden from screen readers (MUI's modal manager hides it along with the page). */}
      <Dialog
        keepMounted
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        aria-labelledby="unsaved-title"
      >
        <DialogTitle id="unsaved-title">{t('history.leaveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('history.leaveText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()} autoFocus>
            {t('history.stay')}
          </Button>
          <Button color="error" onClick={() => blocker.proceed?.()}>
            {t('history.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** /{role}/history: the optical-history questionnaire (SPEC.md §3), loaded, edited and saved. */
export function HistoryPage() {
  const { data, error, isLoading, refetch } = useGetTestsQuery();
  const t = useT();
  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t('nav.opticalHistory')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
          {t('history.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('history.intro')}
        </Typography>
      </Box>
      {data ? (
        <HistoryForm stored={data.opticalHistory} />
      ) : error && !isLoading ? (
        <LoadErrorAlert error={error} onRetry={() => void refetch()} />
      ) : (
        <LoadingPlaceholder spacing={2} label={t('history.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={140} />
          ))}
        </LoadingPlaceholder>
      )}
    </Stack>
  );
}
