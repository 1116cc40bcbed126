import { useTranslation } from "react-i18next";

const STYLE: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
  confirmed: "bg-sky-100 text-sky-900 ring-sky-300",
  checked_in: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  checked_out: "bg-slate-100 text-slate-800 ring-slate-300",
  cancelled: "bg-rose-50 text-rose-900 ring-rose-300 line-through",
  no_show: "bg-rose-100 text-rose-900 ring-rose-300",
  open: "bg-sky-100 text-sky-900 ring-sky-300",
  converted: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  expired: "bg-slate-100 text-slate-800 ring-slate-300",
};

/** A reservation or quote status: the word is always shown, the colour only helps. */
export function StatusBadge({ status, kind = "status" }: { status: string; kind?: "status" | "quoteStatus" }) {
  const { t } = useTranslation("bookings");
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLE[status] ?? STYLE.checked_out}`}>{t(`${kind}.${status}`)}</span>;
}
