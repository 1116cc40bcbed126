import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { NOTIFICATION_CHANNELS, NOTIFICATION_TOPICS } from "#domain/schemas/auth";
import { issueToKey } from "#domain/validation";
import { notificationsFormSchema } from "#app/components/account/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { accountSettingsHandle } from "#app/components/account/route-flags";
import type { Route } from "./+types/settings.notifications";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = accountSettingsHandle;

const PAGE = "/account-settings/notifications";

export async function loader({ context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  return { preferences: await api.accounts.notificationPreferences(user!.uuid) };
}

/**
 * Saves every box at once. A browser does not send an unchecked box, so the form schema reads a
 * missing topic as false: what the page shows is exactly what is saved, with or without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: notificationsFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api, session, user } = getRequestState(context);
  try {
    await api.accounts.saveNotificationPreferences(user!.uuid, { preferences: submission.value });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data(replyWithApiError(submission, error, { fields: [] }), { status: error.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "account:notifications.saved" }, { session });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult });
  const { preferences } = loaderData;
  return (
    <>
      <title>{`${t("notifications.title")} · Tarifa`}</title>
      <h2 className="mb-1 text-lg font-semibold">{t("notifications.heading")}</h2>
      <p className="mb-4 text-sm text-slate-700">{t("notifications.intro")}</p>
      <AppForm {...getFormProps(form)} action={PAGE} className="space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-6 lg:grid-cols-3">
          {NOTIFICATION_CHANNELS.map((channel) => (
            <fieldset key={channel} className="rounded-md border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-800">{t(`notifications.channels.${channel}`)}</legend>
              <div className="mt-2 space-y-3">
                {NOTIFICATION_TOPICS.map((topic) => {
                  const id = `pref-${channel}-${topic}`;
                  return (
                    <div key={topic} className="flex items-start gap-3">
                      <input
                        id={id}
                        type="checkbox"
                        name={`${channel}.${topic}`}
                        defaultChecked={preferences?.[channel]?.[topic] ?? false}
                        aria-describedby={`${id}-hint`}
                        className="mt-1 h-4 w-4 accent-brand-600"
                      />
                      <div>
                        <label htmlFor={id} className="text-sm font-medium text-slate-800">
                          {t(`notifications.topics.${topic}.label`)}
                        </label>
                        <p id={`${id}-hint`} className="text-sm text-slate-600">
                          {t(`notifications.topics.${topic}.hint`)}
                        </p>
                      </div>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
        <SubmitButton pendingLabel={t("notifications.pending")}>{t("notifications.submit")}</SubmitButton>
      </AppForm>
    </>
  );
}
