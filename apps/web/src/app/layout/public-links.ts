import type { MessageId } from '@/lib/i18n/i18n';

/** A link of the guests' top bar. */
export interface PublicLink {
  label: string;
  labelId: MessageId;
  to: string;
}

/**
 * Public top bar for guests (SPEC.md §2): nothing else is offered before signing in. Apart from the
 * drawer's items (navigation.ts) so that a guest's first screen does not download the drawer's icons.
 */
export const PUBLIC_NAV: readonly PublicLink[] = [
  { label: 'Connect', labelId: 'nav.connect', to: '/connect' },
  { label: 'Login', labelId: 'nav.login', to: '/login' },
  { label: 'Register', labelId: 'nav.register', to: '/register' },
];
