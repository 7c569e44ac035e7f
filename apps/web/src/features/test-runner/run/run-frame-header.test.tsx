import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, type FlowState, type TestId } from '@visus/core';
import { RunFrame } from './run-frame';

function frame(
  test: TestId,
  patch: Partial<FlowState>,
  place: { activity: string; method: string } | null = null,
) {
  const flow: FlowState = {
    ...INITIAL_FLOW_STATE,
    status: 'InTest',
    currentTest: test,
    currentLoop: 7,
    loopLength: 30,
    infinite: false,
    ...patch,
  };
  return render(
    <RunFrame
      flow={flow}
      test={test}
      pin="123456"
      testMode={false}
      checking={false}
      showHint={false}
      connection="connected"
      phoneLeftAt={null}
      place={place}
    >
      <p>stimulus</p>
    </RunFrame>,
  );
}

describe('the fraction readout for direction answers (SPEC.md §2)', () => {
  it.each(['landoltC', 'tumblingE'] as const)('%s shows answers done / total fixed at top right', (test) => {
    frame(test, {});
    const fraction = screen.getByTestId('answer-fraction');
    expect(fraction).toHaveTextContent(/^7\/30$/);
    expect(fraction).toHaveAccessibleName('7 of 30 answers');
    expect(getComputedStyle(fraction).position).toBe('absolute');
    expect(getComputedStyle(fraction).right).toBe('24px');
    expect(getComputedStyle(fraction).top).toBe('16px');
  });

  it('is hidden in infinite mode', () => {
    frame('tumblingE', { infinite: true });
    expect(screen.queryByTestId('answer-fraction')).not.toBeInTheDocument();
  });

  it('is not shown for Sloan (letters, not directions)', () => {
    frame('sloan', {});
    expect(screen.queryByTestId('answer-fraction')).not.toBeInTheDocument();
  });

  it('is not shown on the Ready screen', () => {
    frame('landoltC', { status: 'Ready' });
    expect(screen.queryByTestId('answer-fraction')).not.toBeInTheDocument();
  });
});

describe('the activity and method in the running test’s header (SPEC.md §1)', () => {
  it('shows the place in a full battery', () => {
    frame('diamond', { currentLoop: 1, loopLength: 3 }, { activity: 'Activity Two', method: 'Grating' });
    expect(screen.getByTestId('battery-place')).toHaveTextContent('Activity Two · Grating');
  });

  it('shows nothing without a place', () => {
    frame('diamond', { currentLoop: 1, loopLength: 3 }, null);
    expect(screen.queryByTestId('battery-place')).not.toBeInTheDocument();
  });
});
