import { useTranslation } from "react-i18next";

const badge = "inline-block rounded-full border px-2 py-0.5 text-xs font-medium";

/** Active, disabled or waiting for e-mail verification, in words (colour is never the only signal). */
export function UserStatusBadge({ user }: { user: { disabled_at: string | null; email_verified_at: string | null } }) {
  const { t } = useTranslation("admin");
  if (user.disabled_at) return <span className={`${badge} border-red-300 bg-red-50 text-red-800`}>{t("status.disabled")}</span>;
  if (!user.email_verified_at) return <span className={`${badge} border-amber-300 bg-amber-50 text-amber-900`}>{t("status.unverified")}</span>;
  return <span className={`${badge} border-emerald-300 bg-emerald-50 text-emerald-900`}>{t("status.active")}</span>;
}

export function RoleList({ roles }: { roles: string[] }) {
  const { t } = useTranslation("admin");
  if (roles.length === 0) return <span className="text-slate-500">—</span>;
  return <>{roles.map((role) => t(`roles.${role}`, { defaultValue: role })).join(", ")}</>;
}

/** System (the product's own names) or custom. */
export function PermissionKindBadge({ system }: { system: boolean }) {
  const { t } = useTranslation("admin");
  return system ? (
    <span className={`${badge} border-slate-300 bg-slate-100 text-slate-800`}>{t("permissions.system")}</span>
  ) : (
    <span className={`${badge} border-sky-300 bg-sky-50 text-sky-900`}>{t("permissions.custom")}</span>
  );
}
