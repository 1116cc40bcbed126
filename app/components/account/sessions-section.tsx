import { useTranslation } from "react-i18next";
import type { SessionJson } from "#contract/session";
import { formatDateTime } from "#app/lib/format-date";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";

/** The account's signed-in sessions and the "sign out everywhere" button (works without JavaScript). */
export function SessionsSection({ sessions, action }: { sessions: SessionJson[]; action: string }) {
  const { t, i18n } = useTranslation("security");
  const timeZone = useBusinessTimeZone();
  return (
    <section aria-labelledby="sessions-heading" className="mt-10">
      <h3 id="sessions-heading" className="mb-1 text-base font-semibold">
        {t("sessions.heading")}
      </h3>
      <p className="mb-3 text-sm text-slate-600">{t("sessions.intro")}</p>
      <ul className="mb-4 divide-y divide-slate-200 rounded border border-slate-200 bg-white" data-testid="sessions">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
            <span className="font-medium text-slate-800">
              {[s.browser, s.os].filter(Boolean).join(" · ") || t("sessions.unknownDevice")}
              {s.platform ? <span className="ml-2 font-normal text-slate-600">({t(`sessions.platform.${s.platform}`, { defaultValue: s.platform })})</span> : null}
              {s.current ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">{t("sessions.current")}</span> : null}
            </span>
            <span className="text-slate-600">
              {s.ip ? `${t("sessions.ip", { ip: s.ip })} · ` : ""}
              {t("sessions.lastSeen", { when: formatDateTime(s.last_seen_at ?? s.created_at, i18n.language, timeZone) })}
            </span>
          </li>
        ))}
      </ul>
      <AppForm action={action}>
        <SubmitButton name="intent" value="sign-out-everywhere" variant="secondary" pendingLabel={t("sessions.signingOut")}>
          {t("sessions.signOutEverywhere")}
        </SubmitButton>
      </AppForm>
    </section>
  );
}
