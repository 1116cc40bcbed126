import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { issueToKey } from "#domain/validation";
import { editingFrom, ledgerBusiness, listAndFormAction, withoutUuid } from "#app/routes/pms-settings/ledger.server";
import { itemCategoryForm } from "#app/components/ledger/schemas";
import { Empty, LedgerPage, ListAndForm, Panel, RowActions, FormButtons } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { FormErrors, TextField } from "#app/components/ui/field";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/items-categories";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/items-categories";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const categories = await api.ledger.itemCategories.list(business.uuid);
  return { categories, editing: editingFrom(request, categories) };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  listAndFormAction({ request, context, page: PAGE, rows: (api) => api.ledger.itemCategories, schema: itemCategoryForm, payload: withoutUuid, fields: ["name"] });

export default function ItemCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ledger");
  const { categories, editing } = loaderData;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: editing ? `category-${editing.uuid}` : "category-new",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { name: editing?.name ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: itemCategoryForm, error: issueToKey }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <LedgerPage title={t("itemCategories.title")} intro={t("itemCategories.intro")} error={actionData?.error}>
      <ListAndForm
        list={
          <Panel id="categories-heading" heading={t("itemCategories.list")}>
            {categories.length === 0 ? (
              <Empty>{t("itemCategories.empty")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100">
                {categories.map((c) => (
                  <li key={c.uuid} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{c.name}</p>
                      <p className="text-slate-700">{t("itemCategories.itemCount", { count: c.item_count })}</p>
                    </div>
                    <RowActions page={PAGE} uuid={c.uuid} name={c.name} />
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        }
        form={
          <Panel id="category-form-heading" heading={editing ? t("itemCategories.editing") : t("itemCategories.new")}>
            <AppForm {...getFormProps(form)} action={editing ? `${PAGE}?edit=${editing.uuid}` : PAGE} className="space-y-4">
              <FormErrors id={form.errorId} errors={form.errors} />
              {editing ? <input type="hidden" name="uuid" value={editing.uuid} /> : null}
              <TextField field={fields.name} label={t("common.name")} required maxLength={80} />
              <FormButtons page={PAGE} editing={!!editing} />
            </AppForm>
          </Panel>
        }
      />
    </LedgerPage>
  );
}
