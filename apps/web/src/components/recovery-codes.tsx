import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useT } from '@/lib/i18n/i18n';

/**
 * One-time recovery codes of two-step sign-in, shown once (after enrolment or regeneration): a list to
 * write down, copy or download. The server keeps only their hashes; nobody can show them again.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const text = `${t('account.codes.fileHeading')}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'visus-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{t('account.codes.warning')}</Alert>
      <Box
        component="ol"
        aria-label={t('account.codes.list')}
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          fontFamily: '"Roboto Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? t('account.codes.copied') : t('account.codes.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('account.codes.download')}
        </Button>
      </Stack>
    </Stack>
  );
}
