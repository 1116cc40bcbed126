import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useActionData } from "react-router";
import { safeRedirectPath } from "#domain/navigation/guard";
import { disableTwoFactorSchema, twoFactorCodeSchema } from "#domain/schemas/two-factor";
import { issueToKey } from "#domain/validation";
import { accountSettingsHandle } from "#app/components/account/route-flags";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { formatDateTime } from "#app/lib/format-date";
import { qrCodeSvg } from "#app/lib/qr-code.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { useBusinessTimeZone } from "#app/lib/business-time-zone";
import type { Route } from "./+types/settings.two-factor";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = accountSettingsHandle;

const PAGE = "/account-settings/two-factor";

/** Where to go once two-factor is on: the /manage page an administrator was sent here from. */
function nextPath(request: Request): string | null {
  const value = new URL(request.url).searchParams.get("redirectTo");
  return value ? safeRedirectPath(value, PAGE) : null;
}

function pageWithSearch(request: Request) {
  return `${PAGE}${new URL(request.url).search}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  const state = await api.twoFactor.state();
  return {
    state,
    // The secret in groups of four, as authenticator apps let it be typed.
    secret: state.pending?.secret.replace(/(.{4})(?=.)/g, "$1 ") ?? null,
    qrSvg: state.pending ? await qrCodeSvg(state.pending.otpauth_uri) : null,
    required: !state.enabled && (user?.roles.includes("administrator") ?? false),
    next: nextPath(request),
  };
}

type ActionResult =
  | { intent: "codes"; codes: string[]; next: string | null }
  | { intent: "confirm" | "regenerate" | "disable"; result: ReturnType<typeof replyWithApiError> };

/**
 * Four forms post here: start an enrolment (`intent=start`, then the page shows the QR code),
 * confirm it with a code (answers the recovery codes, shown this once), new recovery codes, and
 * turning two-factor off (password and code).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, session } = getRequestState(context);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "start") {
    try {
      await api.twoFactor.start();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithToast(pageWithSearch(request), { kind: "error", message: error.message }, { session });
    }
    return redirect(pageWithSearch(request));
  }

  if (intent === "disable") {
    const submission = parseWithZod(formData, { schema: disableTwoFactorSchema, error: issueToKey });
    const hideFields = ["password", "code"];
    if (submission.status !== "success") return data<ActionResult>({ intent, result: submission.reply({ hideFields }) }, { status: 422 });
    try {
      await api.twoFactor.disable(submission.value);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data<ActionResult>({ intent, result: replyWithApiError(submission, error, { fields: ["password", "code"], hideFields }) }, { status: error.status });
    }
    return redirectWithToast(PAGE, { kind: "success", message: "twoFactor:settings.disabled" }, { session });
  }

  if (intent !== "confirm" && intent !== "regenerate") throw data(null, { status: 400 });
  const submission = parseWithZod(formData, { schema: twoFactorCodeSchema, error: issueToKey });
  if (submission.status !== "success") return data<ActionResult>({ intent, result: submission.reply({ hideFields: ["code"] }) }, { status: 422 });
  try {
    const codes = await (intent === "confirm" ? api.twoFactor.confirm(submission.value) : api.twoFactor.newRecoveryCodes(submission.value));
    // Not a redirect: the recovery codes are shown in this answer only, never stored in clear.
    return data<ActionResult>({ intent: "codes", codes, next: nextPath(request) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionResult>({ intent, result: replyWithApiError(submission, error, { fields: ["code"], hideFields: ["code"] }) }, { status: error.status });
  }
}

export default function TwoFactorSettings({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("twoFactor");
  const timeZone = useBusinessTimeZone();
  const { state, secret, qrSvg, required, next } = loaderData;
  const actionData = useActionData<typeof action>();
  const search = next ? `?redirectTo=${encodeURIComponent(next)}` : "";
  const formAction = `${PAGE}${search}`;

  return (
    <>
      <title>{`${t("settings.title")} · Tarifa`}</title>
      <h2 className="mb-1 text-lg font-semibold">{t("settings.heading")}</h2>
      <p className="mb-4 text-sm text-slate-700">{t("settings.intro")}</p>
      {required ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("settings.required")}
        </p>
      ) : null}

      {actionData?.intent === "codes" ? (
        <RecoveryCodes codes={actionData.codes} next={actionData.next ?? PAGE} />
      ) : state.enabled ? (
        <>
          <p className="mb-6 text-sm font-medium text-slate-800">
            {state.enabled_at ? t("settings.onSince", { date: formatDateTime(state.enabled_at, i18n.language, timeZone) }) : t("settings.on")}{" "}
            {t("settings.recoveryLeft", { count: state.recovery_codes_left })}
          </p>
          <RegenerateForm action={formAction} lastResult={actionData?.intent === "regenerate" ? actionData.result : undefined} />
          <DisableForm action={formAction} lastResult={actionData?.intent === "disable" ? actionData.result : undefined} />
        </>
      ) : state.pending && secret && qrSvg ? (
        <Enrolment
          action={formAction}
          secret={secret}
          qrSvg={qrSvg}
          lastResult={actionData?.intent === "confirm" ? actionData.result : undefined}
        />
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-800">{t("settings.off")}</p>
          <AppForm action={formAction}>
            <SubmitButton name="intent" value="start" pendingLabel={t("settings.starting")}>
              {t("settings.start")}
            </SubmitButton>
          </AppForm>
        </>
      )}
    </>
  );
}

type LastResult = Extract<ActionResult, { result: unknown }>["result"] | undefined;

function Enrolment({ action, secret, qrSvg, lastResult }: { action: string; secret: string; qrSvg: string; lastResult: LastResult }) {
  const { t } = useTranslation("twoFactor");
  const [form, fields] = useForm({
    id: "confirm",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorCodeSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="enrol-heading" className="space-y-4">
      <h3 id="enrol-heading" className="text-base font-semibold">
        {t("settings.enrolHeading")}
      </h3>
      <p className="text-sm text-slate-800">{t("settings.scan")}</p>
      {/* The SVG is drawn by the qrcode library on the server from our own otpauth:// address. */}
      <div role="img" aria-label={t("settings.qrAlt")} className="h-48 w-48 [&>svg]:h-full [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <div>
        <p className="text-sm text-slate-800">{t("settings.manual")}</p>
        <p className="mt-1">
          <code aria-label={t("settings.secretLabel")} className="select-all break-all rounded bg-slate-100 px-2 py-1 font-mono text-base">
            {secret}
          </code>
        </p>
      </div>
      <AppForm {...getFormProps(form)} action={action} className="max-w-sm space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.code}
          label={t("settings.confirmLabel")}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <SubmitButton name="intent" value="confirm" pendingLabel={t("settings.confirming")}>
          {t("settings.confirm")}
        </SubmitButton>
      </AppForm>
    </section>
  );
}

function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const { t } = useTranslation("twoFactor");
  return (
    <section aria-labelledby="codes-heading" className="space-y-4">
      <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        {t("settings.enabled")}
      </p>
      <h3 id="codes-heading" className="text-base font-semibold">
        {t("settings.codesHeading")}
      </h3>
      <p className="text-sm text-slate-800">{t("settings.codesIntro")}</p>
      <ol aria-label={t("settings.codesHeading")} className="grid max-w-sm grid-cols-2 gap-2 font-mono text-base">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ol>
      <Link to={next} className={buttonClass("primary")}>
        {t("settings.continue")}
      </Link>
    </section>
  );
}

function RegenerateForm({ action, lastResult }: { action: string; lastResult: LastResult }) {
  const { t } = useTranslation("twoFactor");
  const [form, fields] = useForm({
    id: "regenerate",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorCodeSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="regenerate-heading" className="mb-8">
      <h3 id="regenerate-heading" className="mb-1 text-base font-semibold">
        {t("settings.regenerateHeading")}
      </h3>
      <p className="mb-3 text-sm text-slate-700">{t("settings.regenerateIntro")}</p>
      <AppForm {...getFormProps(form)} action={action} className="max-w-sm space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.code} label={t("settings.appCode")} inputMode="numeric" autoComplete="one-time-code" required />
        <SubmitButton name="intent" value="regenerate" variant="secondary" pendingLabel={t("settings.regenerating")}>
          {t("settings.regenerate")}
        </SubmitButton>
      </AppForm>
    </section>
  );
}

function DisableForm({ action, lastResult }: { action: string; lastResult: LastResult }) {
  const { t } = useTranslation("twoFactor");
  const [form, fields] = useForm({
    id: "disable",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disableTwoFactorSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="disable-heading">
      <h3 id="disable-heading" className="mb-1 text-base font-semibold">
        {t("settings.disableHeading")}
      </h3>
      <p className="mb-3 text-sm text-slate-700">{t("settings.disableIntro")}</p>
      <AppForm {...getFormProps(form)} action={action} className="max-w-sm space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.password} label={t("settings.password")} type="password" autoComplete="current-password" required />
        <TextField field={fields.code} label={t("settings.codeOrRecovery")} autoComplete="one-time-code" autoCapitalize="none" required />
        <SubmitButton name="intent" value="disable" variant="danger" pendingLabel={t("settings.disabling")}>
          {t("settings.disable")}
        </SubmitButton>
      </AppForm>
    </section>
  );
}
