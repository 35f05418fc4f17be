import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClassName } from '../ui/button.tsx';
import { BareHeader } from './layout/bare-header.tsx';
import { PageFrame } from './layout/page-frame.tsx';
import { PATHS } from '../ui/paths.ts';
import { useRouteFailure } from './route-elements.tsx';

/** Thrown by a screen (or a loader) whose object does not exist: the route shows 'Not Found'. */
export class NotFoundError extends Error {
  constructor(what = 'Not Found') {
    super(what);
    this.name = 'NotFoundError';
  }
}

export function notFound(what?: string): never {
  throw new NotFoundError(what);
}

export type RouteFailure = 'not-found' | 'unexpected';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * A missing object is a `NotFoundError`, a router 404 (a loader's `throw data(..., { status: 404 })`, an
 * unmatched path) or an API error with status 404; anything else is unexpected.
 */
export function classifyRouteError(error: unknown): RouteFailure {
  if (error instanceof NotFoundError) return 'not-found';
  if (isRouteErrorResponse(error)) return error.status === 404 ? 'not-found' : 'unexpected';
  if (isRecord(error) && error.status === 404) return 'not-found';
  return 'unexpected';
}

export function RouteFailureView({ failure }: { failure: RouteFailure }) {
  const { t } = useLingui();
  if (failure === 'not-found') {
    return (
      <section className="status-page" aria-labelledby="route-failure-title">
        <title>{t`Not Found`}</title>
        <p className="status-page__code" aria-hidden="true">
          404
        </p>
        <h1 id="route-failure-title">{t`Not Found`}</h1>
        <p className="status-page__text">{t`What you are looking for does not exist or is no longer available.`}</p>
        <div className="status-page__actions">
          <Link to={PATHS.root} className={buttonClassName('primary')}>
            {t`Go to the home page`}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="status-page" role="alert" aria-labelledby="route-failure-title">
      <title>{t`Something went wrong!`}</title>
      <h1 id="route-failure-title">{t`Something went wrong!`}</h1>
      <p className="status-page__text">{t`An unexpected error stopped this page. Reload it, or go back to the home page.`}</p>
      <div className="status-page__actions">
        <button type="button" className={buttonClassName('primary')} onClick={() => window.location.reload()}>
          {t`Reload the page`}
        </button>
        <Link to={PATHS.root} className={buttonClassName('secondary')}>
          {t`Go to the home page`}
        </Link>
      </div>
    </section>
  );
}

/** The error under a data router (tests render the route table in a memory router). */
function DataRouterFailure({ render }: { render: (failure: RouteFailure) => ReactNode }) {
  return render(classifyRouteError(useRouteError()));
}

/** The route's error: from its boundary (the app, `route-elements.tsx`) or from a data router. */
function WithRouteFailure({ render }: { render: (failure: RouteFailure) => ReactNode }) {
  const own = useRouteFailure();
  if (own === undefined) return <DataRouterFailure render={render} />;
  return render(classifyRouteError(own.error));
}

/** `errorElement` of a screen: renders inside the layout that holds the screen. */
export function RouteErrorBoundary() {
  return <WithRouteFailure render={(failure) => <RouteFailureView failure={failure} />} />;
}

/** `errorElement` of the frame routes (auth, guards, layouts): a failure there takes the frame with it. */
export function RootErrorBoundary() {
  return (
    <WithRouteFailure
      render={(failure) => (
        <PageFrame narrow header={<BareHeader />}>
          <RouteFailureView failure={failure} />
        </PageFrame>
      )}
    />
  );
}
