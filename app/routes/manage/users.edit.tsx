import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { adminEditUserFormSchema } from "#domain/schemas/admin";
import { issueToKey } from "#domain/validation";
import { uuidParam } from "#app/routes/manage/users.server";
import { RoleList, UserStatusBadge } from "#app/components/admin/badges";
import { AdminHeader, UserTabs } from "#app/components/admin/page";
import { fullName } from "#app/components/admin/shared";
import { UserFields } from "#app/components/admin/user-form";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { orNotFound } from "#app/lib/not-found.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/users.edit";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle: RouteHandle = { permission: "admin.users" };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const FIELDS = ["name", "surname", "email", "roles", "preferred_language", "company", "phone", "address", "state", "zip_code", "country"] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, user: me } = getRequestState(context);
  const user = await orNotFound(api.admin.users.get(uuidParam(params.id)));
  return { user, isSelf: user.uuid === me!.uuid };
}

/** Three forms post here: the account (`intent=save`), the disable / enable button and the two-factor reset. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = uuidParam(params.id);
  const page = `/manage/users/${id}`;
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "disable" || intent === "enable") {
    try {
      await api.admin.users.setDisabled(id, intent === "disable");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithToast(page, { kind: "error", message: error.serverMessage ?? error.message }, { session });
    }
    return redirectWithToast(page, { kind: "success", message: intent === "disable" ? "admin:users.disabled" : "admin:users.enabled" }, { session });
  }

  if (intent === "reset-two-factor") {
    try {
      await api.admin.users.resetTwoFactor(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithToast(page, { kind: "error", message: error.serverMessage ?? error.message }, { session });
    }
    return redirectWithToast(page, { kind: "success", message: "admin:users.twoFactorReset" }, { session });
  }

  const submission = parseWithZod(formData, { schema: adminEditUserFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  try {
    await api.admin.users.update(id, submission.value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: FIELDS }), { status: error.status });
  }
  return redirectWithToast(page, { kind: "success", message: "admin:users.saved" }, { session });
}

export default function EditUser({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const { user, isSelf } = loaderData;
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    // A new key per saved version, so the fields show what was saved after the redirect.
    id: `user-${user.uuid}-${user.updated_at}`,
    lastResult,
    defaultValue: {
      name: user.name,
      surname: user.surname,
      email: user.email,
      roles: user.roles,
      preferred_language: user.preferred_language,
      company: user.company ?? "",
      phone: user.phone ?? "",
      address: user.address ?? "",
      state: user.state ?? "",
      zip_code: user.zip_code ?? "",
      country: user.country ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adminEditUserFormSchema, error: issueToKey }),
    shouldRevalidate: "onBlur",
  });
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso));
  const adminPermissions = user.permissions.map((p) => p.name);
  return (
    <>
      <title>{`${fullName(user)} · ${t("users.title")} · Tarifa`}</title>
      <AdminHeader title={fullName(user)} back={{ to: "/manage/users", label: t("users.back") }}>
        <UserStatusBadge user={user} />
      </AdminHeader>
      <UserTabs uuid={user.uuid} />

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="account-heading">
          <h2 id="account-heading" className="mb-4 text-lg font-semibold">
            {t("users.accountHeading")}
          </h2>
          <AppForm {...getFormProps(form)} action={`/manage/users/${user.uuid}`} className="space-y-4">
            <input type="hidden" name="intent" value="save" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <UserFields fields={fields} editing />
            <SubmitButton pendingLabel={t("users.saving")}>{t("users.save")}</SubmitButton>
          </AppForm>
        </section>

        <aside className="space-y-6">
          <section aria-labelledby="summary-heading" className="rounded-md border border-slate-200 bg-white p-4 text-sm">
            <h2 id="summary-heading" className="mb-2 font-semibold">
              {t("users.summaryHeading")}
            </h2>
            <dl className="space-y-1">
              <div>
                <dt className="inline text-slate-600">{t("users.columns.roles")}: </dt>
                <dd className="inline">
                  <RoleList roles={user.roles} />
                </dd>
              </div>
              <div>
                <dt className="inline text-slate-600">{t("users.createdAt")}: </dt>
                <dd className="inline">{date(user.created_at)}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">{t("users.verifiedAt")}: </dt>
                <dd className="inline">{user.email_verified_at ? date(user.email_verified_at) : t("users.notVerified")}</dd>
              </div>
              <div>
                <dt className="inline text-slate-600">{t("users.accountPermissions")}: </dt>
                <dd className="inline">{adminPermissions.length ? adminPermissions.join(", ") : t("users.noAccountPermissions")}</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="access-heading" className="rounded-md border border-slate-200 bg-white p-4 text-sm">
            <h2 id="access-heading" className="mb-2 font-semibold">
              {user.disabled_at ? t("users.enableHeading") : t("users.disableHeading")}
            </h2>
            {isSelf ? (
              <p className="text-slate-700">{t("users.cannotDisableSelf")}</p>
            ) : user.disabled_at ? (
              <>
                <p className="mb-3 text-slate-700">{t("users.enableIntro", { date: date(user.disabled_at) })}</p>
                <AppForm action={`/manage/users/${user.uuid}`}>
                  <SubmitButton name="intent" value="enable" variant="secondary" pendingLabel={t("users.enabling")}>
                    {t("users.enable")}
                  </SubmitButton>
                </AppForm>
              </>
            ) : (
              <>
                <p className="mb-3 text-slate-700">{t("users.disableIntro")}</p>
                <AppForm action={`/manage/users/${user.uuid}`}>
                  <SubmitButton name="intent" value="disable" variant="danger" pendingLabel={t("users.disabling")}>
                    {t("users.disable")}
                  </SubmitButton>
                </AppForm>
              </>
            )}
          </section>

          <section aria-labelledby="two-factor-heading" className="rounded-md border border-slate-200 bg-white p-4 text-sm">
            <h2 id="two-factor-heading" className="mb-2 font-semibold">
              {t("users.twoFactorHeading")}
            </h2>
            {!user.two_factor_enabled ? (
              <p className="text-slate-700">{t("users.twoFactorOff")}</p>
            ) : isSelf ? (
              <p className="text-slate-700">{t("users.twoFactorSelf")}</p>
            ) : (
              <>
                <p className="mb-3 text-slate-700">{t("users.twoFactorOn")}</p>
                <AppForm action={`/manage/users/${user.uuid}`}>
                  <SubmitButton name="intent" value="reset-two-factor" variant="danger" pendingLabel={t("users.resettingTwoFactor")}>
                    {t("users.resetTwoFactor")}
                  </SubmitButton>
                </AppForm>
              </>
            )}
          </section>
        </aside>
      </div>
    </>
  );
}
