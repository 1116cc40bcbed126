import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale } from "#locales/list";
import { installClientResilience } from "./lib/client-resilience/install";
import { navigationGuard } from "./lib/client-resilience/navigation-guard";

/** Loads the page's locale (one cached request per locale, spec section 7) before hydrating. */
async function main() {
  // Spec section 9: connection health, offline submits held, route preloading on intent.
  installClientResilience();
  const lang = document.documentElement.lang;
  const locale = isLocale(lang) ? lang : defaultLocale;
  const version = document.documentElement.dataset.messagesVersion ?? "";
  const response = await fetch(`/locales/${locale}?v=${version}`);
  const resources = await response.json();
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: defaultLocale,
    defaultNS: "common",
    resources: { [locale]: resources },
    interpolation: { escapeValue: false },
  });
  // useTransitions={false}: by default the router renders each navigation as an interruptible
  // React transition, so the address bar already shows the new page while the old one stays on
  // screen, interactive, for as long as that render takes (hundreds of ms on a slow phone);
  // whatever is typed then goes into the old page's form and is lost when the new page appears.
  // Without transitions the new page is rendered in one piece right after the URL changes.
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter useTransitions={false} instrumentations={[navigationGuard]} />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

main().catch((error) => console.error(error));
