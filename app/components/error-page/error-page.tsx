import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { errorTexts, toErrorShape } from "./error-texts";
import { FALLBACK_FUN_FACT, funFactAt, funFactsFor, randomFactIndex } from "./fun-facts";
import { useServerValue } from "./server-value";
import { SUPPORT_LINK_ID, useSupportEmail } from "./support-email";

const NS = "errorPage";
const FUN_FACT_ID = "error-fun-fact";

/**
 * The error page of spec section 2: code, title, description, go home / go back, quick
 * navigation, a fun fact and the support address. Rendered by the root ErrorBoundary, so it
 * must not depend on anything the failed request might not have produced (root loader data,
 * CSRF token): the support address has its own fallbacks.
 */
export function ErrorPage({ error, supportEmail }: { error: unknown; supportEmail?: string }) {
  return (
    <ErrorLayout>
      <ErrorContent error={error} supportEmail={supportEmail} />
    </ErrorLayout>
  );
}

/**
 * The error page without its frame: what the signed-in layout's ErrorBoundary shows in its own
 * main, beside the navigation, when a page below it fails.
 */
export function ErrorContent({ error, supportEmail }: { error: unknown; supportEmail?: string }) {
  const { t } = useTranslation(NS);
  const { code, title, description } = errorTexts(toErrorShape(error), t);
  return (
    <>
      <ErrorHead title={title} />
      <ErrorHero code={code} title={title} description={description}>
        <Link to="/" className={buttonClass("primary")}>
          {t("actions.home")}
        </Link>
        <GoBackLink className={buttonClass("secondary")}>{t("actions.back")}</GoBackLink>
      </ErrorHero>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <QuickNavigation />
        <FunFact />
      </div>
      <HelpBox supportEmail={supportEmail} />
      {/* The message only: the browser gets errors without their stack (it is in the server log). */}
      {import.meta.env.DEV && error instanceof Error && error.message ? (
        <details className="mt-6 rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <summary className="cursor-pointer font-medium">{t("devDetails")}</summary>
          <pre className="mt-2 overflow-x-auto whitespace-pre-wrap text-xs text-slate-700">{error.message}</pre>
        </details>
      ) : null}
    </>
  );
}

/** The page frame shared by the error page and /unauthorized: no sidebar, brand on top, one main. */
export function ErrorLayout({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col px-4 py-8 sm:py-12">
      {title ? <ErrorHead title={title} /> : null}
      <header className="mx-auto w-full max-w-3xl">
        <Link to="/" className="text-xl font-bold text-brand-700">
          {t("appName")}
        </Link>
      </header>
      <main id="main" className="mx-auto mt-8 w-full max-w-3xl flex-1">
        {children}
      </main>
    </div>
  );
}

/** An error page is never indexed. */
function ErrorHead({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Tarifa`}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}

export function ErrorHero({
  code,
  title,
  description,
  children,
}: {
  code: number;
  title: string;
  description: string;
  /** The action links under the description. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  return (
    <section aria-labelledby="error-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <p className="text-6xl font-bold tracking-tight text-brand-600 tabular-nums" data-testid="error-code">
        <span className="sr-only">{`${t("codeLabel")}: `}</span>
        {code}
      </p>
      <h1 id="error-title" className="mt-3 text-2xl font-semibold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-slate-700">{description}</p>
      {children ? <div className="mt-6 flex flex-wrap gap-3">{children}</div> : null}
    </section>
  );
}

/**
 * Browser back when there is somewhere in Tarifa to go back to, else home. It is a real link to
 * "/", so without JavaScript it simply goes home.
 */
export function GoBackLink({ className, children }: { className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!canGoBack()) return;
    event.preventDefault();
    void navigate(-1);
  }
  return (
    <Link to="/" onClick={onClick} className={className}>
      {children}
    </Link>
  );
}

function canGoBack(): boolean {
  // React Router numbers the entries it created; idx > 0 means an earlier page of this visit.
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === "number" && idx > 0) return true;
  // A full page load (no JavaScript navigation) from one of our own pages.
  if (window.history.length <= 1 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

function QuickNavigation() {
  const { t } = useTranslation(NS);
  const links = [
    { to: "/calendar", label: t("quickNav.calendar") },
    { to: "/bookings", label: t("quickNav.bookings") },
    { to: "/market-analysis", label: t("quickNav.marketAnalysis") },
  ];
  return (
    <nav aria-labelledby="error-quick-nav" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="error-quick-nav" className="text-base font-semibold text-slate-900">
        {t("quickNav.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("quickNav.intro")}</p>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-md px-2 py-1.5 text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * One fact of the current locale (Portuguese for an unknown one), picked at random on the server
 * and read back from the HTML during hydration, so both renders show the same fact.
 */
function FunFact() {
  const { t, i18n } = useTranslation(NS);
  const facts = funFactsFor(i18n.language, (lng) => i18n.getResource(lng, NS, "funFacts"));
  const count = facts?.length ?? 0;
  const index = useServerValue(
    FUN_FACT_ID,
    "data-fact-index",
    (raw) => {
      const n = Number(raw);
      return Number.isInteger(n) && n >= 0 && n < count ? n : undefined;
    },
    () => randomFactIndex(count),
  );
  const fact = funFactAt(facts, index, t("funFact.fallback", { defaultValue: FALLBACK_FUN_FACT }));
  return (
    <section aria-labelledby="error-fun-fact-heading" className="rounded-xl border border-brand-100 bg-brand-50 p-5">
      <h2 id="error-fun-fact-heading" className="text-base font-semibold text-brand-900">
        {t("funFact.heading")}
      </h2>
      <p id={FUN_FACT_ID} data-fact-index={index} className="mt-2 text-sm text-slate-800">
        {fact}
      </p>
    </section>
  );
}

export function HelpBox({ supportEmail }: { supportEmail?: string }) {
  const { t } = useTranslation(NS);
  const email = useSupportEmail(supportEmail);
  return (
    <section aria-labelledby="error-help" className="mt-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="error-help" className="text-base font-semibold text-slate-900">
        {t("help.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("help.text")}{" "}
        <a id={SUPPORT_LINK_ID} href={`mailto:${email}`} className="font-medium text-brand-700 underline">
          {email}
        </a>
      </p>
    </section>
  );
}
