import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { useT } from '@/lib/i18n/i18n';

/** The chart's height in trend-chart.tsx (TrendChart's box). */
export const TREND_CHART_HEIGHT = 260;

/**
 * What the trend section holds while its code (the lazy chart) and its data arrive, laid out as the
 * section will be: the two lines that explain the chart, a chart's title, the chart, the line under it
 * (trend-section.tsx). The list below then stays where it is when the chart comes (CLS < 0.1, issue 25).
 * A second chart (results of another chart type) still adds its height below.
 */
export function TrendSkeleton() {
  const t = useT();
  return (
    <LoadingPlaceholder
      spacing={3}
      sx={{ mt: 2 }}
      label={t('results.list.loadingChart')}
      data-testid="trend-skeleton"
    >
      <Box>
        <Skeleton variant="text" sx={{ fontSize: 'body2.fontSize' }} />
        <Skeleton variant="text" width="60%" sx={{ fontSize: 'body2.fontSize' }} />
      </Box>
      <Box>
        <Skeleton variant="text" width={160} sx={{ fontSize: 'subtitle1.fontSize' }} />
        <Skeleton variant="rounded" height={TREND_CHART_HEIGHT} />
        <Skeleton variant="text" width="80%" sx={{ mt: 1, fontSize: 'body2.fontSize' }} />
      </Box>
    </LoadingPlaceholder>
  );
}
