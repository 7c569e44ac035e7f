import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import type { FlowState } from '@visus/core';

type TestSliceModule = typeof import('@/features/test-runner/test-slice');

/** How the layout frames the page: during a test the page is full width on the test's background. */
export interface TestFrame {
  status: FlowState['status'];
  inTest: boolean;
  /** The page colour during a test; null otherwise. */
  background: string | null;
}

/** Kept once loaded, so a layout mounted later has it at its first render. */
let testSlice: TestSliceModule | null = null;

/**
 * The test flow as the layout needs it. The `test` slice joins the store with the test screen's code
 * (issue 9 part 6); until then no test can be under way, and the layout does not download the slice
 * (nor core's flow machine) to find that out. Once the slice is in the store its module is already
 * loaded, so importing it here costs nothing.
 */
export function useTestFrame(): TestFrame {
  const flow = useSelector((state: { test?: { flow: FlowState } }) => state.test?.flow);
  const [loaded, setLoaded] = useState(testSlice);
  const needed = flow !== undefined && loaded === null;
  useEffect(() => {
    if (!needed) return undefined;
    let mounted = true;
    void import('@/features/test-runner/test-slice').then((module) => {
      testSlice = module;
      if (mounted) setLoaded(module);
    });
    return () => {
      mounted = false;
    };
  }, [needed]);

  if (flow === undefined || loaded === null)
    return { status: flow?.status ?? '', inTest: false, background: null };
  const inTest = !loaded.isTestIdle(flow);
  return {
    status: flow.status,
    inTest,
    background: inTest ? loaded.BACKGROUND_COLOURS[loaded.testBackground(flow)] : null,
  };
}
