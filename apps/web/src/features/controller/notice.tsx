import type { ReactNode } from 'react';

export type NoticeSeverity = 'error' | 'warning' | 'info' | 'success';

/**
 * A message box in the main app's alert colours (controller.css). role="alert" as MUI's Alert has, so
 * a screen reader reads it out when it appears.
 */
export function Notice({ severity, children }: { severity: NoticeSeverity; children: ReactNode }) {
  return (
    <div role="alert" className={`vc-alert vc-alert-${severity}`}>
      <div>{children}</div>
    </div>
  );
}
