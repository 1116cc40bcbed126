import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { BLOCK_REASONS } from "#domain/schemas/bookings";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { ApiError, bookingBusiness, bookingsMiddleware } from "#app/lib/bookings.server";
import { roomBlockFormSchema } from "#app/components/bookings/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/ui/field";
import { formatDate } from "#app/lib/format-date";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/room-blocks";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = bookingsMiddleware(handle);

const PAGE = "/pms-settings/room-blocks";

/** Upcoming blocks (and with ?past=1 the earlier ones), a form to add one, or to change the one in ?edit. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const business = bookingBusiness(context);
  const { api } = getRequestState(context);
  const url = new URL(request.url);
  const options = await api.bookings.options(business.uuid);
  const past = url.searchParams.get("past") === "1";
  const blocks = await api.rooms.blocks(business.uuid, past ? {} : { from: options.today });
  const editId = url.searchParams.get("edit");
  const editing = editId && isUuid(editId) ? (blocks.find((b) => b.uuid === editId) ?? null) : null;
  return { options, blocks, editing, past };
}

export async function action({ request, context }: Route.ActionArgs) {
  const business = bookingBusiness(context);
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    const id = String(formData.get("block_uuid") ?? "");
    if (!isUuid(id)) return data({ result: null, error: null as string | null }, { status: 422 });
    try {
      await api.rooms.deleteBlock(business.uuid, id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data({ result: null, error: error.serverMessage ?? error.message }, { status: error.status });
    }
    return redirectWithToast(PAGE, { kind: "success", message: "bookings:toast.blockDeleted" }, { session });
  }
  const submission = parseWithZod(formData, { schema: roomBlockFormSchema, error: issueToKey });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 422 });
  const { block_uuid, intent: _intent, ...payload } = submission.value;
  try {
    if (block_uuid && isUuid(block_uuid)) await api.rooms.updateBlock(business.uuid, block_uuid, payload);
    else await api.rooms.createBlock(business.uuid, payload);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ result: replyWithApiError(submission, error, { fields: ["room_category_uuid", "room_uuid", "count", "starts_at", "ends_at", "reason", "notes"] }), error: null }, { status: error.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: block_uuid ? "bookings:toast.blockUpdated" : "bookings:toast.blockCreated" }, { session });
}

export default function RoomBlocks({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("bookings");
  const { options, blocks, editing, past } = loaderData;
  const locale = i18n.language;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: editing ? `block-${editing.uuid}` : "block-new",
    lastResult: actionData?.result ?? undefined,
    defaultValue: editing
      ? {
          room_category_uuid: editing.room_uuid ? "" : editing.room_category_uuid,
          room_uuid: editing.room_uuid ?? "",
          count: String(editing.count),
          starts_at: editing.starts_at,
          ends_at: editing.ends_at,
          reason: editing.reason,
          notes: editing.notes ?? "",
        }
      : { starts_at: options.today, ends_at: options.today, count: "1", reason: "maintenance" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roomBlockFormSchema, error: issueToKey }),
    shouldValidate: "onBlur",
  });
  const categoryName = new Map(options.categories.map((c) => [c.uuid, c.name]));
  return (
    <>
      <title>{`${t("blocks.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("blocks.heading")}</h1>
      <p className="mb-4 text-sm text-slate-700">{t("blocks.intro")}</p>
      <FormErrors id="blocks-error" errors={actionData?.error ? [actionData.error] : undefined} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="blocks-list-heading">
          <div className="mb-2 flex items-center justify-between">
            <h2 id="blocks-list-heading" className="text-lg font-semibold">
              {past ? t("blocks.all") : t("blocks.upcoming")}
            </h2>
            <Link to={past ? PAGE : `${PAGE}?past=1`} className={buttonClass("link")}>
              {past ? t("blocks.showUpcoming") : t("blocks.showAll")}
            </Link>
          </div>
          {blocks.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("blocks.empty")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {blocks.map((b) => (
                <li key={b.uuid} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {b.room ? t("blocks.roomTarget", { number: b.room.number, category: b.room_category?.name ?? "" }) : t("blocks.countTarget", { count: b.count, category: b.room_category?.name ?? "" })}
                    </p>
                    <p className="text-slate-700">
                      {t("blocks.range", { from: formatDate(b.starts_at, locale), to: formatDate(b.ends_at, locale), count: b.nights })} · {t(`reason.${b.reason}`)}
                    </p>
                    {b.notes ? <p className="text-slate-600">{b.notes}</p> : null}
                  </div>
                  <Link to={`${PAGE}?edit=${b.uuid}`} className={buttonClass("secondary")} aria-label={t("blocks.editLabel", { range: formatDate(b.starts_at, locale) })}>
                    {t("blocks.edit")}
                  </Link>
                  <AppForm action={PAGE}>
                    <input type="hidden" name="block_uuid" value={b.uuid} />
                    <SubmitButton name="intent" value="delete" variant="danger" aria-label={t("blocks.deleteLabel", { range: formatDate(b.starts_at, locale) })}>
                      {t("blocks.delete")}
                    </SubmitButton>
                  </AppForm>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="block-form-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="block-form-heading" className="mb-3 text-lg font-semibold">
            {editing ? t("blocks.editHeading") : t("blocks.newHeading")}
          </h2>
          <AppForm {...getFormProps(form)} action={editing ? `${PAGE}?edit=${editing.uuid}` : PAGE} className="space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            {editing ? <input type="hidden" name="block_uuid" value={editing.uuid} /> : null}
            <SelectField
              field={fields.room_uuid}
              label={t("blocks.room")}
              placeholder={t("blocks.wholeCategory")}
              options={options.rooms.map((r) => ({ value: r.uuid, label: `${r.number} · ${categoryName.get(r.room_category_uuid) ?? ""}` }))}
              hint={t("blocks.roomHint")}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField field={fields.room_category_uuid} label={t("form.category")} placeholder={t("blocks.pick")} options={options.categories.map((c) => ({ value: c.uuid, label: c.name }))} />
              <TextField field={fields.count} label={t("blocks.count")} type="number" min={1} />
              <TextField field={fields.starts_at} label={t("blocks.startsAt")} type="date" required />
              <TextField field={fields.ends_at} label={t("blocks.endsAt")} type="date" required hint={t("blocks.endsHint")} />
            </div>
            <SelectField field={fields.reason} label={t("blocks.reason")} options={BLOCK_REASONS.map((r) => ({ value: r, label: t(`reason.${r}`) }))} />
            <TextAreaField field={fields.notes} label={t("form.notes")} rows={2} />
            <div className="flex gap-3">
              <SubmitButton name="intent" value="save" pendingLabel={t("create.saving")}>
                {editing ? t("blocks.saveChanges") : t("blocks.create")}
              </SubmitButton>
              {editing ? (
                <Link to={PAGE} className={buttonClass("secondary")}>
                  {t("edit.cancel")}
                </Link>
              ) : null}
            </div>
          </AppForm>
        </section>
      </div>
    </>
  );
}
