import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useT, type MessageId } from '@/lib/i18n/i18n';

/** The product name in every page title: 'Visus | {title}' (SPEC.md §1). */
export const PRODUCT_NAME = 'Visus';
/** The default page description and the landing page's title (SPEC.md §1). */
export const DEFAULT_TITLE = 'Eye Testing Platform';

/** What routes put in `handle`. */
export interface RouteHandle {
  title: string;
  /** The title's message id, where it is translated (issue 20); `title` is its English. */
  titleId?: MessageId;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

export function pageTitle(title: string): string {
  return `${PRODUCT_NAME} | ${title}`;
}

/** Sets document.title from the deepest matched route that names one. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle;
  const t = useT();
  const title = isRouteHandle(handle) ? (handle.titleId ? t(handle.titleId) : handle.title) : DEFAULT_TITLE;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
