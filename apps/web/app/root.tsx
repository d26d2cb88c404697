import { responseCodeOf } from '@manga/api-client';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useNavigate,
  useRouteError,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { SERVICE_NAME } from './brand.ts';
import { ClientEffects } from './client/client-effects.tsx';
import { LoginStateProvider } from './client/login-state.tsx';
import { env } from './env.server.ts';
import { errorDestination } from './errors/error-routing.ts';
import { GuestProgressSync } from './features/catalogue/guest-progress-sync.tsx';
import { OfflineSync } from './features/offline/offline-sync.tsx';
import { GuestFollowsSync } from './features/title/guest-follows-sync.tsx';
import { formBodyMiddleware } from './guards/form-body.server.ts';
import { signupAsksConsent } from './guards/navigation-guard.ts';
import { DisplayTimeZoneProvider } from './i18n/display-time-zone.tsx';
import { useDocumentLocale } from './i18n/document-locale.ts';
import { i18nFor } from './i18n/i18n.ts';
import { DEFAULT_TIME_ZONE_OF_REGION } from './i18n/time-zone.ts';
import { LoadingBar } from './layouts/loading-bar.tsx';
import { ScrollManager } from './layouts/scroll-manager.tsx';
import { NotFoundScreen, OfflineErrorScreen, ServerErrorScreen } from './layouts/status-screens.tsx';
import { PersonalSlot } from './personal/personal.tsx';
import { type RootData, useRootData } from './root-data.ts';
import { lawCookiesOf } from './visitor/visitor.ts';
import { visitorMiddleware, visitorOf } from './visitor/visitor-context.server.ts';

export const middleware: Route.MiddlewareFunction[] = [formBodyMiddleware, visitorMiddleware];

/** The offline page's path (ADR 052). */
export const OFFLINE_PATH = '/offline';

export function loader({ context, request }: Route.LoaderArgs): RootData {
  const { visitor } = visitorOf(context);
  return {
    locale: visitor.locale,
    region: visitor.region,
    isLoggedIn: visitor.isLoggedIn,
    personalDeferred: visitor.memberShell === true,
    isCrawler: visitor.isCrawler,
    cookiePrefix: env.cookiePrefix,
    apiPrefix: env.publicApiPrefix,
    errorRedirect: env.errorRedirect,
    wireTimeZone: env.wireTimeZone,
    timeZone: visitor.timeZone,
    secureCookies: env.deployment !== 'development',
    offlineShell: new URL(request.url).pathname === OFFLINE_PATH,
    signupAsksConsent: signupAsksConsent(
      { region: visitor.region, ...lawCookiesOf(visitor, env.cookiePrefix) },
      new Date(),
    ),
  };
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable as an app (ADR 052).
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const error = useRouteError();
  const documentLocale = useDocumentLocale();
  const locale = root?.locale ?? documentLocale;
  const i18n = i18nFor(locale);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* product §1: the whole app is kept out of search indexes. */}
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content="#0f1115" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <I18nextProvider i18n={i18n}>
          <DisplayTimeZoneProvider
            serverTimeZone={root?.timeZone ?? DEFAULT_TIME_ZONE_OF_REGION.JP}
            cookiePrefix={root?.cookiePrefix ?? ''}
            secure={root?.secureCookies ?? true}
          >
            <LoginStateProvider root={root}>
              <LoadingBar error={error !== undefined && error !== null} label={i18n.t('loading_bar.label')} />
              {children}
              <ScrollManager />
              <ClientEffects root={root} />
              <GuestFollowsSync root={root} />
              <GuestProgressSync root={root} />
              <OfflineSync root={root} />
            </LoginStateProvider>
            {root?.personalDeferred ? <PersonalSlot /> : null}
          </DisplayTimeZoneProvider>
        </I18nextProvider>
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The response code of an error reaching the root boundary (product §4 order). */
function codeOf(error: unknown): number {
  if (isRouteErrorResponse(error)) {
    const fromData = (error.data as { responseCode?: unknown } | null)?.responseCode;
    return typeof fromData === 'number' ? fromData : error.status;
  }
  return responseCodeOf(error);
}

/**
 * 404 → the not-found screen (product §2). Any other error goes to the error handler: maintenance to
 * /maintenance, other codes to /error/{code}, except in local development, where it stays here.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const code = notFound ? 404 : codeOf(error);
  // A page that failed because the browser is offline says so instead of a server error (ADR 052).
  const offline = !notFound && typeof navigator !== 'undefined' && navigator.onLine === false;
  const destination = notFound || offline ? undefined : errorDestination(code, root?.errorRedirect ?? true);

  useEffect(() => {
    if (destination && destination !== location.pathname) navigate(destination, { replace: true });
  }, [destination, location.pathname, navigate]);

  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  if (notFound) {
    return (
      <>
        <title>{`${t('not_found.title')} | ${SERVICE_NAME}`}</title>
        <NotFoundScreen path={`${location.pathname}${location.search}`} />
      </>
    );
  }
  if (offline) {
    return (
      <>
        <title>{`${t('offline.page_title')} | ${SERVICE_NAME}`}</title>
        <OfflineErrorScreen />
      </>
    );
  }
  return (
    <>
      <title>{`${t('error_page.title')} | ${SERVICE_NAME}`}</title>
      <ServerErrorScreen code={code} />
    </>
  );
}
