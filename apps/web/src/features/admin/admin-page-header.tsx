import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { currentLanguage, useT } from '@/lib/i18n/i18n';
import { formatDate, SHORT_DAY } from '@/lib/i18n/dates';

/** The heading block of the admin screens, in the style of My Account and Profile. */
export function AdminPageHeader({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <Box>
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
        {t('admin.overline')}
      </Typography>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' } }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 760 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A date as "12 Mar 2026" in the language shown; '—' when missing or unreadable. */
export function shortDate(iso: string | null): string {
  if (iso === null) return '—';
  return formatDate(iso, currentLanguage(), SHORT_DAY);
}
