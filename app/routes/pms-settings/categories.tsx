import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { decimalToInput, formatPercent } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { requireSelectedBusiness } from "#app/lib/business.server";
import type { RoomCategoryJson } from "#app/components/business/types";
import { categoriesOf } from "#app/components/business/types";
import { PmsPageHeader, PmsSettingsNav } from "#app/components/pms-settings/nav";
import { categoryPmsForm } from "#app/components/pms-settings/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/categories";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * The room categories as the PMS sees them (the same categories as /businesses/rooms, no copy):
 * rooms sold, the numbered rooms of each, and the commission used when a reservation's channel
 * has none of its own. Editing needs user.businesses as well, like the businesses' own pages.
 */
export const handle = { permission: "user.pms-settings" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/categories";

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = getRequestState(context);
  const selected = requireSelectedBusiness(context);
  const [business, rooms] = await Promise.all([api.business.get(selected.uuid), api.rooms.list(selected.uuid)]);
  return {
    categories: categoriesOf(business),
    rooms: rooms.map((r) => ({ number: r.number, category: r.room_category_uuid, active: r.active })),
    canEdit: !selected.permissions || selected.permissions.includes("user.businesses"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const submission = parseWithZod(await request.formData(), { schema: categoryPmsForm, error: issueToKey });
  if (submission.status !== "success") return data({ uuid: String(submission.payload.room_category_uuid ?? ""), result: submission.reply() }, { status: 422 });
  const { room_category_uuid, ...patch } = submission.value;
  try {
    await api.business.updateCategory(requireSelectedBusiness(context).uuid, room_category_uuid, patch);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ uuid: room_category_uuid, result: replyWithApiError(submission, refusal, { fields: ["room_count", "commission"] }) }, { status: refusal.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "pms:categories.saved" }, { session });
}

export default function PmsCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("pms");
  const { categories, rooms, canEdit } = loaderData;
  return (
    <div className="mx-auto max-w-5xl">
      <PmsSettingsNav />
      <PmsPageHeader title={t("pages.categories.title")} intro={t("categories.intro")}>
        <Link to="/businesses/room-configurations" className={buttonClass("secondary")}>
          {t("categories.allFields")}
        </Link>
      </PmsPageHeader>
      {categories.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">{t("categories.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {categories.map((c) => (
            <CategoryRow
              key={c.uuid}
              category={c}
              numbers={rooms.filter((r) => r.category === c.uuid).map((r) => r.number)}
              canEdit={canEdit}
              lastResult={actionData?.uuid === c.uuid ? actionData.result : undefined}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryRow({
  category,
  numbers,
  canEdit,
  lastResult,
}: {
  category: RoomCategoryJson;
  numbers: string[];
  canEdit: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation("pms");
  const [form, fields] = useForm({
    id: `category-${category.uuid}`,
    lastResult,
    defaultValue: { room_category_uuid: category.uuid, room_count: String(category.room_count), commission: decimalToInput(category.commission, i18n.language) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryPmsForm, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const headingId = `${form.id}-name`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {category.name}
      </h2>
      <p className="text-sm text-slate-700">
        {numbers.length ? t("categories.numbered", { count: numbers.length, numbers: numbers.join(", ") }) : t("categories.noNumbered")}{" "}
        <Link to={`/bookings/home`} className="text-brand-700 underline">
          {t("categories.roomsLink")}
        </Link>
      </p>
      {canEdit ? (
        <AppForm {...getFormProps(form)} className="mt-3 grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <input type="hidden" name="room_category_uuid" value={category.uuid} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.room_count} type="number" min={1} label={t("categories.roomCount")} />
          <TextField field={fields.commission} inputMode="decimal" label={t("categories.commission")} hint={t("categories.commissionHint")} />
          <div className="sm:pt-6">
            <SubmitButton pendingLabel={t("saving")}>
              {t("save")}
              <span className="sr-only"> {category.name}</span>
            </SubmitButton>
          </div>
        </AppForm>
      ) : (
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-700">{t("categories.roomCount")}</dt>
          <dd>{category.room_count}</dd>
          <dt className="text-slate-700">{t("categories.commission")}</dt>
          <dd>{formatPercent(category.commission, i18n.language)}</dd>
        </dl>
      )}
    </li>
  );
}
