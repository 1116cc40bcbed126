import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Spec section 9: notifications disappear after 4000 ms when no duration is given; z-index 10000. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_Z_INDEX = 10000;

export type ToastKind = "success" | "error" | "info";

/**
 * One flash notice (see app/lib/toast.server.ts). `message` is a translation key with its
 * namespace ("common:toast.saved"), shown in the reader's language with `values` interpolated;
 * anything that is not a known key is a final text and is shown as is (e.g. an API message the
 * API already translated).
 */
export interface ToastMessage {
  kind: ToastKind;
  message: string;
  values?: Record<string, string | number>;
  /** Milliseconds on screen; default 4000; 0 or less keeps it until closed. */
  duration?: number;
}

interface Item extends ToastMessage {
  id: number;
}

/**
 * Shows the root loader's flash toast and each new one that later navigations bring. Polite
 * notices live in a role="status" region and errors in a role="alert" one; both regions are
 * always in the document so screen readers announce what is added. Without JavaScript the
 * server-rendered toast simply stays on that page; on a page sent without scripts
 * (`scripted` false, app/lib/hydration.ts) it has no close button, which could not work.
 */
export function Toasts({ toast, scripted = true }: { toast: ToastMessage | null | undefined; scripted?: boolean }) {
  const [items, setItems] = useState<Item[]>(() => (toast ? [{ ...toast, id: 1 }] : []));
  const seen = useRef(toast);
  const nextId = useRef(2);

  useEffect(() => {
    // Each loader answer is a new object, so the same text flashed twice shows twice.
    if (!toast || toast === seen.current) return;
    seen.current = toast;
    const id = nextId.current++;
    setItems((current) => [...current, { ...toast, id }]);
  }, [toast]);

  const dismiss = (id: number) => setItems((current) => current.filter((item) => item.id !== id));
  const polite = items.filter((item) => item.kind !== "error");
  const errors = items.filter((item) => item.kind === "error");

  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-0 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
      style={{ zIndex: TOAST_Z_INDEX }}
    >
      <div role="alert" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {errors.map((item) => (
          <Toast key={item.id} item={item} onDismiss={scripted ? () => dismiss(item.id) : undefined} />
        ))}
      </div>
      <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {polite.map((item) => (
          <Toast key={item.id} item={item} onDismiss={scripted ? () => dismiss(item.id) : undefined} />
        ))}
      </div>
    </div>
  );
}

const styles: Record<ToastKind, { box: string; icon: string; symbol: string }> = {
  success: { box: "border-emerald-600", icon: "bg-emerald-600", symbol: "✓" },
  error: { box: "border-red-700", icon: "bg-red-700", symbol: "!" },
  info: { box: "border-brand-600", icon: "bg-brand-600", symbol: "i" },
};

function Toast({ item, onDismiss }: { item: Item; onDismiss: (() => void) | undefined }) {
  const { t, i18n } = useTranslation();
  const [paused, setPaused] = useState(false);
  const duration = item.duration ?? TOAST_DURATION_MS;
  // The parent hands a new callback on every render; the timer must not restart because of it.
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });

  useEffect(() => {
    // Paused while pointed at or focused, so there is time to read it (WCAG 2.2.1).
    if (paused || duration <= 0) return;
    const timer = window.setTimeout(() => dismissRef.current?.(), duration);
    return () => window.clearTimeout(timer);
  }, [paused, duration]);

  const text = i18n.exists(item.message) ? t(item.message, item.values) : item.message;
  const style = styles[item.kind] ?? styles.info;
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 bg-white p-3 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200 ${style.box}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span aria-hidden="true" className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${style.icon}`}>
        {style.symbol}
      </span>
      <p className="flex-1">{text}</p>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t("toast.dismiss")}
          className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
