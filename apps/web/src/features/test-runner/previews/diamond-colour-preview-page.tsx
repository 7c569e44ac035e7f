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
import { PreviewFrame, PreviewSection, usePreviewViewing } from './preview-viewing';

const PATCH_PX = 120;

/** /admin/preview/diamondcolourpreview: the Diamond greys and gratings at both contrasts on this screen. */
export function DiamondColourPreviewPage() {
  const viewing = usePreviewViewing();
  const grey = (l: number) => greyLevelForLuminance(l, viewing.gamma);
  return (
    <PreviewFrame
      title="Diamond Colour Preview"
      intro="The luminances of the Diamond tiles at contrast 20 % and 8 %, the grey levels that show them with your gamma, and the patches themselves."
      viewing={viewing}
    >
      {DIAMOND_CONTRASTS.map((contrast) => {
        const c = contrast / 100;
        const rows = [
          { name: 'Light tile', l: diamondUniformLuminance('light', contrast) },
          { name: 'Medium tile', l: diamondUniformLuminance('medium', contrast) },
          { name: 'Grating peak', l: DIAMOND_MEAN_LUMINANCE * (1 + c) },
          { name: 'Grating trough', l: DIAMOND_MEAN_LUMINANCE * (1 - c) },
        ];
        return (
          <PreviewSection
            key={contrast}
            title={`Contrast ${contrast} %`}
            testId={`diamond-contrast-${contrast}`}
          >
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
              <Table size="small" aria-label={`Diamond luminances at ${contrast} %`} sx={{ maxWidth: 460 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Patch</TableCell>
                    <TableCell align="right">Luminance</TableCell>
                    <TableCell align="right">Grey level</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.name}>
                      <TableCell>{r.name}</TableCell>
                      <TableCell align="right">{(r.l * 100).toFixed(1)} %</TableCell>
                      <TableCell align="right">{grey(r.l).toFixed(1)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
                {[
                  { name: 'Light', l: rows[0]!.l, grating: false },
                  { name: 'Medium', l: rows[1]!.l, grating: false },
                  { name: 'Grating', l: DIAMOND_MEAN_LUMINANCE, grating: true },
                ].map((p) => (
                  <Stack key={p.name} spacing={1} sx={{ alignItems: 'center' }}>
                    <SineGrating
                      sizePx={PATCH_PX}
                      cyclesPerDegree={DIAMOND_CYCLES_PER_DEGREE}
                      pixelsPerDegree={pixelsPerDegree(viewing)}
                      orientationDeg={45}
                      contrast={p.grating ? c : 0}
                      meanLuminance={p.l}
                      gamma={viewing.gamma}
                      testId={`diamond-colour-${contrast}-${p.name.toLowerCase()}`}
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
