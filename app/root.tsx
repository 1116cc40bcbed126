import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { getConfig } from "#config";
import { messagesVersion } from "#locales/resources";
import { i18nextMiddleware } from "./lib/i18n.server";
import { getRequestState, sessionMiddleware } from "./lib/request-context.server";
import { getCsrfToken } from "./lib/csrf.server";
import { queryGuardMiddleware } from "./lib/query-guard.server";
import { requestGuardMiddleware } from "./lib/request-guard.server";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { commitSession } from "./lib/session.server";
import { ErrorPage } from "./components/error-page";
import { InlineStyles } from "./components/layout/inline-styles";
import { WholeStylesheet } from "./components/layout/whole-stylesheet";
import { LoadingBar } from "./components/layout/loading-bar";
import { Toasts } from "./components/layout/toasts";
import { ClientBanners } from "./components/layout/client-banners";
import { needsHydration } from "./lib/hydration";
import stylesheetUrl from "./app.css?url";

// The query guard refuses NUL characters in the address; the request guard (origin, form body, size,
// CSRF token) runs before the session is read and before any action.
export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, queryGuardMiddleware, requestGuardMiddleware, sessionMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, session } = getRequestState(context);
  const toast = session.get("toast") ?? null;
  return data(
    { locale, messagesVersion: messagesVersion(), toast, supportEmail: getConfig().SUPPORT_EMAIL, csrf: getCsrfToken(context) },
    toast ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const { i18n } = useTranslation();
  const lang = root?.locale ?? i18n.language;
  // The server leaves the scripts out when every matched route says its page needs none
  // (app/lib/hydration.ts); a page already running in the browser always keeps them.
  const scripted = useScripted();
  return (
    <html lang={lang} data-messages-version={root?.messagesVersion}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* In the page itself: no /favicon.ico request, which would otherwise render the 404 page on every first visit. */}
        <link rel="icon" href={FAVICON} />
        <InlineStyles />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {/* In Layout rather than App so it is still there (and turns red) when a navigation ends in the ErrorBoundary. */}
        <LoadingBar />
        {children}
        <WholeStylesheet href={stylesheetUrl} scripted={scripted} />
        {scripted && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** The brand's "T" on its colour, as a data address (the CSP allows data: images). */
const FAVICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f7a70"/><path d="M9 9h14v4h-5v12h-4V13H9z" fill="#fff"/></svg>')}`;

function useScripted(): boolean {
  const matches = useMatches();
  return !import.meta.env.SSR || needsHydration(matches);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const scripted = useScripted();
  return (
    <AuthenticityTokenProvider token={loaderData.csrf}>
      <Outlet />
      <Toasts toast={loaderData.toast} scripted={scripted} />
      <ClientBanners />
    </AuthenticityTokenProvider>
  );
}

/** Any fatal or unhandled error, and unmatched paths (routes/catch-all.tsx): the error page of spec section 2. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Missing when the root middleware or loader itself failed; the page copes without it.
  const root = useRouteLoaderData<typeof loader>("root");
  return <ErrorPage error={error} supportEmail={root?.supportEmail} />;
}
