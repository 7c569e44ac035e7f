import {
  memo,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { acuityMeasure, acuityNotation, formatLogMar, lineRounding, type AcuityMeasure } from '@visus/core';
import { shortDay, trendName } from './result-format';
import { boundWords, logMarWords } from './result-words';
import { t, useLocale, useT } from '@/lib/i18n/i18n';
import { pointLogMar, TREND_EYES, type TestTrend, type TrendPoint } from './trend-data';
import { isStepKey, nearestIndex, steppedIndex, tipPlace, trendGeometry } from './trend-geometry';
import { TREND_CHART_HEIGHT } from './trend-skeleton';
import { EYE_STYLE, EyeShape, TrendDrawing } from './trend-drawing';

/** The legend's row above the drawing (px); the SVG has the rest of TREND_CHART_HEIGHT. */
const LEGEND_HEIGHT = 28;
const SVG_HEIGHT = TREND_CHART_HEIGHT - LEGEND_HEIGHT;

/**
 * The chart's one style (a static object: serialised once for every chart). Under forced colours the
 * system drops the fills and colours the strokes given as attributes are not its own: the lines, markers
 * and flags are then drawn in the system's text colour on its background (the eyes still differ by dash
 * and marker shape, a flag by its triangle's direction).
 */
const CHART_SX = {
  position: 'relative',
  width: '100%',
  height: TREND_CHART_HEIGHT,
  color: 'text.secondary',
  '& .trend-legend': {
    display: 'flex',
    justifyContent: 'center',
    flexWrap: 'wrap',
    columnGap: 2,
    height: LEGEND_HEIGHT,
    m: 0,
    p: 0,
    listStyle: 'none',
    color: 'text.primary',
    overflow: 'hidden',
  },
  '& .trend-legend li': { display: 'flex', alignItems: 'center', gap: 0.75 },
  '& svg.trend-drawing': { display: 'block', overflow: 'visible', touchAction: 'pan-y' },
  '& svg.trend-drawing:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: 2,
  },
  '& .trend-tip': {
    position: 'absolute',
    top: LEGEND_HEIGHT + 8,
    zIndex: 1,
    px: 1,
    py: 0.5,
    maxWidth: 'min(20rem, calc(100% - 24px))',
    typography: 'body2',
    pointerEvents: 'none',
    color: 'text.primary',
  },
  '@media (forced-colors: active)': {
    '& .trend-ink': { stroke: 'CanvasText' },
    '& .trend-grid': { stroke: 'GrayText' },
    '& .trend-fill': { fill: 'CanvasText' },
    '& .trend-paper': { fill: 'Canvas' },
    '& .trend-edge': { stroke: 'Canvas' },
    '& .trend-flag-text': { fill: 'Canvas' },
    '& .trend-text': { fill: 'CanvasText' },
    // The theme's teal ring kept its colour here: 2.97:1 on a black system canvas.
    '& svg.trend-drawing:focus-visible': { outlineColor: 'Highlight' },
  },
} as const;

/** The tooltip's lines for one result: its day, then each eye's value ("or better" for a bound) and flag. */
export function tooltipLines(point: TrendPoint, measure: AcuityMeasure): { day: string; eyes: string[] } {
  const eyes = TREND_EYES.flatMap((eye) => {
    const value = pointLogMar(point, eye);
    if (value === undefined) return [];
    const censored = point[`${eye}Censored`];
    const or = (text: string) => boundWords(censored, text);
    const snellen = acuityNotation(value, lineRounding(censored)).text.snellen6;
    const flag = point[`${eye}Flag`];
    const text = t('results.trend.tooltipValue', {
      eye: t(EYE_STYLE[eye].name),
      logMar: or(logMarWords(formatLogMar(value))),
      snellen: or(measure.equivalent ? t('results.figure.equivalent', { value: snellen }) : snellen),
    });
    return [
      `${text}${censored ? t('results.trend.tooltipBound') : ''}${
        flag ? ` · ${t(flag === 'better' ? 'results.trend.betterBeyond' : 'results.trend.worseBeyond')}` : ''
      }`,
    ];
  });
  return { day: shortDay(point.time), eyes };
}

/**
 * The width (px) of an element, followed as it changes (0 until it is laid out), and its font family. The
 * size comes from a ResizeObserver, which reports it once the browser has laid the page out anyway: reading
 * it from the element at once would force that layout early, inside the chart's own task.
 */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [fontFamily, setFontFamily] = useState('');
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = (px: number) => {
      setWidth(Math.round(px));
      setFontFamily(getComputedStyle(element).fontFamily);
    };
    // Without a ResizeObserver (jsdom), the width the element has now.
    if (typeof ResizeObserver === 'undefined') {
      measure(element.clientWidth);
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width, fontFamily] as const;
}

/**
 * One chart type's acuity per eye over time, better acuity (lower logMAR) at the top: an SVG drawn here
 * (scales and ticks from d3-scale, geometry in trend-geometry.ts). A date's values show in a tooltip when
 * the pointer is on its column, or with the arrow keys (Home, End) once the chart has focus.
 */
