import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { issueToKey } from "#domain/validation";
import { locales } from "#locales/list";
import { languageFormSchema } from "#app/components/account/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FieldErrors, FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { localeCookieHeader } from "#app/lib/locale-cookie";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { accountSettingsHandle } from "#app/components/account/route-flags";
import type { Route } from "./+types/settings.language";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = accountSettingsHandle;

const PAGE = "/account-settings/language";

export function loader({ context }: Route.LoaderArgs) {
  return { preferred: getRequestState(context).user!.preferred_language };
}

/**
 * Saves the language on the account (it follows the user to other devices: sign-in sets it) and
 * switches this browser to it at once through the `lng` cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: languageFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api, session, user } = getRequestState(context);
  const { preferred_language } = submission.value;
  try {
    await api.accounts.update(user!.uuid, { preferred_language });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: ["preferred_language"] }), { status: error.status });
  }
  // The toast is a key, so it shows in the new language, like the page it lands on.
  return redirectWithToast(
    PAGE,
    { kind: "success", message: "account:language.saved" },
    { session, headers: { "Set-Cookie": localeCookieHeader(preferred_language) } },
  );
}

export default function Language({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { preferred_language: loaderData.preferred },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: languageFormSchema, error: issueToKey }),
  });
  const field = fields.preferred_language;
  return (
    <>
      <title>{`${t("language.title")} · Tarifa`}</title>
      <h2 className="mb-1 text-lg font-semibold">{t("language.heading")}</h2>
      <p className="mb-4 text-sm text-slate-700">{t("language.intro")}</p>
      {/* A full page load afterwards, so the browser fetches the new language's messages. */}
      <AppForm {...getFormProps(form)} action={PAGE} reloadDocument className="space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t("language.legend")}</legend>
          <div className="space-y-2">
            {locales.map((locale) => (
              <label key={locale} className="flex items-center gap-3 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50">
                <input
                  type="radio"
                  name={field.name}
                  value={locale}
                  defaultChecked={loaderData.preferred === locale}
                  className="h-4 w-4 accent-brand-600"
                />
                <span lang={locale}>{t(`language.names.${locale}`, { ns: "common" })}</span>
              </label>
            ))}
          </div>
          <FieldErrors id={field.errorId} errors={field.errors} />
        </fieldset>
        <SubmitButton pendingLabel={t("language.pending")}>{t("language.submit")}</SubmitButton>
      </AppForm>
    </>
  );
}
