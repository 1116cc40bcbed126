import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { formatMoney } from "#domain/money";
import { isUuid } from "#domain/text/sanitize";
import { ledgerBusiness, refusal } from "#app/routes/pms-settings/ledger.server";
import { Empty, LedgerPage, RowButton } from "#app/components/ledger/ui";
import { buttonClass } from "#app/components/ui/button";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/suppliers";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/suppliers";

export async function loader({ context }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const suppliers = await api.ledger.suppliers.list(business.uuid);
  return { suppliers, currency: business.currency };
}

/** Deletes a supplier (409 while it has expenses). */
export async function action({ request, context }: Route.ActionArgs) {
  const business = ledgerBusiness(context);
  const { api, session } = getRequestState(context);
  const id = String((await request.formData()).get("uuid") ?? "");
  if (!isUuid(id)) return data({ result: null, error: "validation.uuid" }, { status: 422 });
  try {
    await api.ledger.suppliers.delete(business.uuid, id);
  } catch (error) {
    return refusal(error);
  }
  return redirectWithToast(PAGE, { kind: "success", message: "ledger:toast.deleted" }, { session });
}

export default function Suppliers({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("ledger");
  const { suppliers, currency } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <LedgerPage title={t("suppliers.title")} intro={t("suppliers.intro")} error={actionData?.error}>
      <div className="mb-4">
        <Link to="/pms-settings/edit-suppliers" className={buttonClass()}>
          {t("suppliers.add")}
        </Link>
      </div>
      {suppliers.length === 0 ? (
        <Empty>{t("suppliers.empty")}</Empty>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {suppliers.map((s) => (
            <li key={s.uuid} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  <Link to={`/pms-settings/edit-suppliers/${s.uuid}`} className="text-brand-700 underline">
                    {s.name}
                  </Link>
                </p>
                <p className="text-slate-700">{[s.tax_id_formatted, s.contact_name, s.phone, s.email].filter(Boolean).join(" · ") || "—"}</p>
              </div>
              <p className="text-slate-800">
                {t("suppliers.spent")}: <span className="tabular-nums">{formatMoney(s.expenses_total, i18n.language, currency)}</span>
              </p>
              <Link to={`/pms-settings/edit-suppliers/${s.uuid}`} className={buttonClass("secondary")} aria-label={t("common.editLabel", { name: s.name })}>
                {t("common.edit")}
              </Link>
              <RowButton action={PAGE} uuid={s.uuid} label={t("common.deleteLabel", { name: s.name })}>
                {t("common.delete")}
              </RowButton>
            </li>
          ))}
        </ul>
      )}
    </LedgerPage>
  );
}
