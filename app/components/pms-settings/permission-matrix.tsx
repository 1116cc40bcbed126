import { useTranslation } from "react-i18next";
import { USER_PERMISSIONS } from "#domain/access/permissions";
import { permissionKey } from "#app/components/business/permission-labels";
import type { CollaboratorsJson } from "#contract/collaborators";

/**
 * The team's permissions, a member a row and a permission a column: the owner's row all ticked and
 * locked, the signed-in member's own row and what they may not grant locked (a locked box that is
 * held is sent as a hidden field, so saving keeps it).
 */
export function PermissionMatrix({ members, owner, me, grantable }: { members: CollaboratorsJson["data"]; owner: CollaboratorsJson["owner"]; me: string; grantable: readonly string[] }) {
  const { t } = useTranslation("pms");
  const { t: tb } = useTranslation("business");
  return (
    <table className="text-sm">
      <caption className="sr-only">{t("pages.permissions.title")}</caption>
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left">{t("users.name")}</th>
          {USER_PERMISSIONS.map((p) => (
            <th key={p} scope="col" className="px-2 py-2 text-center font-medium">
              <span className="block min-w-20">{tb(permissionKey(p))}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {owner ? (
          <tr>
            <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-semibold">
              {`${owner.name} ${owner.surname}`.trim()} <span className="block text-xs font-normal text-slate-600">{t("users.roles.owner")}</span>
            </th>
            {USER_PERMISSIONS.map((p) => (
              <td key={p} className="px-2 py-2 text-center">
                <input type="checkbox" checked readOnly disabled aria-label={t("permissions.cell", { name: owner.name, permission: tb(permissionKey(p)) })} className="h-4 w-4" />
              </td>
            ))}
          </tr>
        ) : null}
        {members.map((m) => {
          const name = `${m.user.name} ${m.user.surname}`.trim();
          const mine = m.user.uuid === me;
          return (
            <tr key={m.user.uuid}>
              <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-semibold">
                {name}
                <span className="block text-xs font-normal text-slate-600">{mine ? t("permissions.you") : m.user.email}</span>
                {mine ? null : <input type="hidden" name="user_uuid" value={m.user.uuid} />}
              </th>
              {USER_PERMISSIONS.map((p) => {
                const held = m.permissions.includes(p);
                const locked = mine || !grantable.includes(p);
                return (
                  <td key={p} className="px-2 py-2 text-center">
                    <input
                      type="checkbox"
                      name={locked ? undefined : `permissions.${m.user.uuid}`}
                      value={p}
                      defaultChecked={held}
                      disabled={locked}
                      aria-label={t("permissions.cell", { name, permission: tb(permissionKey(p)) })}
                      className="h-4 w-4 accent-brand-600"
                    />
                    {/* A locked box is not sent: keep what they hold. */}
                    {locked && held && !mine ? <input type="hidden" name={`permissions.${m.user.uuid}`} value={p} /> : null}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
