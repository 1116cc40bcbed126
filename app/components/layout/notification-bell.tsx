import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The bell of the top bar: a plain link to the notification centre (works without JavaScript),
 * with the unread count from the app shell's one API call (ADR 0011) — no request of its own.
 */
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation("notifications");
  const label = unread > 0 ? t("bell.unread", { count: unread }) : t("bell.none");
  return (
    <Link to="/notifications/list" aria-label={label} title={label} className="relative inline-flex items-center rounded-md p-1.5 text-slate-700 hover:bg-slate-100">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span data-testid="bell-count" aria-hidden="true" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
