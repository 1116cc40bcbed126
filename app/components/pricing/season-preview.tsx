import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { formatMoney } from "#domain/money";
import { formatDate } from "#app/lib/format-date";
import type { PreviewDay } from "#contract/pricing";

/** What the preview action (routes/pricing/price-settings.preview.tsx) answers. */
export interface PreviewAnswer {
  ok: boolean;
  category?: { uuid: string; name: string } | null;
  days?: PreviewDay[];
  changed?: number;
}

/**
 * With JavaScript, shows how the next 90 nights' prices would change if the season form were
 * saved as it stands, refreshed as the owner types. Without JavaScript it renders nothing and
 * the form works as before.
 */
export function SeasonPreview({ formId, currency }: { formId: string; currency: string }) {
  const { t, i18n } = useTranslation("pricing");
  const fetcher = useFetcher<PreviewAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;

  useEffect(() => {
    const form = document.getElementById(formId) as HTMLFormElement | null;
    if (!form) return;
    const send = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => submit.current(form, { method: "post", action: "/price-settings/preview" }), 400);
    };
    form.addEventListener("input", send);
    form.addEventListener("change", send);
    return () => {
      clearTimeout(timer.current);
      form.removeEventListener("input", send);
      form.removeEventListener("change", send);
    };
  }, [formId]);

  const answer = fetcher.data;
  if (!answer) return null;
  const money = (c: number) => formatMoney(c, i18n.language, currency, { whole: true });
  const changed = (answer.days ?? []).filter((d) => d.before !== d.after);
  return (
    <section aria-live="polite" className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm" aria-label={t("preview.heading")}>
      <h3 className="font-semibold">{t("preview.heading")}</h3>
      {!answer.ok ? (
        <p>{t("preview.incomplete")}</p>
      ) : changed.length === 0 ? (
        <p>{t("preview.noChange", { category: answer.category?.name ?? "" })}</p>
      ) : (
        <>
          <p>{t("preview.changed", { count: changed.length, category: answer.category?.name ?? "" })}</p>
          <ul className="mt-1 grid max-h-48 gap-x-4 overflow-y-auto sm:grid-cols-2">
            {changed.map((d) => (
              <li key={d.date} className="tabular-nums">
                {formatDate(d.date, i18n.language, { day: "2-digit", month: "short", weekday: "short" })}: {money(d.before)} → <strong>{money(d.after)}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
