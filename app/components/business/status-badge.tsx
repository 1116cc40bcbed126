import { useTranslation } from "react-i18next";
import type { BusinessStatus } from "#domain/business/status";

const tone: Record<BusinessStatus, string> = {
  BUSINESS_CREATED: "bg-slate-100 text-slate-800 border-slate-300",
  SUBSCRIPTION_REQUESTED: "bg-amber-50 text-amber-900 border-amber-300",
  ONBOARDING_EASY_LITE: "bg-amber-50 text-amber-900 border-amber-300",
  PMS_CREDENTIALS_REQUESTED: "bg-amber-50 text-amber-900 border-amber-300",
  PMS_FAILED: "bg-red-50 text-red-800 border-red-300",
  DOWNLOADING_DATA: "bg-sky-50 text-sky-900 border-sky-300",
  DOWNLOAD_FAILED: "bg-red-50 text-red-800 border-red-300",
  DATA_LOADED: "bg-sky-50 text-sky-900 border-sky-300",
  SETUP_DONE: "bg-emerald-50 text-emerald-900 border-emerald-300",
};

/** A business status in words (colour is never the only signal). */
export function StatusBadge({ status }: { status: BusinessStatus }) {
  const { t } = useTranslation("business");
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${tone[status] ?? tone.BUSINESS_CREATED}`}>
      {t(`status.${status}`, { defaultValue: status })}
    </span>
  );
}
