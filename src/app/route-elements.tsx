import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  type Location,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  useLocation,
  useParams,
} from 'react-router-dom';
import { screenIsShown } from '../platform/first-screen.ts';

/**
 * The route table (`src/app/router.tsx`) keeps the data router's shape: `lazy`, `errorElement`, a parameter-guard
 * `loader`, `children`. The app renders it without the data router (React Router's declarative mode, `useRoutes`:
 * 16 kB gzip less JavaScript up front), so this turns each entry into plain elements that do the same:
 *
 * - `lazy` is a `React.lazy` screen inside `Suspense` (navigation is a transition: the old screen stays until the
 *   new one is ready; the first visit shows the fallback);
 * - `loader` runs before its element, with the route's params (a synchronous guard: a throw is the route's error,
 *   `data(..., { status })` becoming a route error response as the data router makes it);
 * - `errorElement` is an error boundary around the route that shows it with the error (read through
 *   `useRouteFailure`), reset by the next navigation.
 */
export function toElementRoutes(routes: RouteObject[], fallback: ReactNode): RouteObject[] {
  return routes.map((route) => {
    let element: ReactNode = route.element;
    if (route.lazy !== undefined) {
      const load = route.lazy;
      if (typeof load !== 'function')
        throw new Error(`route ${route.path ?? route.id}: lazy must be a function`);
      const name = route.path ?? route.id ?? '?';
      const Screen = lazy(() => loadScreen(load, name));
      element = (
        <Suspense fallback={fallback}>
          <ScreenShown>
            <Screen />
          </ScreenShown>
        </Suspense>
      );
    }
    if (typeof route.loader === 'function')
      element = <LoaderGuard loader={route.loader}>{element}</LoaderGuard>;
    if (route.errorElement !== undefined && route.errorElement !== null)
      element = <RouteBoundary fallback={route.errorElement}>{element}</RouteBoundary>;
    const converted: RouteObject = route.index
      ? { index: true, path: route.path, element }
      : {
          path: route.path,
          caseSensitive: route.caseSensitive,
          element,
          children: route.children === undefined ? undefined : toElementRoutes(route.children, fallback),
        };
    return converted;
  });
}

/**
 * Says when its screen is the app's (`screenIsShown`): its effect runs after the screen's, once the screen has been
 * rendered or hydrated. It renders only its child, so the tree (and every `useId`) is the server's.
 */
function ScreenShown({ children }: { children: ReactNode }) {
  useEffect(() => screenIsShown(), []);
  return children;
}

type LazyRoute = Extract<RouteObject['lazy'], (...args: never[]) => unknown>;

type ScreenModule = { default: ComponentType };

interface ScreenLoad {
  promise: Promise<ScreenModule>;
  loaded?: ScreenModule;
}

/** Each screen's load, started once (at boot by `preloadScreens`, or at its first render). */
const screenLoads = new WeakMap<LazyRoute, ScreenLoad>();

/**
 * The screen module behind a route's `lazy`, for `React.lazy`. Once it is here (preloaded at boot, or visited
 * before) the answer is a thenable that calls back at once, so React renders the screen in the same pass instead of
 * showing the fallback first: a fallback shown and hidden again makes React hold the screen back for up to 300 ms
 * (its Suspense reveal throttle), which on a first visit is pure delay.
 */
function loadScreen(load: LazyRoute, name: string): Promise<ScreenModule> {
  const started = startScreen(load, name);
  const { loaded } = started;
  if (loaded === undefined) return started.promise;
  const answeredNow = { then: (onLoaded: (module: ScreenModule) => unknown) => onLoaded(loaded) };
  // React.lazy takes any thenable (it only calls `then`); its type names a promise.
  return answeredNow as unknown as Promise<ScreenModule>;
}

function startScreen(load: LazyRoute, name: string): ScreenLoad {
  const known = screenLoads.get(load);
  if (known !== undefined) return known;
  const started: ScreenLoad = {
    promise: Promise.resolve(load()).then((module) => {
      const { Component: Loaded } = module as { Component?: ComponentType };
      if (Loaded === undefined) throw new Error(`route ${name}: lazy gave no Component`);
      started.loaded = { default: Loaded };
      return started.loaded;
    }),
  };
  // A failed load is not kept: the next render asks again (and the route's error boundary shows the failure).
  started.promise.catch(() => screenLoads.delete(load));
  screenLoads.set(load, started);
  return started;
}

/**
 * Starts loading the screens of `location` now, as the data router did when it was created: the guards above a
 * screen (auth's start-up, a layout) would otherwise render it only after the session is known. Resolves once they
 * have loaded or failed (a failure is the route's to show when it renders).
 */
export async function preloadScreens(
  routes: RouteObject[],
  location: Pick<Location, 'pathname'>,
): Promise<void> {
  const loads = (matchRoutes(routes, location) ?? []).flatMap(({ route }) =>
    typeof route.lazy === 'function' ? [startScreen(route.lazy, route.path ?? route.id ?? '?').promise] : [],
  );
  await Promise.allSettled(loads);
}

type Loader = Extract<RouteObject['loader'], (...args: never[]) => unknown>;

/** A thrown `data(body, { status })` as the data router shows it: a route error response. */
function asRouteError(error: unknown): unknown {
  if (!isDataWithInit(error)) return error;
  return new ErrorResponseImpl(error.init?.status ?? 500, error.init?.statusText ?? '', error.data);
}

interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === 'object' && value !== null && 'type' in value && value.type === 'DataWithResponseInit'
  );
}

function LoaderGuard({ loader, children }: { loader: Loader; children: ReactNode }) {
  const params = useParams();
  const location = useLocation();
  // The server renders a screen too (src/prerender/): there is no window there.
  const origin = typeof window === 'undefined' ? 'http://portal.invalid' : window.location.origin;
  try {
    void loader({
      params,
      request: new Request(new URL(`${location.pathname}${location.search}`, origin)),
      context: undefined,
    } as LoaderFunctionArgs);
  } catch (error) {
    throw asRouteError(error);
  }
  return children;
}

/** The error a route's `errorElement` shows (its boundary's error; `undefined` outside one). */
const RouteFailureContext = createContext<{ error: unknown } | undefined>(undefined);

export function useRouteFailure(): { error: unknown } | undefined {
  return useContext(RouteFailureContext);
}

function RouteBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary fallback={fallback} at={location.key}>
      {children}
    </ErrorBoundary>
  );
}

interface ErrorBoundaryProps {
  fallback: ReactNode;
  /** The navigation it renders for: a new one clears the error. */
  at: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  at: string;
  failure: { error: unknown } | undefined;
}

class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { at: this.props.at, failure: undefined };

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return props.at === state.at ? null : { at: props.at, failure: undefined };
  }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A route failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failure === undefined) return this.props.children;
    return (
      <RouteFailureContext.Provider value={this.state.failure}>
        {this.props.fallback}
      </RouteFailureContext.Provider>
    );
  }
}
