import { describe, expect, it } from 'vitest';
import type { TrendPoint } from './trend-data';
import {
  boundArrow,
  EYE_DODGE_PX,
  fittingXLabels,
  flagTriangle,
  labelWidth,
  linePath,
  logMarDomain,
  nearestIndex,
  plotBox,
  PLOT_MARGIN,
  steppedIndex,
  tipPlace,
  timeDomain,
  timeTicks,
  trendGeometry,
} from './trend-geometry';

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const at = (day: number, values: Omit<TrendPoint, 'id' | 'time'>): TrendPoint => ({
  id: `r${day}`,
  time: T0 + day * DAY,
  ...values,
});

describe('logMarDomain', () => {
  it('pads the values, bounds included, to whole tenths', () => {
    expect(logMarDomain([at(0, { right: 0.12, left: 0.3 }), at(1, { rightBound: -0.1 })])).toEqual([
      -0.2, 0.4,
    ]);
    expect(logMarDomain([at(0, { left: 0.3 })])).toEqual([0.2, 0.4]);
  });
  it('refuses a trend without a value', () => {
    expect(() => logMarDomain([at(0, {})])).toThrow('logMarDomain needs at least one value');
  });
});

describe('timeTicks and timeDomain', () => {
  it('ticks every result time when there are six or fewer, once per time', () => {
    const points = [at(0, { right: 0 }), at(3, { right: 0 }), at(3, { left: 0 })];
    expect(timeTicks(points)).toEqual([T0, T0 + 3 * DAY]);
  });
  it('spreads six ticks over many results, first and last included', () => {
    const points = Array.from({ length: 11 }, (_, i) => at(i, { right: 0 }));
    expect(timeTicks(points)).toEqual([0, 2, 4, 6, 8, 10].map((d) => T0 + d * DAY));
  });
  it('spans the first to the last result, a day either side of a single one', () => {
    expect(timeDomain([at(2, { right: 0 }), at(5, { right: 0 })])).toEqual([T0 + 2 * DAY, T0 + 5 * DAY]);
    expect(timeDomain([at(2, { right: 0 })])).toEqual([T0 + DAY, T0 + 3 * DAY]);
  });
});

describe('trendGeometry', () => {
  const points = [
    at(0, { right: 0.4, left: 0.2 }),
    at(10, { rightBound: 0.5, rightCensored: 'better-than', left: 0.2 }),
    at(20, { right: 0.1, rightFlag: 'better' }),
  ];
  const g = trendGeometry(points, 400, 232);

  it('draws the lowest logMAR (the best acuity) at the top and time from left to right', () => {
    expect(g.box).toEqual(plotBox(400, 232));
    expect(g.y(0)).toBe(g.box.top); // domain [0, 0.6]
    expect(g.y(0.6)).toBe(g.box.bottom);
    expect(g.y(0.1)).toBeLessThan(g.y(0.4));
    expect(g.x(points[0]!.time)).toBe(PLOT_MARGIN.left);
    expect(g.x(points[2]!.time)).toBe(400 - PLOT_MARGIN.right);
  });

  it('ticks logMAR at round values inside the domain (d3-scale) and x at the result times', () => {
    expect(g.yTicks.map((v) => Math.round(v * 10) / 10)).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
    expect(g.xTicks).toEqual(points.map((p) => p.time));
  });

  it('keeps an eye’s bounds apart from its measured values, so that its line joins measured ones only', () => {
    expect(g.measured.right.map((m) => m.index)).toEqual([0, 2]);
    expect(g.bounds.right.map((m) => m.index)).toEqual([1]);
    expect(g.measured.left.map((m) => m.index)).toEqual([0, 1]);
    expect(g.bounds.left).toEqual([]);
    expect(linePath(g.measured.right)).toBe(
      `M${PLOT_MARGIN.left},${Math.round(g.y(0.4) * 10) / 10}L${400 - PLOT_MARGIN.right},${Math.round(g.y(0.1) * 10) / 10}`,
    );
  });
});

describe('eyes at the same value', () => {
  it('draws their markers side by side, right eye to the left, so that neither hides the other', () => {
    const g = trendGeometry(
      [at(0, { right: 0.75, left: 0.75 }), at(10, { right: 0.2, left: 0.6 })],
      400,
      232,
    );
    const x0 = g.placed[0]!.x;
    expect(g.measured.right[0]!.x).toBe(x0 - EYE_DODGE_PX);
    expect(g.measured.left[0]!.x).toBe(x0 + EYE_DODGE_PX);
    // Far apart: each at its result's x.
    expect(g.measured.right[1]!.x).toBe(g.placed[1]!.x);
    expect(g.measured.left[1]!.x).toBe(g.placed[1]!.x);
  });
  it('moves a bound beside the other eye’s value too, and a lone eye not at all', () => {
    const g = trendGeometry(
      [at(0, { rightBound: 0.3, rightCensored: 'better-than', left: 0.3 }), at(10, { right: 0.3 })],
      400,
      232,
    );
    expect(g.bounds.right[0]!.x).toBe(g.placed[0]!.x - EYE_DODGE_PX);
    expect(g.measured.left[0]!.x).toBe(g.placed[0]!.x + EYE_DODGE_PX);
    expect(g.measured.right[0]!.x).toBe(g.placed[1]!.x);
  });
});

