import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { centsToInput, decimalToInput } from "#domain/money";
import { OCCUPATION_MAX } from "#domain/schemas/business";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { CATEGORY_FIELDS, PRICE_VARIATION_TYPES, roomCategorySchema } from "#app/components/business/schemas";
import { categoriesOf, type RoomCategoryJson } from "#app/components/business/types";
import { categoryColumns } from "#app/components/business/category-columns";
import { AppForm } from "#app/components/ui/app-form";
import { DataTable } from "#app/components/ui/data-table";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { ChoiceGroup } from "#app/components/ui/choice-group";
import { FormErrors, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle, notFoundUnless } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/room-configurations";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * The room categories table: create, edit (?edit=<uuid> opens the form on that row), delete.
 * Price variations are typed as money ("80,00", sent as cents) or a percentage; the commission as
 * a percentage. Every change redirects back here, so the page always shows the saved data.
 */
export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/businesses/room-configurations";
/** API errors name the category by its place in the list: room_setup.categories.3.name → name. */
const CATEGORY_PATH = /^room_setup\.categories\.\d+\./;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const categories = categoriesOf(business);
  const editUuid = new URL(request.url).searchParams.get("edit");
  const editing = categories.find((c) => c.uuid === editUuid) ?? null;
  return { categories, editing: editing ? { uuid: editing.uuid, ...formValues(editing, locale) } : null };
}

function formValues(category: RoomCategoryJson, locale: string) {
  return {
    name: category.name,
    room_count: String(category.room_count),
    min_occupation: String(category.min_occupation),
    max_occupation: String(category.max_occupation),
    price_variation_type: category.price_variation_type,
    price_variation_value:
      category.price_variation_type === "value" ? centsToInput(category.price_variation_value, locale) : decimalToInput(category.price_variation_value, locale),
    commission: decimalToInput(category.commission, locale),
  };
}

type ActionResult = { form: string; result: ReturnType<typeof replyWithApiError> } | { form: "delete"; errors: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const categoryUuid = String(formData.get("category_uuid") ?? "");
  const business = requireSelectedBusiness(context);

  if (intent === "delete") {
    if (!isUuid(categoryUuid)) return data<ActionResult>({ form: "delete", errors: ["validation.uuid"] }, { status: 422 });
    try {
      await api.business.deleteCategory(business.uuid, categoryUuid);
    } catch (error) {
      return data<ActionResult>({ form: "delete", errors: [apiRefusal(error).message] }, { status: 422 });
    }
    return redirectWithToast(PAGE, { kind: "success", message: "business:categories.deleted" }, { session });
  }

  const formId = intent === "update" ? `category-${categoryUuid}` : "category-new";
  const submission = parseWithZod(formData, { schema: roomCategorySchema, error: issueToKey });
  if (submission.status !== "success") return data<ActionResult>({ form: formId, result: submission.reply() }, { status: 422 });
  try {
    if (intent === "update") {
      notFoundUnless(isUuid(categoryUuid));
      await api.business.updateCategory(business.uuid, categoryUuid, submission.value);
    } else {
      await api.business.addCategory(business.uuid, { room_setup: { categories: [submission.value] } });
    }
  } catch (error) {
    const refusal = apiRefusal(error);
    const result = replyWithApiError(submission, refusal, { fields: CATEGORY_FIELDS, stripPrefix: CATEGORY_PATH });
    return data<ActionResult>({ form: formId, result }, { status: refusal.status });
  }
  return redirectWithToast(
    PAGE,
    { kind: "success", message: intent === "update" ? "business:categories.updated" : "business:categories.created", values: { name: submission.value.name } },
    { session },
  );
}