export const TrendChart = memo(function TrendChart({ trend }: { trend: TestTrend }) {
  // Astigmatism Power is charted as what it is, a grating acuity in logMAR (core acuityMeasure).
  const measure = acuityMeasure(trend.test);
  const t = useT();
  const language = useLocale();
  const id = useId();
  const [box, width, fontFamily] = useWidth();
  const [active, setActive] = useState<number | null>(null);
  const points = trend.points;
  const geometry = useMemo(
    () => (width > 0 ? trendGeometry(points, width, SVG_HEIGHT) : null),
    [points, width],
  );
  const yLabel = measure.equivalent ? t('results.outcome.gratingLogMar') : measure.logMarLabel;
  // The static drawing is built again only when its size, points or words change, not as the tooltip moves.
  const drawing = useMemo(
    () =>
      geometry && <TrendDrawing geometry={geometry} width={width} fontFamily={fontFamily} yLabel={yLabel} />,
    // The words change with the language (useT renders this chart again then).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [geometry, width, fontFamily, yLabel, language],
  );
  const eyes = TREND_EYES.filter((eye) => points.some((p) => pointLogMar(p, eye) !== undefined));

  const onPointer = useCallback(
    (event: PointerEvent<SVGRectElement>) => {
      if (!geometry) return;
      const left = event.currentTarget.ownerSVGElement?.getBoundingClientRect().left ?? 0;
      setActive(nearestIndex(geometry.placed, event.clientX - left));
    },
    [geometry],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent<SVGSVGElement>) => {
      if (event.key === 'Escape') {
        setActive(null);
        return;
      }
      // A stepping key at the first or last result changes nothing but is still the chart's: left to the
      // page, End or an arrow would scroll the chart out of a magnified view.
      if (!isStepKey(event.key)) return;
      event.preventDefault();
      setActive(steppedIndex(event.key, active, points.length));
    },
    [active, points.length],
  );

  const shown = active === null || !geometry ? null : geometry.placed[active];
  const lines = shown ? tooltipLines(shown.point, measure) : null;
  const shownYs =
    shown && geometry
      ? TREND_EYES.flatMap((eye) => {
          const value = pointLogMar(shown.point, eye);
          return value === undefined ? [] : [geometry.y(value)];
        })
      : [];
  const place = shown && geometry ? tipPlace(geometry.box, shown.x, shownYs) : null;
  return (
    <Box ref={box} sx={CHART_SX}>
      <ul className="trend-legend">
        {eyes.map((eye) => (
          <li key={eye}>
            <svg width={30} height={12} aria-hidden>
              <line
                x1={1}
                x2={29}
                y1={6}
                y2={6}
                stroke={EYE_STYLE[eye].colour}
                strokeWidth={2}
                strokeDasharray={EYE_STYLE[eye].dash}
                className="trend-ink"
              />
              <EyeShape eye={eye} cx={15} cy={6} open={false} />
            </svg>
            <span>{t(EYE_STYLE[eye].name)}</span>
          </li>
        ))}
      </ul>
      <svg
        className="trend-drawing"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width="100%"
        height={SVG_HEIGHT}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((current) => current ?? points.length - 1)}
        onBlur={() => setActive(null)}
      >
        <title id={`${id}-title`}>
          {t(measure.equivalent ? 'results.trend.gratingTitle' : 'results.trend.title', {
            name: trendName(trend),
          })}
        </title>
        <desc id={`${id}-desc`}>
          {t(measure.equivalent ? 'results.trend.gratingDesc' : 'results.trend.desc', {
            count: points.length,
          })}
        </desc>
        {drawing}
        {shown && geometry && (
          <g pointerEvents="none">
            <line
              x1={shown.x}
              x2={shown.x}
              y1={geometry.box.top}
              y2={geometry.box.bottom}
              stroke="#999"
              className="trend-ink"
            />
            {TREND_EYES.map((eye) => {
              const value = pointLogMar(shown.point, eye);
              return (
                value !== undefined && (
                  <circle
                    key={eye}
                    cx={shown.x}
                    cy={geometry.y(value)}
                    r={10}
                    fill="none"
                    stroke={EYE_STYLE[eye].colour}
                    strokeWidth={2}
                    className="trend-ink"
                  />
                )
              );
            })}
          </g>
        )}
        {geometry && (
          <rect
            x={geometry.box.left}
            y={0}
            width={geometry.box.right - geometry.box.left}
            height={SVG_HEIGHT}
            fill="transparent"
            onPointerMove={onPointer}
            onPointerDown={onPointer}
            onPointerLeave={(event) => {
              if (event.pointerType === 'mouse') setActive(null);
            }}
          />
        )}
      </svg>
      <div role="status">
        {lines && shown && (
          <Paper
            variant="outlined"
            className="trend-tip"
            style={{
              ...(place?.side === 'left' ? { right: width - shown.x + 14 } : { left: shown.x + 14 }),
              // The plot's edge in the chart box: the legend above it, the x axis below it.
              ...(place?.edge === 'bottom' && geometry
                ? { top: 'auto', bottom: SVG_HEIGHT - geometry.box.bottom + 4 }
                : {}),
            }}
          >
            <strong>{lines.day}</strong>
            {lines.eyes.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Paper>
        )}
      </div>
    </Box>
  );
});
