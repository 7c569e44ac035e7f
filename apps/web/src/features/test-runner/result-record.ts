import type { FlowState, ResultCalibration, TestResults } from '@visus/core';
import type { ResultRecordBody, Session } from '@visus/contracts';

/**
 * The stored record of SPEC.md §3 / DESIGN.md §5 for a finished (or interrupted) session: setup with the
 * date, units, correction and test mode, then either the single test or the parts run (testA, testB,
 * testC: in test mode the part switches are skipped, so only Part A runs); data per test per eye with the
 * start and end timestamps (ms); session = the pin, which makes saving idempotent on the server. With
 * `calibration`, the setup keeps the screen calibration the charts were drawn with (the printed report and
 * the FHIR Device state it).
 */
export function buildResultRecord(
  session: Pick<Session, 'pin' | 'units' | 'single' | 'testMode'>,
  flow: FlowState,
  results: TestResults,
  endedAt: number,
  calibration?: ResultCalibration,
): ResultRecordBody {
  const end = flow.finishedAt ?? endedAt;
  const start = Math.min(results.start ?? flow.startedAt ?? end, end);
  const parts = session.single
    ? { singleTest: session.single }
    : session.testMode
      ? { testA: [...flow.flowA] }
      : { testA: [...flow.flowA], testB: [...flow.flowB], testC: [...flow.flowC] };
  const { start: _start, end: _end, ...perTest } = results;
  return {
    session: session.pin,
    setup: {
      date: new Date(end).toISOString(),
      units: session.units,
      correction: flow.correction ?? 'None',
      testMode: session.testMode,
      ...parts,
      ...(calibration ? { calibration } : {}),
    },
    data: { ...(perTest as Omit<ResultRecordBody['data'], 'start' | 'end'>), start, end },
  };
}

/** True when at least one test has a result worth saving. */
export function hasResults(results: TestResults): boolean {
  return Object.keys(results).some((key) => key !== 'start' && key !== 'end');
}
