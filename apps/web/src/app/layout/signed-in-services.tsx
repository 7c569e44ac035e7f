import { ResultsOutboxFlusher } from '@/features/test-runner/outbox-flusher';
import { AccountLanguage } from '@/lib/i18n/account-language';
import { AccountLink } from '@/lib/realtime/account-link';

/**
 * What runs in the background while someone is signed in: the results outbox (results wait for the
 * next sign-in) and the account socket (results saved elsewhere, role changes, a deleted account). One
 * lazy module, loaded only once signed in, so a guest's first screen downloads neither (issue 9 part 6).
 */
export function SignedInServices() {
  return (
    <>
      <ResultsOutboxFlusher />
      <AccountLink />
      <AccountLanguage />
    </>
  );
}
