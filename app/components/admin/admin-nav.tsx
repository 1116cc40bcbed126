import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

const LINKS = [
  { permission: "admin.users", to: "/manage/users", label: "nav.users" },
  { permission: "admin.permissions", to: "/manage/permissions", label: "nav.permissions" },
  // Coupons are for administrators, who hold every admin.* permission.
  { permission: "admin.businesses", to: "/manage/coupons", label: "billing:nav.coupons" },
  { permission: "admin.businesses", to: "/manage/daily-command-execution", label: "notifications:nav.dailyCommands" },
  { permission: "admin.learning", to: "/manage/learning", label: "learning:nav.manage" },
] as const;

/** The sidebar's "Administração" group: only the admin pages the user may open, nothing without admin.*. */
export function AdminNav({ permissions, linkClass }: { permissions: { name: string }[]; linkClass: string }) {
  const { t } = useTranslation("admin");
  const held = new Set(permissions.map((p) => p.name));
  const links = LINKS.filter((l) => held.has(l.permission));
  if (links.length === 0) return null;
  return (
    <div className="mt-4">
      <h2 id="nav-admin" className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {t("nav.group")}
      </h2>
      <ul aria-labelledby="nav-admin" className="flex gap-1 overflow-x-auto md:flex-col">
        {links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={linkClass}>
              {t(l.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
