import { formatLogMar } from '@visus/core';
import type { MessageId } from '@/lib/i18n/i18n';
import { shortDay } from './result-format';
import { localNumber } from './result-words';
import { TREND_EYES, type TrendEye } from './trend-data';
import {
  boundArrow,
  fittingXLabels,
  flagTriangle,
  labelWidth,
  linePath,
  TICK_FONT_PX,
  type EyeMark,
  type TrendGeometry,
} from './trend-geometry';

/*
 * The trend chart's static drawing (grid, axes, each eye's line and markers, bounds and flags), apart from
 * what follows the pointer or the keys (trend-chart.tsx).
 */

/** Each eye has its own colour, line pattern and marker shape, so the lines differ without colour too. */
export const EYE_STYLE: Record<TrendEye, { name: MessageId; colour: string; dash?: string }> = {
  right: { name: 'results.eye.right', colour: '#1d5f7a' },
  left: { name: 'results.eye.left', colour: '#a34a1f', dash: '6 4' },
};
/** Marker colours of a flagged change (the triangle's direction says better or worse without colour). */
const FLAG_COLOUR = { better: '#2e7d32', worse: '#c62828', unchanged: '#555' } as const;
const GRID_COLOUR = '#d7dee3';
const AXIS_COLOUR = '#666';

/** An eye's marker at (cx, cy): a circle (right) or a square (left), `open` for a bound. */
export function EyeShape({ eye, cx, cy, open }: { eye: TrendEye; cx: number; cy: number; open: boolean }) {
  const colour = EYE_STYLE[eye].colour;
  const half = open ? 5 : 4;
  const props = open
    ? { fill: '#fff', stroke: colour, strokeWidth: 2, className: 'trend-paper trend-ink' }
    : { fill: colour, stroke: '#fff', strokeWidth: 1, className: 'trend-fill trend-edge' };
  return eye === 'right' ? (
    <circle cx={cx} cy={cy} r={half} {...props} />
  ) : (
    <rect x={cx - half} y={cy - half} width={half * 2} height={half * 2} {...props} />
  );
}

/** A measured result's marker; a large triangle with "!" where a change is flagged. */
function MeasuredMarker({ eye, mark }: { eye: TrendEye; mark: EyeMark }) {
  const flag = mark.point[`${eye}Flag`];
  if (!flag) return <EyeShape eye={eye} cx={mark.x} cy={mark.y} open={false} />;
  // Better (lower logMAR) is up on this chart: the triangle points the way the acuity moved.
  const up = flag === 'better';
  return (
    <g data-flag={`${eye}-${flag}`}>
      <polygon
        points={flagTriangle(mark.x, mark.y, up)}
        fill={FLAG_COLOUR[flag]}
        stroke="#fff"
        strokeWidth={1.5}
        className="trend-fill trend-edge"
      />
      <FlagMark x={mark.x} y={up ? mark.y + 5 : mark.y + 1} />
    </g>
  );
}

function FlagMark({ x, y }: { x: number; y: number }) {
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      fontSize={11}
      fontWeight={700}
      fill="#fff"
      className="trend-flag-text"
    >
      !
    </text>
  );
}

/**
 * A bound's marker (docs/adr/0010): the eye's shape drawn open with an arrow towards better (up: lower
 * logMAR is drawn higher) for "or better", or worse (down) for "or worse". The eye's line never joins it as
 * if it were measured. A flagged change to it adds a "!" badge in the colour of the change.
 */
function BoundMarker({ eye, mark }: { eye: TrendEye; mark: EyeMark }) {
  const censored = mark.point[`${eye}Censored`]!;
  const colour = EYE_STYLE[eye].colour;
  const { x, y } = mark;
  const arrow = boundArrow(x, y, censored === 'better-than');
  const flag = mark.point[`${eye}Flag`];
  return (
    <g data-bound={`${eye}-${censored}`}>
      <line
        x1={x}
        y1={arrow.start}
        x2={x}
        y2={arrow.tip}
        stroke={colour}
        strokeWidth={2}
        className="trend-ink"
      />
      <polygon points={arrow.head} fill={colour} className="trend-fill" />
      <EyeShape eye={eye} cx={x} cy={y} open />
      {flag && flag !== 'unchanged' && (
        <g data-flag={`${eye}-${flag}`}>
          <circle
            cx={x + 12}
            cy={y}
            r={7}
            fill={FLAG_COLOUR[flag]}
            stroke="#fff"
            strokeWidth={1.5}
            className="trend-fill trend-edge"
          />
          <FlagMark x={x + 12} y={y + 4} />
        </g>
      )}
    </g>
  );
}

