import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { issueToKey } from "#domain/validation";
import { editingFrom, ledgerBusiness, listAndFormAction, withoutUuid } from "#app/routes/pms-settings/ledger.server";
import { pointOfSaleForm } from "#app/components/ledger/schemas";
import { ActiveBadge, Empty, LedgerPage, ListAndForm, Panel, RowActions, FormButtons } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { CheckboxGroup } from "#app/components/ui/choice-group";
import { CheckboxField, FormErrors, TextField } from "#app/components/ui/field";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/points-of-sale";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/points-of-sale";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const [points, items] = await Promise.all([
    api.ledger.pointsOfSale.list(business.uuid),
    api.ledger.items.list(business.uuid),
  ]);
  return { points, items, editing: editingFrom(request, points) };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  listAndFormAction({ request, context, page: PAGE, rows: (api) => api.ledger.pointsOfSale, schema: pointOfSaleForm, payload: withoutUuid, fields: ["name", "active", "item_uuids"] });

export default function PointsOfSale({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ledger");
  const { points, items, editing } = loaderData;
  const actionData = useActionData<typeof action>();
  const itemName = new Map(items.map((i) => [i.uuid, i.name]));
  const [form, fields] = useForm({
    id: editing ? `pos-${editing.uuid}` : "pos-new",
    lastResult: actionData?.result ?? undefined,
    defaultValue: editing ? { name: editing.name, active: editing.active ? "on" : "", item_uuids: editing.item_uuids } : { active: "on", item_uuids: [] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pointOfSaleForm, error: issueToKey }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <LedgerPage title={t("pointsOfSale.title")} intro={t("pointsOfSale.intro")} error={actionData?.error}>
      <ListAndForm
        list={
          <Panel id="pos-heading" heading={t("pointsOfSale.list")}>
            {points.length === 0 ? (
              <Empty>{t("pointsOfSale.empty")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100">
                {points.map((p) => (
                  <li key={p.uuid} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">
                        {p.name} <ActiveBadge active={p.active} />
                      </p>
                      <p className="text-slate-700">
                        {t("pointsOfSale.sells", { count: p.item_uuids.length })}
                        {p.item_uuids.length ? `: ${p.item_uuids.map((id) => itemName.get(id) ?? "").join(", ")}` : ""}
                      </p>
                    </div>
                    <RowActions page={PAGE} uuid={p.uuid} name={p.name} />
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        }
        form={
          <Panel id="pos-form-heading" heading={editing ? t("pointsOfSale.editing") : t("pointsOfSale.new")}>
            <AppForm {...getFormProps(form)} action={editing ? `${PAGE}?edit=${editing.uuid}` : PAGE} className="space-y-4">
              <FormErrors id={form.errorId} errors={form.errors} />
              {editing ? <input type="hidden" name="uuid" value={editing.uuid} /> : null}
              <TextField field={fields.name} label={t("common.name")} required maxLength={80} />
              {items.length ? (
                <CheckboxGroup field={fields.item_uuids} legend={t("pointsOfSale.items")} options={items.map((i) => ({ value: i.uuid, label: i.name }))} />
              ) : (
                <p className="text-sm text-slate-700">{t("pointsOfSale.noItems")}</p>
              )}
              <CheckboxField field={fields.active} label={t("common.active")} />
              <FormButtons page={PAGE} editing={!!editing} />
            </AppForm>
          </Panel>
        }
      />
    </LedgerPage>
  );
}
