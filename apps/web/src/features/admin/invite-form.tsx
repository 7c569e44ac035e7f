import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { createInviteBodySchema, INVITE_TTL_DAYS_DEFAULT, roleSchema } from '@visus/contracts';
import { CopyableLink } from '@/components/copyable-link';
import { errorMessage } from '@/lib/api/api-error';
import { textFieldProps } from '@/lib/forms';
import { useCreateInviteMutation } from './admin-api';
import { shortDate } from './admin-page-header';
import { ROLE_LABELS, ROLE_OPTIONS } from './role-labels';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';

/** The API's body with the role always chosen (the select starts at user). */
const inviteFormSchema = createInviteBodySchema.extend({ role: roleSchema });
type InviteFormValues = z.input<typeof inviteFormSchema>;

/** The one-time link of a new invite, with a Copy button. */
function CreatedLink({ email, link, expiresAt }: { email: string; link: string; expiresAt: string }) {
  const t = useT();
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('admin.inviteForm.sentTo', { email })}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('admin.inviteForm.sentText', { date: shortDate(expiresAt) })}
      </Typography>
      <CopyableLink label={t('admin.inviteForm.link')} url={link} />
    </Alert>
  );
}

/** Invites someone by email with a role (POST /admin/invites) and shows the link it made. */
export function InviteForm() {
  const t = useT();
  const [createInvite, { data: created, isLoading, error, reset }] = useCreateInviteMutation();
  const {
    register,
    control,
    handleSubmit,
    reset: resetForm,
    formState: { errors },
  } = useForm<InviteFormValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', role: 'user' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (body) => {
    reset();
    const result = await createInvite(body);
    if (!('error' in result)) resetForm({ email: '', role: body.role });
  });

  return (
    <Stack spacing={3}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('admin.inviteForm.form')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField
            label={t('auth.email')}
            type="email"
            autoComplete="off"
            {...textFieldProps(register('email'), errors.email)}
          />
          <Controller
            control={control}
            name="role"
            render={({ field: { ref, ...field } }) => (
              <TextField
                select
                label={t('admin.col.role')}
                inputRef={ref}
                {...field}
                sx={{ minWidth: { md: 180 } }}
              >
                {ROLE_OPTIONS.map((role) => (
                  <MenuItem key={role} value={role}>
                    {t(ROLE_LABELS[role])}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={isLoading}
            sx={{ flexShrink: 0, height: 56 }}
          >
            {t('admin.inviteForm.send')}
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('admin.inviteForm.help', { days: INVITE_TTL_DAYS_DEFAULT })}
        </Typography>
      </Box>
      {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
      {created && (
        <CreatedLink
          key={created.link}
          email={created.invite.email}
          link={created.link}
          expiresAt={created.invite.expiresAt}
        />
      )}
    </Stack>
  );
}
