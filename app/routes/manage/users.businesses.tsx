import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { USER_PERMISSIONS } from "#domain/access/permissions";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { adminUser } from "#app/routes/manage/businesses.server";
import { PermissionCheckboxes, PermissionList } from "#app/components/business/permission-checkboxes";
import { assignBusinessSchema } from "#app/components/business/schemas";
import { StatusBadge } from "#app/components/business/status-badge";
import { orNotFound } from "#app/lib/not-found.server";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField } from "#app/components/ui/field";
import { SearchForm } from "#app/components/ui/search-form";
import { guard, notFoundUnless, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/users.businesses";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * One account's businesses, for administrators: those it owns and those it helps in (with the
 * permissions granted there); assign another business with permissions, or take one away.
 * ?q=… searches the businesses offered in the assign form (a GET form, so no JavaScript needed).
 */
export const handle = { permission: "admin.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  notFoundUnless(isUuid(params.id));
  const { api, user } = getRequestState(context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const list = await orNotFound(api.admin.businesses.ofUser(params.id));
  const [person, candidates] = await Promise.all([
    adminUser(api, user, params.id),
    api.admin.businesses.list({ search: q || undefined, per_page: 20 }),
  ]);
  const mine = new Set(list.map((b) => b.uuid));
  return {
    userId: params.id,
    person,
    q,
    businesses: list.map((b) => ({
      uuid: b.uuid,
      company_name: b.company_name,
      status: b.status,
      isOwner: b.is_owner,
      permissions: b.permissions.filter((p) => p.startsWith("user.")),
    })),
    candidates: candidates.data.filter((b) => !mine.has(b.uuid)).map((b) => ({ value: b.uuid, label: [b.company_name, b.city].filter(Boolean).join(" — ") })),
  };
}

type ActionResult = { form: "assign"; result: ReturnType<typeof replyWithApiError> } | { form: "remove"; errors: string[] };

export async function action({ request, params, context }: Route.ActionArgs) {
  notFoundUnless(isUuid(params.id));
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const page = `/manage/users/${params.id}/businesses`;
  if (formData.get("intent") === "remove") {
    const businessUuid = String(formData.get("business_uuid") ?? "");
    if (!isUuid(businessUuid)) return data<ActionResult>({ form: "remove", errors: ["validation.uuid"] }, { status: 422 });
    try {
      await api.admin.businesses.unassign(params.id, businessUuid);
    } catch (error) {
      const refusal = apiRefusal(error);
      const messages = Object.values(refusal.errors).flat();
      return data<ActionResult>({ form: "remove", errors: messages.length ? messages : [refusal.message] }, { status: refusal.status });
    }
    return redirectWithToast(page, { kind: "success", message: "business:admin.unassigned" }, { session });
  }
  const submission = parseWithZod(formData, { schema: assignBusinessSchema, error: issueToKey });
  if (submission.status !== "success") return data<ActionResult>({ form: "assign", result: submission.reply() }, { status: 422 });
  try {
    await api.admin.businesses.assign(params.id, submission.value);
  } catch (error) {
    const refusal = apiRefusal(error);
    return data<ActionResult>({ form: "assign", result: replyWithApiError(submission, refusal, { fields: ["business_uuid", "permissions"] }) }, { status: refusal.status });
  }
  return redirectWithToast(page, { kind: "success", message: "business:admin.assigned" }, { session });
}

export default function UserBusinesses({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  const { person, businesses, candidates, q, userId } = loaderData;
  const page = `/manage/users/${userId}/businesses`;
  const [form, fields] = useForm({
    id: "assign-business",
    lastResult: actionData?.form === "assign" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: assignBusinessSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const who = person ? `${person.name} ${person.surname}`.trim() || person.email : userId;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>{`${t("admin.userTitle")} · Tarifa`}</title>
      <div>
        <Link to="/manage/businesses" className={buttonClass("link", "text-sm")}>
          {t("admin.backToList")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{t("admin.userHeading", { name: who })}</h1>
        {person ? <p className="text-sm text-slate-700">{person.email}</p> : null}
      </div>

      <section aria-labelledby="user-businesses-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="user-businesses-heading" className="text-lg font-semibold">
            {t("admin.userBusinesses")}
          </h2>
          <Link to={`/manage/businesses/add?owner=${userId}`} className={buttonClass("secondary")}>
            {t("admin.createForUser")}
          </Link>
        </div>
        <FormErrors id="remove-errors" errors={actionData?.form === "remove" ? actionData.errors : undefined} />
        {businesses.length === 0 ? (
          <p className="text-slate-700">{t("admin.userNoBusinesses")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {businesses.map((b) => (
              <li key={b.uuid} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link to={`/manage/businesses/${b.uuid}`} className="font-semibold text-brand-700 underline">
                      {b.company_name}
                    </Link>
                    <StatusBadge status={b.status} />
                    <span className="text-xs font-semibold text-slate-700">{b.isOwner ? t("admin.roleOwner") : t("admin.roleCollaborator")}</span>
                  </p>
                  {!b.isOwner ? (
                    <div className="mt-1">
                      <PermissionList names={b.permissions} />
                    </div>
                  ) : null}
                </div>
                {!b.isOwner ? (
                  <AppForm action={page}>
                    <input type="hidden" name="business_uuid" value={b.uuid} />
                    <SubmitButton name="intent" value="remove" variant="link" className="text-sm text-red-700" pendingLabel={t("collaborators.removing")}>
                      {t("admin.unassign")}
                      <span className="sr-only"> {b.company_name}</span>
                    </SubmitButton>
                  </AppForm>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="assign-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="assign-heading" className="mb-3 text-lg font-semibold">
          {t("admin.assignHeading")}
        </h2>
        <SearchForm action={page} id="assign-search" name="q" defaultValue={q} label={t("admin.findBusiness")} submitLabel={t("admin.searchSubmit")} />
        {candidates.length === 0 ? (
          <p className="text-slate-700">{t("admin.noCandidates")}</p>
        ) : (
          <AppForm {...getFormProps(form)} action={page} className="space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <SelectField field={fields.business_uuid} label={t("admin.business")} options={candidates} placeholder={t("admin.chooseBusiness")} required />
            <PermissionCheckboxes field={fields.permissions} options={[...USER_PERMISSIONS]} />
            <SubmitButton name="intent" value="assign" pendingLabel={t("saving")}>
              {t("admin.assign")}
            </SubmitButton>
          </AppForm>
        )}
      </section>
    </div>
  );
}
