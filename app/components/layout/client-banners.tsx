import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { chunkFailureStore, connectionHealth, newVersionStore } from "#app/lib/client-resilience/client-state";
import { pageHasUnsavedInput } from "#app/lib/client-resilience/unsaved-input";
import { isNewVersionDeployed, startVersionPolling } from "#app/lib/client-resilience/version-poll";
import { TOAST_Z_INDEX } from "./toasts";

const serverSnapshot = <T,>(value: T) => () => value;

/**
 * The banners of spec section 9's client rules: a new version deployed (offer to reload, never
 * reload by itself), the connection offline or failing, a page whose code could not be loaded.
 * Only with JavaScript: without it the browser's own pages say when the network is gone.
 */
export function ClientBanners() {
  const { t } = useTranslation();
  const newVersion = useSyncExternalStore(newVersionStore.subscribe, newVersionStore.get, serverSnapshot(false));
  const status = useSyncExternalStore(connectionHealth.status.subscribe, connectionHealth.status.get, serverSnapshot("ok" as const));
  const heldSubmit = useSyncExternalStore(connectionHealth.heldSubmit.subscribe, connectionHealth.heldSubmit.get, serverSnapshot(false));
  const chunkFailure = useSyncExternalStore(chunkFailureStore.subscribe, chunkFailureStore.get, serverSnapshot(null));
  const [unsaved, setUnsaved] = useState(false);

  useEffect(() => {
    const version = window.__reactRouterManifest?.version;
    if (!version) return;
    return startVersionPolling({
      check: () => isNewVersionDeployed(version, window.fetch),
      onNewVersion: () => newVersionStore.set(true),
      doc: document,
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (id) => window.clearInterval(id as number),
      now: () => Date.now(),
    });
  }, []);

  // Whether reloading now would throw away typed input, re-read as the reader types.
  useEffect(() => {
    if (!newVersion) return;
    const check = () => setUnsaved(pageHasUnsavedInput(document));
    check();
    document.addEventListener("input", check, true);
    document.addEventListener("change", check, true);
    return () => {
      document.removeEventListener("input", check, true);
      document.removeEventListener("change", check, true);
    };
  }, [newVersion]);

  const box = "pointer-events-auto w-full max-w-md rounded-lg border-l-4 bg-white p-3 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200";
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 flex flex-col items-center gap-2 px-4" style={{ zIndex: TOAST_Z_INDEX }}>
      <div role="alert" className="flex w-full flex-col items-center gap-2">
        {status !== "ok" ? (
          <div className={`${box} border-amber-600`} data-testid="connection-banner">
            <p className="font-semibold">{t(status === "offline" ? "resilience.offline" : "resilience.failing")}</p>
            {heldSubmit ? <p className="mt-1">{t("resilience.heldSubmit")}</p> : null}
          </div>
        ) : null}
        {chunkFailure ? (
          <div className={`${box} border-red-700`} data-testid="chunk-banner">
            <p>{t("resilience.chunkFailed")}</p>
            <p className="mt-1 flex gap-4">
              {/* A plain anchor: a full page load, which needs none of the code that failed. */}
              <a href={chunkFailure} className="font-semibold text-brand-700 underline">
                {t("resilience.openPage")}
              </a>
              <button type="button" className="text-slate-700 underline" onClick={() => chunkFailureStore.set(null)}>
                {t("toast.dismiss")}
              </button>
            </p>
          </div>
        ) : null}
      </div>
      <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2">
        {newVersion ? (
          <div className={`${box} border-brand-600`} data-testid="version-banner">
            <p>{t(unsaved ? "resilience.newVersionUnsaved" : "resilience.newVersion")}</p>
            <button type="button" className="mt-2 font-semibold text-brand-700 underline" onClick={() => window.location.reload()}>
              {t("resilience.reload")}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
