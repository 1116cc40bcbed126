import { useTranslation } from "react-i18next";
import type { PushStatusJson } from "#contract/channels";
import { formatMoney } from "#domain/money";
import { formatDate, formatDateTime } from "#app/lib/format-date";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";

const TONE: Record<PushStatusJson["nights"][number]["categories"][number]["status"], string> = {
  sent: "border-emerald-300 bg-emerald-50 text-emerald-900",
  queued: "border-amber-300 bg-amber-50 text-amber-900",
  failed: "border-red-300 bg-red-50 text-red-900",
  not_sent: "border-slate-300 bg-slate-50 text-slate-800",
};

/** /days-to-update for a business connected to Channex: what each night's push did, per category. */
export function ChannelPushStatus({ status, currency }: { status: Extract<PushStatusJson, { connected: true }>; currency: string }) {
  const { t, i18n } = useTranslation("channels");
  const timeZone = useBusinessTimeZone();
  const locale = i18n.language;
  return (
    <section aria-labelledby="push-status-heading" className="space-y-3">
      <h2 id="push-status-heading" className="text-lg font-semibold">
        {t("push.heading")}
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        {t("push.intro")} {status.last_sync_at ? t("push.lastSync", { when: formatDateTime(status.last_sync_at, locale, timeZone) }) : null}
      </p>
      {status.last_error ? (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="alert">
          {t("push.lastError", { error: status.last_error })}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white" aria-label={t("push.listLabel")}>
        {status.nights.map((night) => (
          <li key={night.date} className="p-3" data-date={night.date}>
            <p className="font-medium">{formatDate(night.date, locale, { dateStyle: "full" })}</p>
            <ul className="mt-1 grid gap-2 text-sm sm:grid-cols-3">
              {night.categories.map((c) => (
                <li key={c.room_category_uuid} className={`rounded border px-2 py-1 ${TONE[c.status]}`} data-status={c.status}>
                  <span className="font-medium">{c.name}: </span>
                  <span>{t(`push.status.${c.status}`)}</span>
                  {c.status === "sent" && c.rate !== null ? (
                    <span className="block text-xs">
                      {t("push.values", { rate: formatMoney(c.rate, locale, currency, { whole: true }), count: c.availability ?? 0 })}
                    </span>
                  ) : null}
                  {c.status === "failed" && c.rejected ? (
                    <span className="block text-xs">
                      {t("push.refused", { reason: c.error })} {t("push.refusedWhatToDo")}
                    </span>
                  ) : null}
                  {c.status === "failed" && !c.rejected ? (
                    <span className="block text-xs">
                      {c.error} · {t("push.attempts", { count: c.attempts })} · {c.retrying ? t("push.retrying") : t("push.willRetry")}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
