import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resultRecordSchema } from '@visus/contracts';
import { AcuityPanel } from './acuity-panel';
import { renderPanel } from './panel-test-harness';

/** Crowding (SPEC.md §3): bars around Sloan and Tumbling E when the session asks, and `crowded` stored. */
function storedAfter(test: 'sloan' | 'tumblingE' | 'landoltC', crowding: boolean | undefined) {
  const panel = renderPanel(AcuityPanel, { test, loopLength: 3, crowding });
  const stimulus = screen.getByTestId('acuity-stimulus');
  const bars = within(stimulus).queryAllByTestId('crowding-bar').length;
  const answers = { sloan: ['H', 'O', 'Z'], tumblingE: ['0', '90', '180'], landoltC: ['0', '90', '180'] };
  panel.press(...answers[test]);
  const patch = panel.record.mock.calls[0]![0] as Record<string, { right: Record<string, unknown> }>;
  return { bars, crowdedAttr: stimulus.getAttribute('data-crowded'), stored: patch[test]!.right };
}

describe('AcuityPanel crowding', () => {
  it.each(['sloan', 'tumblingE'] as const)('draws four bars around %s and stores crowded', (test) => {
    const { bars, crowdedAttr, stored } = storedAfter(test, true);
    expect(bars).toBe(4);
    expect(crowdedAttr).toBe('true');
    expect(stored.crowded).toBe(true);
    const start = Date.UTC(2026, 10, 25, 10);
    const body = {
      setup: { date: '2026-11-25T10:00:00.000Z', units: 'm', correction: 'None', testMode: false },
      data: { start, end: start + 60_000, [test]: { right: stored } },
    };
    expect(resultRecordSchema.safeParse(body).success).toBe(true);
  });

  it('draws no bars and stores crowded false when the session did not ask', () => {
    const { bars, stored } = storedAfter('sloan', false);
    expect(bars).toBe(0);
    expect(stored.crowded).toBe(false);
    expect(storedAfter('tumblingE', undefined).stored.crowded).toBe(false);
  });

  it('never crowds Landolt C, whatever the session says', () => {
    const { bars, stored } = storedAfter('landoltC', true);
    expect(bars).toBe(0);
    expect(stored.crowded).toBe(false);
  });
});
