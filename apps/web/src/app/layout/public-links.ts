/** A link of the guests' top bar. */
export interface PublicLink {
  label: string;
  to: string;
}

/**
 * Public top bar for guests (SPEC.md §2): nothing else is offered before signing in. Apart from the
 * drawer's items (navigation.ts) so that a guest's first screen does not download the drawer's icons.
 */
export const PUBLIC_NAV: readonly PublicLink[] = [
  { label: 'Connect', to: '/connect' },
  { label: 'Login', to: '/login' },
  { label: 'Register', to: '/register' },
];
