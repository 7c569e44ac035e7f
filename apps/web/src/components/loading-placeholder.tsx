import Stack, { type StackProps } from '@mui/material/Stack';

interface LoadingPlaceholderProps extends Omit<StackProps, 'role' | 'aria-label' | 'aria-busy'> {
  /** What is loading, in the language shown: what a screen reader says where the content will be. */
  label: string;
}

/**
 * What stands in for content while it loads: its skeletons (the children) under one name.
 *
 * A bare Skeleton is a span and a Stack a div, both of the generic role, which ARIA 1.2 forbids to carry a
 * name (axe: aria-prohibited-attr, serious): a name on one is dropped by assistive technology and fails
 * the audit. The placeholder is therefore an indeterminate progress bar (no value), busy, named by
 * `label`, the role the sign-in overlay's spinner has too; its skeletons are presentational inside it.
 * The ESLint config keeps a name off a bare Skeleton and a busy Stack or Box.
 */
export function LoadingPlaceholder({ label, children, ...stack }: LoadingPlaceholderProps) {
  return (
    <Stack role="progressbar" aria-busy="true" aria-label={label} {...stack}>
      {children}
    </Stack>
  );
}