export default function RoomConfigurations({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("business");
  const locale = i18n.language;
  const { categories, editing } = loaderData;
  const deleteErrors = actionData && "errors" in actionData ? actionData.errors : undefined;
  return (
    <>
      <title>{`${t("categories.title")} · Tarifa`}</title>
      <section aria-labelledby="categories-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="categories-heading" className="mb-3 text-lg font-semibold">
          {t("categories.heading")}
        </h2>
        <FormErrors id="delete-errors" errors={deleteErrors} />
        {categories.length === 0 ? (
          <p className="text-slate-700">{t("categories.empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <DataTable
              caption={t("categories.caption")}
              rowHeader
              columns={[
                ...categoryColumns<RoomCategoryJson>(t, locale),
                {
                  header: t("categories.actions"),
                  hiddenHeader: true,
                  cell: (c) => (
                    <div className="flex items-center gap-3">
                      <Link to={`${PAGE}?edit=${c.uuid}#category-form`} className={buttonClass("link", "text-sm")}>
                        {t("categories.edit")}
                        <span className="sr-only"> {c.name}</span>
                      </Link>
                      <AppForm
                        action={PAGE}
                        onSubmit={(event) => {
                          if (!window.confirm(t("categories.confirmDelete", { name: c.name }))) event.preventDefault();
                        }}
                      >
                        <input type="hidden" name="category_uuid" value={c.uuid} />
                        <SubmitButton name="intent" value="delete" variant="link" className="text-sm text-red-700" pendingLabel={t("categories.deleting")}>
                          {t("categories.delete")}
                          <span className="sr-only"> {c.name}</span>
                        </SubmitButton>
                      </AppForm>
                    </div>
                  ),
                },
              ]}
              rows={categories}
              rowKey={(c) => c.uuid}
              rowClassName={(c) => (editing?.uuid === c.uuid ? "bg-brand-50" : "")}
            />
          </div>
        )}
      </section>
      <CategoryForm key={editing?.uuid ?? "new"} editing={editing} />
    </>
  );
}

type Editing = Route.ComponentProps["loaderData"]["editing"];

function CategoryForm({ editing }: { editing: Editing }) {
  const { t } = useTranslation("business");
  const actionData = useActionDataFor(editing ? `category-${editing.uuid}` : "category-new");
  const [form, fields] = useForm({
    id: editing ? `category-${editing.uuid}` : "category-new",
    lastResult: actionData,
    defaultValue: editing ?? { min_occupation: "1", max_occupation: "2", price_variation_type: "value", price_variation_value: "", commission: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomCategorySchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const isPercentage = (fields.price_variation_type.value ?? editing?.price_variation_type) === "percentage";
  return (
    <section id="category-form" aria-labelledby="category-form-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="category-form-heading" className="mb-3 text-lg font-semibold">
        {editing ? t("categories.editHeading", { name: editing.name }) : t("categories.newHeading")}
      </h2>
      <AppForm {...getFormProps(form)} action={PAGE + (editing ? `?edit=${editing.uuid}` : "")} className="space-y-4">
        {editing ? <input type="hidden" name="category_uuid" value={editing.uuid} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.name} label={t("categories.name")} required />
          <TextField field={fields.room_count} label={t("categories.rooms")} type="number" min={1} inputMode="numeric" required />
          <TextField field={fields.min_occupation} label={t("capacity.min")} type="number" min={1} max={OCCUPATION_MAX} inputMode="numeric" required />
          <TextField field={fields.max_occupation} label={t("capacity.max")} type="number" min={1} max={OCCUPATION_MAX} inputMode="numeric" required />
        </div>
        <ChoiceGroup
          field={fields.price_variation_type}
          legend={t("categories.variationType")}
          type="radio"
          columns={2}
          options={PRICE_VARIATION_TYPES.map((type) => ({ value: type, label: t(`categories.variationTypes.${type}`), description: t(`categories.variationTypes.${type}Hint`) }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.price_variation_value}
            label={isPercentage ? t("categories.variationPercent") : t("categories.variationMoney")}
            hint={t("categories.variationHint")}
            inputMode="decimal"
            placeholder={isPercentage ? "10" : "80,00"}
          />
          <TextField field={fields.commission} label={t("categories.commissionPercent")} hint={t("categories.commissionHint")} inputMode="decimal" placeholder="15" />
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton name="intent" value={editing ? "update" : "create"} pendingLabel={t("saving")}>
            {editing ? t("categories.update") : t("categories.create")}
          </SubmitButton>
          {editing ? (
            <Link to={PAGE} className={buttonClass("link", "text-sm")}>
              {t("cancel")}
            </Link>
          ) : null}
        </div>
      </AppForm>
    </section>
  );
}

function useActionDataFor(formId: string) {
  const actionData = useActionData<typeof action>();
  return actionData && "result" in actionData && actionData.form === formId ? actionData.result : undefined;
}