describe('linePath', () => {
  it('needs two marks for a line', () => {
    expect(linePath([])).toBeNull();
    expect(linePath([{ x: 1, y: 2 }])).toBeNull();
    expect(
      linePath([
        { x: 1, y: 2 },
        { x: 3.14159, y: 4 },
        { x: 5, y: 6 },
      ]),
    ).toBe('M1,2L3.1,4L5,6');
  });
});

describe('fittingXLabels', () => {
  it('keeps every label that fits, centred under its tick', () => {
    const ticks = [0, 100, 200].map((x, i) => ({ tick: i, x: x + 60, width: 40 }));
    expect(fittingXLabels(ticks, 400).map((l) => [l.tick, l.labelX])).toEqual([
      [0, 60],
      [1, 160],
      [2, 260],
    ]);
  });
  it('keeps the last label and leaves out those that would overlap the next one shown', () => {
    const ticks = [60, 90, 120, 150, 380].map((x, i) => ({ tick: i, x, width: 40 }));
    // 380 fits (≤ 400 − 20); 150 ends at 170 ≤ 360 − 16; 120 ends at 140 > 130 − 16, left out; 90 ends at
    // 110 ≤ 130 − 16; 60 ends at 80 > 70 − 16, left out.
    expect(fittingXLabels(ticks, 400).map((l) => l.tick)).toEqual([1, 3, 4]);
  });
  it('moves a label at an edge inside the chart', () => {
    const ticks = [
      { tick: 0, x: 10, width: 60 },
      { tick: 1, x: 395, width: 60 },
    ];
    expect(fittingXLabels(ticks, 400).map((l) => l.labelX)).toEqual([30, 370]);
  });
  it('guesses a label’s width from its length', () => {
    expect(labelWidth('20 Nov 2026', 12)).toBe(80);
  });
});

describe('nearestIndex and steppedIndex', () => {
  const placed = [60, 100, 300].map((x, index) => ({ index, x, point: at(index, { right: 0 }) }));
  it('finds the result whose column the pointer is on', () => {
    expect(nearestIndex(placed, 0)).toBe(0);
    expect(nearestIndex(placed, 79)).toBe(0);
    expect(nearestIndex(placed, 81)).toBe(1);
    expect(nearestIndex(placed, 199)).toBe(1);
    expect(nearestIndex(placed, 201)).toBe(2);
    expect(nearestIndex(placed, 1000)).toBe(2);
  });
  it('steps through the results with the arrows, Home and End, within the first and the last', () => {
    expect(steppedIndex('ArrowRight', null, 3)).toBe(0);
    expect(steppedIndex('ArrowLeft', null, 3)).toBe(2);
    expect(steppedIndex('ArrowRight', 1, 3)).toBe(2);
    expect(steppedIndex('ArrowRight', 2, 3)).toBe(2);
    expect(steppedIndex('ArrowLeft', 0, 3)).toBe(0);
    expect(steppedIndex('Home', 2, 3)).toBe(0);
    expect(steppedIndex('End', 0, 3)).toBe(2);
    expect(steppedIndex('a', 1, 3)).toBe(1);
    expect(steppedIndex('End', null, 0)).toBeNull();
  });
});

describe('tipPlace', () => {
  const box = { left: 60, right: 344, top: 16, bottom: 206 };
  it('puts the tooltip beside its column on the side with more room', () => {
    expect(tipPlace(box, 80, [150]).side).toBe('right');
    expect(tipPlace(box, 330, [150]).side).toBe('left');
  });
  it('keeps it off the values it names: at the bottom when they are drawn high, at the top when low', () => {
    expect(tipPlace(box, 80, [30, 60]).edge).toBe('bottom');
    expect(tipPlace(box, 80, [150, 190]).edge).toBe('top');
    // One eye high and one low: the edge with more room between it and the nearer marker.
    expect(tipPlace(box, 80, [40, 150]).edge).toBe('bottom');
    expect(tipPlace(box, 80, [80, 200]).edge).toBe('top');
    expect(tipPlace(box, 80, []).edge).toBe('top');
  });
});

describe('markers', () => {
  it('points a flag’s triangle up for better (drawn higher) and down for worse', () => {
    expect(flagTriangle(50, 50, true)).toBe('50,39 40,57 60,57');
    expect(flagTriangle(50, 50, false)).toBe('50,61 40,43 60,43');
  });
  it('points a bound’s arrow up for "or better" and down for "or worse"', () => {
    expect(boundArrow(50, 50, true)).toEqual({ start: 44, tip: 32, head: '50,30 46,37 54,37' });
    expect(boundArrow(50, 50, false)).toEqual({ start: 56, tip: 68, head: '50,70 46,63 54,63' });
  });
});
