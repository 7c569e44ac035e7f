import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DIAMOND_CONTRASTS,
  DIAMOND_CYCLES_PER_DEGREE,
  DIAMOND_MEAN_LUMINANCE,
  diamondUniformLuminance,
  greyLevelForLuminance,
  pixelsPerDegree,
} from '@visus/core';
import { SineGrating } from '@/features/test-runner/stimuli/sine-grating';
import { useT } from '@/lib/i18n/i18n';
import { formatFixed } from '@/lib/i18n/numbers';
import { PreviewFrame, PreviewSection, usePreviewViewing } from './preview-viewing';

const PATCH_PX = 120;

/** /admin/preview/diamondcolourpreview: the Diamond greys and gratings at both contrasts on this screen. */
export function DiamondColourPreviewPage() {
  const t = useT();
  const viewing = usePreviewViewing();
  const grey = (l: number) => greyLevelForLuminance(l, viewing.gamma);
  return (
    <PreviewFrame
      title={t('preview.diamondColour.title')}
      intro={t('preview.diamondColour.intro')}
      viewing={viewing}
    >
      {DIAMOND_CONTRASTS.map((contrast) => {
        const c = contrast / 100;
        const rows = [
          { name: t('preview.diamondColour.lightTile'), l: diamondUniformLuminance('light', contrast) },
          { name: t('preview.diamondColour.mediumTile'), l: diamondUniformLuminance('medium', contrast) },
          { name: t('preview.diamondColour.peak'), l: DIAMOND_MEAN_LUMINANCE * (1 + c) },
          { name: t('preview.diamondColour.trough'), l: DIAMOND_MEAN_LUMINANCE * (1 - c) },
        ];
        return (
          <PreviewSection
            key={contrast}
            title={t('preview.diamondColour.contrast', { contrast: String(contrast) })}
            testId={`diamond-contrast-${contrast}`}
          >
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
              <Table
                size="small"
                aria-label={t('preview.diamondColour.table', { contrast: String(contrast) })}
                sx={{ maxWidth: 460 }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('preview.diamondColour.patch')}</TableCell>
                    <TableCell align="right">{t('preview.diamondColour.luminance')}</TableCell>
                    <TableCell align="right">{t('preview.diamondColour.greyLevel')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.name}>
                      <TableCell>{r.name}</TableCell>
                      <TableCell align="right">{formatFixed(r.l * 100, 1)} %</TableCell>
                      <TableCell align="right">{formatFixed(grey(r.l), 1)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
                {[
                  { kind: 'light', name: t('preview.tile.light'), l: rows[0]!.l, grating: false },
                  { kind: 'medium', name: t('preview.tile.medium'), l: rows[1]!.l, grating: false },
                  {
                    kind: 'grating',
                    name: t('preview.tile.grating'),
                    l: DIAMOND_MEAN_LUMINANCE,
                    grating: true,
                  },
                ].map((p) => (
                  <Stack key={p.kind} spacing={1} sx={{ alignItems: 'center' }}>
                    <SineGrating
                      sizePx={PATCH_PX}
                      cyclesPerDegree={DIAMOND_CYCLES_PER_DEGREE}
                      pixelsPerDegree={pixelsPerDegree(viewing)}
                      orientationDeg={45}
                      contrast={p.grating ? c : 0}
                      meanLuminance={p.l}
                      gamma={viewing.gamma}
                      testId={`diamond-colour-${contrast}-${p.kind}`}
                    />
                    <Typography variant="caption">{p.name}</Typography>
                  </Stack>
                ))}
              </Stack>
            </Stack>
          </PreviewSection>
        );
      })}
    </PreviewFrame>
  );
}
