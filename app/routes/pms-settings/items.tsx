import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link, useActionData } from "react-router";
import { centsToInput, formatMoney } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { editingFrom, ledgerBusiness, listAndFormAction } from "#app/routes/pms-settings/ledger.server";
import { itemForm, itemPayload } from "#app/components/ledger/schemas";
import { ActiveBadge, Empty, LedgerPage, ListAndForm, Panel, RowActions, FormButtons } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass } from "#app/components/ui/button";
import { CheckboxField, FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/items";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/items";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const [items, categories] = await Promise.all([
    api.ledger.items.list(business.uuid),
    api.ledger.itemCategories.list(business.uuid),
  ]);
  return { items, categories, currency: business.currency, editing: editingFrom(request, items) };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  listAndFormAction({ request, context, page: PAGE, rows: (api) => api.ledger.items, schema: itemForm, payload: itemPayload, fields: ["name", "item_category_uuid", "price", "active"] });

export default function Items({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("ledger");
  const { items, categories, currency, editing } = loaderData;
  const locale = i18n.language;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: editing ? `item-${editing.uuid}` : "item-new",
    lastResult: actionData?.result ?? undefined,
    defaultValue: editing
      ? { name: editing.name, item_category_uuid: editing.item_category_uuid, price: centsToInput(editing.price, locale), active: editing.active ? "on" : "" }
      : { active: "on", item_category_uuid: categories.length === 1 ? categories[0].uuid : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: itemForm, error: issueToKey }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <LedgerPage title={t("items.title")} intro={t("items.intro")} error={actionData?.error}>
      <ListAndForm
        list={
          <Panel id="items-heading" heading={t("items.list")}>
            {items.length === 0 ? (
              <Empty>{t("items.empty")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((item) => (
                  <li key={item.uuid} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">
                        {item.name} <ActiveBadge active={item.active} />
                      </p>
                      <p className="text-slate-700">
                        {item.item_category.name} · {formatMoney(item.price, locale, currency)}
                      </p>
                    </div>
                    <RowActions page={PAGE} uuid={item.uuid} name={item.name} />
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        }
        form={
          <Panel id="item-form-heading" heading={editing ? t("items.editing") : t("items.new")}>
            {categories.length === 0 ? (
              <p className="text-sm text-slate-700">
                {t("items.needCategory")}{" "}
                <Link to="/pms-settings/items-categories" className={buttonClass("link")}>
                  {t("items.createCategory")}
                </Link>
              </p>
            ) : (
              <AppForm {...getFormProps(form)} action={editing ? `${PAGE}?edit=${editing.uuid}` : PAGE} className="space-y-4">
                <FormErrors id={form.errorId} errors={form.errors} />
                {editing ? <input type="hidden" name="uuid" value={editing.uuid} /> : null}
                <TextField field={fields.name} label={t("common.name")} required maxLength={120} />
                <SelectField field={fields.item_category_uuid} label={t("items.category")} placeholder={t("items.pickCategory")} options={categories.map((c) => ({ value: c.uuid, label: c.name }))} required />
                <TextField field={fields.price} label={t("items.price")} hint={t("items.priceHint")} inputMode="decimal" required />
                <CheckboxField field={fields.active} label={t("common.active")} hint={t("items.activeHint")} />
                <FormButtons page={PAGE} editing={!!editing} />
              </AppForm>
            )}
          </Panel>
        }
      />
    </LedgerPage>
  );
}
