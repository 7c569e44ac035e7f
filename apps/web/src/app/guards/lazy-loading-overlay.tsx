import { lazy, Suspense, useState } from 'react';

// MUI's Backdrop and Fade download only when a guard first has to wait for a sign-in, so a guest's
// first screen does without them (issue 9 part 6).
const LoadingOverlay = lazy(() =>
  import('@/components/loading-overlay').then((module) => ({ default: module.LoadingOverlay })),
);

interface LazyLoadingOverlayProps {
  open: boolean;
  label: string;
}

/** The loading overlay, loaded the first time it opens and then kept, so it can fade out. */
export function LazyLoadingOverlay({ open, label }: LazyLoadingOverlayProps) {
  const [openedOnce, setOpenedOnce] = useState(open);
  if (open && !openedOnce) setOpenedOnce(true);
  if (!openedOnce) return null;
  return (
    <Suspense fallback={null}>
      <LoadingOverlay open={open} label={label} />
    </Suspense>
  );
}
