import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OCCUPATION_MAX } from "#domain/schemas/business";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { categoryBatchAction } from "#app/routes/business/category-batch.server";
import { capacitySchema } from "#app/components/business/schemas";
import { categoriesOf } from "#app/components/business/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import type { Route } from "./+types/capacity";

/** How many guests each category takes: the fewest and the most per room. */
export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/businesses/capacity";

export async function loader({ context }: Route.LoaderArgs) {
  const business = requireSelectedBusiness(context);
  return {
    categories: categoriesOf(business).map((c) => ({
      uuid: c.uuid,
      name: c.name,
      min_occupation: c.min_occupation,
      max_occupation: c.max_occupation,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  return categoryBatchAction(args, { schema: capacitySchema, fields: ["categories[].min_occupation", "categories[].max_occupation"], page: PAGE, message: "business:capacity.saved" });
}

export default function BusinessCapacity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  const { categories } = loaderData;
  const [form, fields] = useForm({
    id: "business-capacity",
    lastResult: actionData,
    defaultValue: {
      categories: categories.map((c) => ({ uuid: c.uuid, min_occupation: String(c.min_occupation), max_occupation: String(c.max_occupation) })),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: capacitySchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const rows = fields.categories.getFieldList();
  return (
    <>
      <title>{`${t("capacity.title")} · Tarifa`}</title>
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-lg font-semibold">{t("capacity.heading")}</h2>
        <p className="mb-4 mt-1 text-sm text-slate-700">{t("capacity.intro")}</p>
        {categories.length === 0 ? (
          <p className="text-slate-700">
            {t("categories.empty")}{" "}
            <Link to="/businesses/room-configurations" className={buttonClass("link")}>
              {t("rooms.addCategories")}
            </Link>
          </p>
        ) : (
          <AppForm {...getFormProps(form)} action={PAGE} className="space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            {rows.map((row, index) => {
              const category = row.getFieldset();
              const name = categories[index]?.name ?? "";
              return (
                <fieldset key={row.key} className="rounded-md border border-slate-200 p-3">
                  <legend className="px-1 font-semibold">{name}</legend>
                  <input {...getInputProps(category.uuid, { type: "hidden" })} />
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField field={category.min_occupation} label={t("capacity.min")} type="number" min={1} max={OCCUPATION_MAX} inputMode="numeric" required />
                    <TextField field={category.max_occupation} label={t("capacity.max")} type="number" min={1} max={OCCUPATION_MAX} inputMode="numeric" required />
                  </div>
                </fieldset>
              );
            })}
            <SubmitButton pendingLabel={t("saving")}>{t("save")}</SubmitButton>
          </AppForm>
        )}
      </section>
    </>
  );
}
