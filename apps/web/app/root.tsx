import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { SERVICE_NAME } from './brand.ts';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { StatusPanel } from './components/ui/status-panel.tsx';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    // SPEC §1: the default locale is ja (and the catalogue is Japanese); i18n will set it per visitor.
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        {/* SPEC §1: the whole app is kept out of search indexes. */}
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content="#0f1115" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (import.meta.env.DEV && error instanceof Error) console.error(error);
  return (
    <>
      <title>{`${notFound ? 'Page not found' : 'Something went wrong'} | ${SERVICE_NAME}`}</title>
      <SiteHeader />
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <StatusPanel
          code={status}
          title={notFound ? 'We couldn’t find that page' : 'Something went wrong'}
          message={
            notFound
              ? 'The page may have moved, or the address may be mistyped.'
              : 'An error has occurred. Please check back again soon.'
          }
          action={{ href: '/', label: 'Back to the top page' }}
        />
      </main>
      <SiteFooter />
    </>
  );
}
