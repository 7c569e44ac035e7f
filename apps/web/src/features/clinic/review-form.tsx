import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { REVIEW_NOTE_MAX, REVIEW_RECOMMENDATIONS, type ResultReviews } from '@visus/contracts';
import { ReviewEntry } from '@/components/review-entry';
import { errorMessage } from '@/lib/api/api-error';
import { useReviewResultMutation } from './clinic-api';
import { reviewFormSchema, reviewFormValues, type ReviewFormValues } from './review-form.schema';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import '@/lib/i18n/clinic-messages';

interface ReviewFormProps {
  resultId: string;
  patientName: string;
  reviews: ResultReviews;
}

/**
 * The clinician's review of one result (issue 19): a recommendation (radio buttons with their words) and
 * a note. Saving an edit adds a version: every earlier one stays listed with who wrote it and when, and
 * the patient is mailed each time.
 */
export function ReviewForm({ resultId, patientName, reviews }: ReviewFormProps) {
  const t = useT();
  const [save, { isLoading, error, reset: clearError }] = useReviewResultMutation();
  const [saved, setSaved] = useState(false);
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ReviewFormValues>({
    // The schema's output is the values with a recommendation chosen, which the form type allows.
    resolver: zodResolver(reviewFormSchema) as unknown as Resolver<ReviewFormValues>,
    defaultValues: reviewFormValues(reviews),
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    clearError();
    if (values.recommendation === '') return;
    const answer = await save({
      resultId,
      recommendation: values.recommendation,
      note: values.note.trim(),
    });
    if ('data' in answer && answer.data) {
      reset(reviewFormValues(answer.data));
      setSaved(true);
    }
  });

  const editing = reviews.current !== null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="review-form-title" sx={{ p: 2 }}>
      <Typography id="review-form-title" variant="h5" component="h2">
        {editing ? t('clinic.review.edit') : t('clinic.review.new')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('clinic.review.explain', { name: patientName })}
      </Typography>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('clinic.col.review')}>
        <Stack spacing={2.5}>
          <Controller
            control={control}
            name="recommendation"
            render={({ field }) => (
              <FormControl component="fieldset" error={errors.recommendation !== undefined}>
                <FormLabel id="review-recommendation" component="legend" sx={{ fontWeight: 600 }}>
                  {t('clinic.review.recommendation')}
                </FormLabel>
                <RadioGroup
                  aria-labelledby="review-recommendation"
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                >
                  {REVIEW_RECOMMENDATIONS.map((value) => (
                    <FormControlLabel
                      key={value}
                      value={value}
                      control={<Radio />}
                      label={t(`clinic.recommendation.${value}`)}
                    />
                  ))}
                </RadioGroup>
                {errors.recommendation && <FormHelperText>{errors.recommendation.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="note"
            render={({ field }) => (
              <TextField
                {...field}
                label={t('clinic.review.note')}
                multiline
                minRows={3}
                error={errors.note !== undefined}
                helperText={
                  errors.note?.message ??
                  t('clinic.review.noteHelp', { count: field.value.length, max: REVIEW_NOTE_MAX })
                }
              />
            )}
          />
          {error && (
            <Alert severity="error" role="alert">
              {translateServerMessage(errorMessage(error))}
            </Alert>
          )}
          {saved && !isDirty && (
            <Alert severity="success" role="status">
              {t('clinic.review.saved', { name: patientName })}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" loading={isLoading}>
              {editing ? t('clinic.review.saveEdit') : t('clinic.review.save')}
            </Button>
          </Box>
        </Stack>
      </Box>
      {reviews.history.length > 0 && (
        <Box component="section" aria-labelledby="review-history" sx={{ mt: 3 }}>
          <Typography id="review-history" variant="h6" component="h3">
            {reviews.history.length === 1
              ? t('clinic.review.historyOne')
              : t('clinic.review.historyMany', { count: reviews.history.length })}
          </Typography>
          <Stack component="ol" spacing={1.5} sx={{ pl: 2, mt: 1 }}>
            {reviews.history.map((review, i) => (
              <li key={review._id}>
                {i === 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {t('clinic.review.current')}
                  </Typography>
                )}
                <ReviewEntry review={review} />
              </li>
            ))}
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
