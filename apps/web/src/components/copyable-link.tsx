import { useRef, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * A link shown read-only with a Copy button. Insecure origins and some browsers refuse the clipboard: the
 * link is then focused and selected, and a status line says to press Ctrl+C (⌘C on a Mac).
 */
export function CopyableLink({
  label,
  url,
  copyLabel = 'Copy',
  fullWidth = false,
}: {
  label: string;
  url: string;
  copyLabel?: string;
  fullWidth?: boolean;
}) {
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
          {copy === 'copied' ? 'Copied' : copyLabel}
        </Button>
      </Stack>
      {copy !== 'idle' && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          {copy === 'copied'
            ? 'Link copied to the clipboard.'
            : 'Copying was not allowed here: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.'}
        </Typography>
      )}
    </>
  );
}
