import { useRef, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '@/lib/i18n/i18n';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * A link shown read-only with a Copy button. Insecure origins and some browsers refuse the clipboard: the
 * link is then focused and selected, and a status line says to press Ctrl+C (⌘C on a Mac).
 */
export function CopyableLink({
  label,
  url,
  copyLabel,
  fullWidth = false,
}: {
  label: string;
  url: string;
  /** The button's word; 'Copy' in the language shown when not given. */
  copyLabel?: string;
  fullWidth?: boolean;
}) {
  const t = useT();
  const [copy, setCopy] = useState<CopyState>('idle');
  const input = useRef<HTMLInputElement>(null);

  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopy('manual');
    }
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          label={label}
          value={url}
          size="small"
          fullWidth={fullWidth}
          inputRef={input}
          onFocus={(event) => event.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
        />
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={() => void onCopy()}
          sx={{ flexShrink: 0 }}
        >
          {copy === 'copied' ? t('shell.copied') : (copyLabel ?? t('shell.copy'))}
        </Button>
      </Stack>
      {copy !== 'idle' && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          {copy === 'copied' ? t('shell.linkCopied') : t('shell.copyRefused')}
        </Typography>
      )}
    </>
  );
}
