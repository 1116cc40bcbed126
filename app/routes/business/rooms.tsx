import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { categoryBatchAction } from "#app/routes/business/category-batch.server";
import { roomCountsSchema } from "#app/components/business/schemas";
import { categoriesOf, totalRooms } from "#app/components/business/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import type { Route } from "./+types/rooms";

/** How many rooms the hotel has, per category; the counts are edited here, the rest on room configurations. */
export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/businesses/rooms";

export async function loader({ context }: Route.LoaderArgs) {
  const business = requireSelectedBusiness(context);
  const categories = categoriesOf(business);
  return {
    total: totalRooms(business),
    categories: categories.map((c) => ({ uuid: c.uuid, name: c.name, room_count: c.room_count })),
  };
}

export async function action(args: Route.ActionArgs) {
  return categoryBatchAction(args, { schema: roomCountsSchema, fields: ["categories[].room_count"], page: PAGE, message: "business:rooms.saved" });
}

export default function BusinessRooms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  const { categories, total } = loaderData;
  const [form, fields] = useForm({
    id: "business-rooms",
    lastResult: actionData,
    defaultValue: { categories: categories.map(({ uuid, room_count }) => ({ uuid, room_count: String(room_count) })) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomCountsSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const rows = fields.categories.getFieldList();
  return (
    <>
      <title>{`${t("rooms.title")} · Tarifa`}</title>
      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-lg font-semibold">{t("rooms.heading")}</h2>
        <p className="mt-1 text-3xl font-semibold text-brand-800">{t("rooms.total", { count: total })}</p>
        <p className="mt-1 text-sm text-slate-700">{t("rooms.categoriesCount", { count: categories.length })}</p>
        {categories.length === 0 ? (
          <p className="mt-4 text-slate-700">
            {t("categories.empty")}{" "}
            <Link to="/businesses/room-configurations" className={buttonClass("link")}>
              {t("rooms.addCategories")}
            </Link>
          </p>
        ) : (
          <AppForm {...getFormProps(form)} action={PAGE} className="mt-4 space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <div className="grid gap-3 sm:grid-cols-2">
              {rows.map((row, index) => {
                const category = row.getFieldset();
                return (
                  <div key={row.key} className="rounded-md border border-slate-200 p-3">
                    <input {...getInputProps(category.uuid, { type: "hidden" })} />
                    <TextField
                      field={category.room_count}
                      label={t("rooms.countFor", { name: categories[index]?.name ?? "" })}
                      type="number"
                      min={1}
                      inputMode="numeric"
                      required
                    />
                  </div>
                );
              })}
            </div>
            <div className="flex flex-wrap items-center gap-4">
              <SubmitButton pendingLabel={t("saving")}>{t("save")}</SubmitButton>
              <Link to="/businesses/room-configurations" className={buttonClass("link", "text-sm")}>
                {t("rooms.manageCategories")}
              </Link>
            </div>
          </AppForm>
        )}
      </section>
    </>
  );
}
