import {
  Component,
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/*
 * Parts of the frame whose code downloads when first wanted (the drawer, the account menu, the notice
 * snackbar, the background services; issue 25 item 5). A download that fails (a lost connection, a new
 * deployment that removed the old files) must not take the page with it: React.lazy's rejection would
 * reach the route's error page and replace the screen, a running test included. Such a part renders
 * nothing while its code cannot be had, and tries again on its caller's next reason to want it (a press,
 * the network coming back, another page), passed as `attempt`.
 */

/** True for the error a browser gives when a dynamically imported file could not be fetched or run. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

interface BoundaryProps {
  children: ReactNode;
}

/** Renders nothing after a failed download below it; any other error goes on to the route's error page. */
export class ChunkFailureBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) return null;
    throw error;
  }
}

/**
 * A component whose code `load` downloads when it is first rendered. Until the download succeeds, each
 * new `attempt` (any value different from the last) tries again; once it has succeeded, `attempt` no
 * longer matters and the part keeps its state.
 */
export function optionalPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P & { attempt?: number | string }> {
  // The try that succeeded (kept for good), else the latest one.
  let last: { at: number | string; Part: LazyExoticComponent<ComponentType<P>>; done?: true } | null = null;

  function OptionalPart({ attempt = 0, ...props }: P & { attempt?: number | string }) {
    if (!last || (!last.done && last.at !== attempt)) {
      const current: NonNullable<typeof last> = {
        at: attempt,
        Part: lazy(() =>
          load().then((component) => {
            current.done = true;
            return { default: component };
          }),
        ),
      };
      last = current;
    }
    const { at, Part } = last;
    return (
      <ChunkFailureBoundary key={String(at)}>
        <Suspense fallback={null}>
          <Part {...(props as P)} />
        </Suspense>
      </ChunkFailureBoundary>
    );
  }
  return OptionalPart;
}
