import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useSubmit } from "react-router";
import { issueToKey } from "#domain/validation";
import { listPms, requireSelectedBusiness } from "#app/lib/business.server";
import { pageForStatus } from "#app/components/business/next-step";
import { pmsCredentialsSchema } from "#app/components/business/schemas";
import { translated, type BusinessJson, type PmsJson } from "#app/components/business/types";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/pms-credentials";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";

/**
 * Connecting the business to its PMS (statuses PMS_CREDENTIALS_REQUESTED and PMS_FAILED). The
 * built-in PMS is the default and needs nothing; "Import from a file" (any PMS without a connector)
 * leads to the reservations import, whose end finishes the data step; a connector shows the
 * credential form its `settings.fields` describe. Choosing is a GET form (?pms=…), so it works
 * without JavaScript.
 */
export const handle = { skipSubscribedMiddleware: true } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-credentials";
/** Where "Import from a file" leads: the import waits there for the file. */
const IMPORTS = "/pms-settings/imports";

function chosenPms(list: PmsJson[], requested: string | null, business: BusinessJson): PmsJson | undefined {
  return (
    list.find((p) => String(p.id) === requested) ??
    list.find((p) => p.id === business.pms?.id) ??
    list.find((p) => p.pms_default) ??
    list[0]
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, locale } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const list = await listPms(api);
  const chosen = chosenPms(list, new URL(request.url).searchParams.get("pms"), business);
  return {
    business: {
      name: business.company_name,
      status: business.status,
      pmsName: business.pms?.name ?? null,
      canEdit: !business.permissions || business.permissions.includes("user.businesses"),
    },
    systems: list.map((p) => ({ id: p.id, name: p.name, kind: p.settings.kind })),
    chosen: chosen
      ? {
          id: chosen.id,
          name: chosen.name,
          kind: chosen.settings.kind,
          fields: chosen.settings.fields.map((f) => ({
            name: f.name,
            label: translated(f.label, locale) || f.name,
            type: f.type === "password" || f.type === "url" ? f.type : "text",
            required: f.required,
          })),
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const business = requireSelectedBusiness(context);
  if (formData.get("intent") === "retry") {
    try {
      await api.onboarding.retrySetup(business.uuid);
    } catch (error) {
      return data({ result: undefined, errors: [apiRefusal(error).message] }, { status: 409 });
    }
    return redirect(PAGE);
  }
  const list = await listPms(api);
  const pms = list.find((p) => String(p.id) === formData.get("pms_id"));
  if (!pms) return data({ result: undefined, errors: ["validation.choice"] }, { status: 422 });
  const submission = parseWithZod(formData, { schema: pmsCredentialsSchema(pms.settings.fields), error: issueToKey });
  if (submission.status !== "success") return data({ result: submission.reply(), errors: [] }, { status: 422 });
  try {
    const answer = await api.onboarding.choosePms(business.uuid, {
      pms_id: pms.id,
      credentials: submission.value.credentials,
    });
    const status = answer?.business?.status ?? "DOWNLOADING_DATA";
    if (status === "DOWNLOADING_DATA" && pms.settings.kind === "file") {
      return redirectWithToast(IMPORTS, { kind: "info", message: "onboarding:pms.fileChosen" }, { session });
    }
    return redirectWithToast(
      pageForStatus(status),
      { kind: status === "PMS_FAILED" ? "error" : "success", message: status === "PMS_FAILED" ? "onboarding:pms.failedToast" : "onboarding:pms.connected" },
      { session },
    );
  } catch (error) {
    const refusal = apiRefusal(error);
    const result = replyWithApiError(submission, refusal, { fields: pms.settings.fields.map((f) => `credentials.${f.name}`), hideFields: passwordFields(pms) });
    return data({ result, errors: [] }, { status: refusal.status });
  }
}

function passwordFields(pms: PmsJson) {
  return pms.settings.fields.filter((f) => f.type === "password").map((f) => `credentials.${f.name}`);
}

export default function PmsCredentials({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("onboarding");
  const { business, systems, chosen } = loaderData;
  const submit = useSubmit();
  const failed = business.status === "PMS_FAILED";
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <title>{`${t("pms.title")} · Tarifa`}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t("pms.heading", { name: business.name })}</h1>
        <p className="mt-1 text-slate-700">{t("pms.intro")}</p>
      </div>
      {failed ? (
        <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{t("pms.failedHeading")}</p>
          <p className="text-sm">{business.pmsName ? t("pms.failedNamed", { name: business.pmsName }) : t("pms.failed")}</p>
          {business.canEdit ? (
            <AppForm action={PAGE}>
              <SubmitButton name="intent" value="retry" variant="secondary" pendingLabel={t("saving")}>
                {t("pms.retry")}
              </SubmitButton>
            </AppForm>
          ) : null}
        </div>
      ) : null}
      <FormErrors id="pms-errors" errors={actionData?.errors} />
      {!business.canEdit ? (
        <p className="rounded-md border border-slate-200 bg-white p-4 text-slate-700">{t("pms.askOwner")}</p>
      ) : (
        <>
          <Form method="get" action={PAGE} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" preventScrollReset>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t("pms.chooseLegend")}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {systems.map((system) => (
                  <label
                    key={system.id}
                    className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="pms"
                      value={system.id}
                      defaultChecked={system.id === chosen?.id}
                      onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
                      className="mt-1 accent-brand-600"
                    />
                    <span>
                      <span className="block font-semibold">{system.kind === "file" ? t("pms.fileName") : system.name}</span>
                      {system.kind === "built_in" ? <span className="block text-sm text-slate-600">{t("pms.builtInHint")}</span> : null}
                      {system.kind === "file" ? <span className="block text-sm text-slate-600">{t("pms.fileHint")}</span> : null}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <noscript>
              <button type="submit" className="mt-3 rounded-md border border-slate-300 bg-white px-3 py-1 text-sm">
                {t("pms.choose")}
              </button>
            </noscript>
          </Form>
          {chosen ? <CredentialsForm key={chosen.id} chosen={chosen} lastResult={actionData?.result} /> : null}
        </>
      )}
    </div>
  );
}

type Chosen = NonNullable<Route.ComponentProps["loaderData"]["chosen"]>;

function CredentialsForm({ chosen, lastResult }: { chosen: Chosen; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("onboarding");
  const schema = pmsCredentialsSchema(chosen.fields);
  const [form, fields] = useForm<{ pms_id: string; credentials: Record<string, string> }, unknown, string[]>({
    id: `pms-${chosen.id}`,
    lastResult,
    defaultValue: { pms_id: String(chosen.id) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const credentials = fields.credentials.getFieldset() as unknown as Record<string, FieldMetadata<unknown>>;
  return (
    <AppForm {...getFormProps(form)} action={PAGE} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">
        {chosen.kind === "built_in" ? t("pms.builtInHeading") : chosen.kind === "file" ? t("pms.fileHeading") : t("pms.credentialsHeading", { name: chosen.name })}
      </h2>
      <input {...getInputProps(fields.pms_id, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {chosen.kind === "file" ? (
        <p className="text-slate-700">{t("pms.fileText")}</p>
      ) : chosen.fields.length === 0 ? (
        <p className="text-slate-700">{chosen.kind === "built_in" ? t("pms.builtInText") : t("pms.noCredentials")}</p>
      ) : (
        chosen.fields.map((field) => (
          <TextField
            key={field.name}
            field={credentials[field.name]}
            label={field.label}
            type={field.type as "text" | "password" | "url"}
            required={field.required}
            autoComplete={field.type === "password" ? "current-password" : "off"}
          />
        ))
      )}
      <SubmitButton pendingLabel={t("pms.connecting")}>
        {chosen.kind === "built_in" ? t("pms.useBuiltIn") : chosen.kind === "file" ? t("pms.useFile") : t("pms.connect")}
      </SubmitButton>
    </AppForm>
  );
}
