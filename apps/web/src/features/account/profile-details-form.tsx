import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  dobSchema,
  emailSchema,
  nameSchema,
  type CurrentUser,
  type UpdateDetailsBody,
} from '@visus/contracts';
import { INVALID_DATE_OF_BIRTH } from '@visus/core';
import { errorMessage } from '@/lib/api/api-error';
import { useUpdateDetailsMutation } from '@/lib/auth/auth-api';
import { textFieldProps } from '@/lib/forms';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';

/** A date of birth may be left empty (older accounts have none); otherwise it must be valid. */
const optionalDobSchema = z.string().transform((text, ctx) => {
  if (text.trim() === '') return undefined;
  const parsed = dobSchema.safeParse(text);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: INVALID_DATE_OF_BIRTH });
    return z.NEVER;
  }
  return parsed.data;
});

const detailsFormSchema = z.object({ name: nameSchema, email: emailSchema, dob: optionalDobSchema });

function formValues(user: CurrentUser) {
  return { name: user.name, email: user.email, dob: user.dob ?? '' };
}

type Outcome = { severity: 'success' | 'info'; message: string } | null;

/** Name, email and date of birth (PUT /auth/updatedetails); only changed fields are sent. */
export function ProfileDetailsForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const [updateDetails, { isLoading, error }] = useUpdateDetailsMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(detailsFormSchema), defaultValues: formValues(user) });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    const changes: UpdateDetailsBody = {};
    if (values.name !== user.name) changes.name = values.name;
    if (values.email !== user.email) changes.email = values.email;
    if (values.dob !== undefined && values.dob !== user.dob) changes.dob = values.dob;
    if (Object.keys(changes).length === 0) {
      setOutcome({ severity: 'info', message: t('account.details.unchanged') });
      return;
    }
    const result = await updateDetails(changes);
    if ('data' in result && result.data) {
      reset(formValues(result.data));
      setOutcome({ severity: 'success', message: t('account.details.saved') });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('account.profile.detailsTitle')}>
      <Stack spacing={2.5}>
        {outcome && (
          <Alert severity={outcome.severity} role="status">
            {outcome.message}
          </Alert>
        )}
        {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          {...textFieldProps(register('name'), errors.name)}
        />
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          {...textFieldProps(register('email'), errors.email)}
        />
        <TextField
          label={t('account.details.dob')}
          type="date"
          autoComplete="bday"
          slotProps={{ inputLabel: { shrink: true } }}
          {...textFieldProps(register('dob'), errors.dob)}
        />
        <Box>
          <Button type="submit" variant="contained" loading={isLoading}>
            {t('account.details.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
