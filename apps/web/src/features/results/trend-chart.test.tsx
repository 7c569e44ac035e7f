import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredResult } from '@visus/contracts';
import { acuityMeasure } from '@visus/core';
import { TrendChart, tooltipLines } from './trend-chart';
import { acuityTrends } from './trend-data';
import { boundResult, storedResult } from './results-fixtures';
import { shortDay } from './result-format';

function sloanAt(day: string, right: number, left: number): StoredResult {
  const base = storedResult({ day });
  return {
    ...base,
    data: {
      ...base.data,
      sloan: {
        right: { va: right, rounds: 24, loopLength: 30 },
        left: { va: left, rounds: 22, loopLength: 30 },
      },
    },
  };
}

// jsdom lays nothing out: the chart's box is given a width, as a browser would measure it.
const clientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
});
afterAll(() => {
  if (clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', clientWidth);
});

/** A mouse's pointer event at `clientX` (jsdom has no PointerEvent: a MouseEvent with its pointerType). */
function mouse(type: string, clientX: number): MouseEvent {
  const event = new MouseEvent(type, { bubbles: true, clientX });
  Object.defineProperty(event, 'pointerType', { value: 'mouse' });
  return event;
}

describe('TrendChart', () => {
  const trend = acuityTrends([
    sloanAt('2026-01-10', 0.4, 0.2),
    sloanAt('2026-02-10', 0.1, 0.22), // right −0.30: better beyond the repeatability
  ])[0]!;

  it('is one image named by its title and described by its description', () => {
    render(<TrendChart trend={trend} />);
    const chart = screen.getByRole('img', { name: 'Sloan acuity over time' });
    expect(chart).toHaveAccessibleDescription(/^logMAR per eye for 2 results; lower is better/);
    expect(screen.getAllByRole('img')).toHaveLength(1); // the legend's samples are hidden
    expect(screen.getByRole('list')).toHaveTextContent('Right eyeLeft eye');
  });

  it('draws the flagged change as a triangle, one line per eye, and the logMAR and date ticks', () => {
    const { container } = render(<TrendChart trend={trend} />);
    expect(container.querySelectorAll('[data-flag]')).toHaveLength(1);
    expect(container.querySelector('[data-flag="right-better"] polygon')).not.toBeNull();
    const chart = screen.getByRole('img', { name: 'Sloan acuity over time' });
    expect(chart.querySelectorAll('path')).toHaveLength(2);
    const texts = Array.from(chart.querySelectorAll('text')).map((text) => text.textContent);
    expect(texts).toEqual(
      expect.arrayContaining(['0.00', '0.50', shortDay(trend.points[0]!.time), 'logMAR']),
    );
  });

  it('shows a date’s values from the keyboard: focus, arrows, Home, End, Escape', async () => {
    const user = userEvent.setup();
    render(<TrendChart trend={trend} />);
    await user.tab();
    const chart = screen.getByRole('img', { name: 'Sloan acuity over time' });
    expect(chart).toHaveFocus();
    const status = screen.getByRole('status');
    const [first, last] = trend.points.map((p) => tooltipLines(p, acuityMeasure('sloan')));
    // Focus shows the newest result.
    expect(status).toHaveTextContent([last!.day, ...last!.eyes].join(''));
    expect(last!.eyes[0]).toBe('Right eye: 0.10 logMAR (6/7.5) · better beyond repeatability');
    await user.keyboard('{ArrowLeft}');
    expect(status).toHaveTextContent([first!.day, ...first!.eyes].join(''));
    expect(first!.eyes).toEqual(['Right eye: 0.40 logMAR (6/15)', 'Left eye: 0.20 logMAR (6/9.5)']);
    await user.keyboard('{End}');
    expect(status).toHaveTextContent(last!.day);
    await user.keyboard('{Home}');
    expect(status).toHaveTextContent(first!.day);
    await user.keyboard('{Escape}');
    expect(status).toBeEmptyDOMElement();
  });

  it('keeps the stepping keys at the first and last result (the page does not scroll), not the others', () => {
    render(<TrendChart trend={trend} />);
    const chart = screen.getByRole('img', { name: 'Sloan acuity over time' });
    fireEvent.focus(chart); // the newest result: End and ArrowRight change nothing
    for (const key of ['End', 'ArrowRight', 'ArrowUp'])
      expect(fireEvent.keyDown(chart, { key }), key).toBe(false);
    fireEvent.keyDown(chart, { key: 'Home' });
    for (const key of ['Home', 'ArrowLeft', 'ArrowDown'])
      expect(fireEvent.keyDown(chart, { key }), key).toBe(false);
    expect(fireEvent.keyDown(chart, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(chart, { key: 'PageDown' })).toBe(true);
  });

  it('shows the values of the date under the pointer and hides them when it leaves', () => {
    const { container } = render(<TrendChart trend={trend} />);
    const area = container.querySelector('svg.trend-drawing > rect')!;
    // The plot runs from x 60 to 584 (600 − 16); the second result is at its right end.
    fireEvent(area, mouse('pointermove', 500));
    expect(screen.getByRole('status')).toHaveTextContent(shortDay(trend.points[1]!.time));
    fireEvent(area, mouse('pointermove', 100));
    expect(screen.getByRole('status')).toHaveTextContent(shortDay(trend.points[0]!.time));
    fireEvent(area, mouse('pointerout', 700));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('draws a bound as an open marker with its arrow, off the line, and says so in the tooltip', async () => {
    const landolt = acuityTrends([boundResult('2026-11-21')])[0]!;
    const user = userEvent.setup();
    const { container } = render(<TrendChart trend={landolt} />);
    const bound = container.querySelector('[data-bound="right-better-than"]');
    expect(bound).not.toBeNull();
    expect(within(bound as HTMLElement).queryAllByText('!')).toHaveLength(0);
    expect(container.querySelectorAll('[data-flag]')).toHaveLength(0);
    expect(container.querySelectorAll('svg.trend-drawing path')).toHaveLength(0); // one result: no line
    await user.tab();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Right eye: 0.50 logMAR or better (6/19 or better), a bound: not measured beyond this screen’s range',
    );
  });
});
