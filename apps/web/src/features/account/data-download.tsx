import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AccountExport } from '@visus/contracts';
import { api } from '@/lib/api/api';
import { errorMessage } from '@/lib/api/api-error';
import { useT } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';

/** GET /auth/export: a mutation, so the person's whole data is never kept in the store's cache. */
const exportApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportMyData: build.mutation<AccountExport, void>({
      query: () => ({ url: '/auth/export' }),
      transformResponse: (response: { data: AccountExport }) => response.data,
    }),
  }),
});

/** Saves text as a file through a Blob and a temporary link. */
function save(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a tick later is enough.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download my data": everything Visus keeps about me as one JSON file (GET /auth/export) — the account,
 * settings and history, results, and the clinic's side: my consent, who viewed my data, reviews.
 */
export function DataDownload() {
  const t = useT();
  const [load, { isLoading, error }] = exportApi.useExportMyDataMutation();
  const download = async () => {
    const answer = await load();
    if ('data' in answer && answer.data)
      save(`visus-my-data-${answer.data.exportedAt.slice(0, 10)}.json`, JSON.stringify(answer.data, null, 2));
  };
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        loading={isLoading}
        onClick={() => void download()}
      >
        {t('account.data.download')}
      </Button>
      {error && <Alert severity="error">{translateServerMessage(errorMessage(error))}</Alert>}
    </Stack>
  );
}