let measuring: OffscreenCanvasRenderingContext2D | null | undefined;

/**
 * A tick label's width (px) in the chart's font, measured on a canvas (one for the page); where there is
 * none (tests), a generous guess from its length.
 */
function tickLabelWidth(text: string, fontFamily: string): number {
  measuring ??= typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
  if (!measuring || !fontFamily) return labelWidth(text);
  measuring.font = `${TICK_FONT_PX}px ${fontFamily}`;
  return Math.ceil(measuring.measureText(text).width);
}

/** The grid, axes, lines and markers: everything but what follows the pointer or the keys. */
export function TrendDrawing({
  geometry,
  width,
  fontFamily,
  yLabel,
}: {
  geometry: TrendGeometry;
  width: number;
  fontFamily: string;
  yLabel: string;
}) {
  const { box, x, y, yTicks, xTicks, measured, bounds } = geometry;
  const labels = fittingXLabels(
    xTicks.map((tick) => ({ tick, x: x(tick), width: tickLabelWidth(shortDay(tick), fontFamily) })),
    width,
  );
  return (
    <>
      <g stroke={GRID_COLOUR} strokeDasharray="3 3" className="trend-grid">
        {yTicks.map((tick) => (
          <line key={tick} x1={box.left} x2={box.right} y1={y(tick)} y2={y(tick)} />
        ))}
        {xTicks.map((tick) => (
          <line key={tick} x1={x(tick)} x2={x(tick)} y1={box.top} y2={box.bottom} />
        ))}
      </g>
      <g stroke={AXIS_COLOUR} className="trend-ink">
        <line x1={box.left} x2={box.left} y1={box.top} y2={box.bottom} />
        <line x1={box.left} x2={box.right} y1={box.bottom} y2={box.bottom} />
        {yTicks.map((tick) => (
          <line key={tick} x1={box.left - 6} x2={box.left} y1={y(tick)} y2={y(tick)} />
        ))}
        {xTicks.map((tick) => (
          <line key={tick} x1={x(tick)} x2={x(tick)} y1={box.bottom} y2={box.bottom + 6} />
        ))}
      </g>
      <g fontSize={TICK_FONT_PX} fill="currentColor" className="trend-text">
        {yTicks.map((tick) => (
          <text key={tick} x={box.left - 8} y={y(tick)} dy="0.355em" textAnchor="end">
            {localNumber(formatLogMar(tick))}
          </text>
        ))}
        {labels.map((label) => (
          <text key={label.tick} x={label.labelX} y={box.bottom + 8} dy="0.71em" textAnchor="middle">
            {shortDay(label.tick)}
          </text>
        ))}
        <text
          transform={`translate(14 ${(box.top + box.bottom) / 2}) rotate(-90)`}
          textAnchor="middle"
          dy="0.355em"
        >
          {yLabel}
        </text>
      </g>
      {TREND_EYES.map((eye) => {
        const path = linePath(measured[eye]);
        return (
          path && (
            <path
              key={eye}
              d={path}
              fill="none"
              stroke={EYE_STYLE[eye].colour}
              strokeWidth={2}
              strokeDasharray={EYE_STYLE[eye].dash}
              strokeLinejoin="round"
              className="trend-ink"
            />
          )
        );
      })}
      {TREND_EYES.map((eye) => (
        <g key={eye}>
          {measured[eye].map((mark) => (
            <MeasuredMarker key={mark.point.id} eye={eye} mark={mark} />
          ))}
          {bounds[eye].map((mark) => (
            <BoundMarker key={mark.point.id} eye={eye} mark={mark} />
          ))}
        </g>
      ))}
    </>
  );
}
