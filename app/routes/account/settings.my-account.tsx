import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, useActionData } from "react-router";
import { issueToKey } from "#domain/validation";
import { PhotoField } from "#app/components/account/photo-field";
import { PHOTO_MAX_BYTES, PHOTO_TYPES, PROFILE_TEXT_FIELDS, profileFormSchema } from "#app/components/account/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { FormErrors, TextField } from "#app/components/ui/field";
import { ApiError } from "#app/lib/api.server";
import { getI18n } from "#app/lib/i18n.server";
import { getRequestState } from "#app/lib/request-context.server";
import { getSession } from "#app/lib/session.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { SessionsSection } from "#app/components/account/sessions-section";
import { accountSettingsHandle } from "#app/components/account/route-flags";
import { cameBackFromTooLargeUpload } from "#app/lib/upload-too-large";
import type { Route } from "./+types/settings.my-account";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = accountSettingsHandle;

const PAGE = "/account-settings/my-account";
const FIELDS = ["name", "surname", ...PROFILE_TEXT_FIELDS] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user: me, api } = getRequestState(context);
  const user = me!;
  const sessions = await api.accounts.sessions();
  return {
    sessions,
    user: {
      name: user.name,
      surname: user.surname,
      email: user.email,
      company: user.company,
      phone: user.phone,
      address: user.address,
      state: user.state,
      zip_code: user.zip_code,
      country: user.country,
    },
    // The version in the address makes the browser fetch a new photo after each change.
    photoSrc: user.profile_img_filename ? `${PAGE}/photo?v=${encodeURIComponent(user.updated_at)}` : null,
    // Back from a file larger than the web takes (request-guard.server.ts): the field says so.
    photoTooLarge: cameBackFromTooLargeUpload(request),
  };
}

type ActionResult =
  | { intent: "profile"; result: ReturnType<typeof replyWithApiError> }
  | { intent: "photo"; errors: string[] };

/**
 * Four forms post here: the profile (`intent=profile`), a photo upload (multipart), the photo's
 * removal and "sign out everywhere".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, session, user, locale } = getRequestState(context);
  const t = getI18n(context).getFixedT(locale, "account");
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "sign-out-everywhere") {
    await api.accounts.signOutEverywhere();
    // This browser's session is over too: an empty one, replacing its cookie, carries only the notice to /login.
    const fresh = await getSession(new Request(request.url));
    return redirectWithToast("/login", { kind: "success", message: "security:sessions.signedOutEverywhere" }, { session: fresh });
  }

  if (intent === "upload-photo" || intent === "remove-photo") {
    try {
      if (intent === "remove-photo") await api.accounts.removePhoto(user!.uuid);
      else {
        const image = formData.get("image");
        if (!(image instanceof File) || image.size === 0) return photoError(t("photo.missing"));
        if (!(PHOTO_TYPES as readonly string[]).includes(image.type)) return photoError(t("photo.wrongType"));
        if (image.size > PHOTO_MAX_BYTES) return photoError(t("photo.tooLarge"));
        const upload = new FormData();
        upload.append("image", image, image.name);
        await api.accounts.uploadPhoto(user!.uuid, upload);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const messages = Object.values(error.errors).flat();
      return photoError(...(messages.length ? messages : [error.message]));
    }
    const message = intent === "remove-photo" ? "account:photo.removed" : "account:photo.uploaded";
    return redirectWithToast(PAGE, { kind: "success", message }, { session });
  }

  const submission = parseWithZod(formData, { schema: profileFormSchema, error: issueToKey });
  if (submission.status !== "success") {
    return data<ActionResult>({ intent: "profile", result: submission.reply() }, { status: 422 });
  }
  const { name, surname } = submission.value;
  // A blank field is sent as null, so clearing it in the form clears it on the account.
  const texts = Object.fromEntries(PROFILE_TEXT_FIELDS.map((field) => [field, submission.value[field] ?? null]));
  try {
    await api.accounts.update(user!.uuid, { name, surname, ...texts });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionResult>({ intent: "profile", result: replyWithApiError(submission, error, { fields: FIELDS }) }, { status: error.status });
  }
  return redirectWithToast(PAGE, { kind: "success", message: "account:myAccount.saved" }, { session });
}

function photoError(...errors: string[]) {
  return data<ActionResult>({ intent: "photo", errors }, { status: 422 });
}

export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { user, photoSrc, sessions } = loaderData;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: user,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });
  const initials = `${user.name.charAt(0)}${user.surname.charAt(0)}`.toUpperCase();
  return (
    <>
      <title>{`${t("myAccount.title")} · Tarifa`}</title>
      <h2 className="mb-4 text-lg font-semibold">{t("myAccount.heading")}</h2>

      <section aria-labelledby="photo-heading" className="mb-8">
        <h3 id="photo-heading" className="mb-3 text-base font-semibold">
          {t("photo.heading")}
        </h3>
        {/* Keyed by the photo: after an upload the form starts afresh (no stale preview or chosen file). */}
        <AppForm key={photoSrc ?? "none"} action={PAGE} encType="multipart/form-data" className="space-y-3">
          <PhotoField currentSrc={photoSrc} initials={initials} errors={actionData?.intent === "photo" ? actionData.errors : loaderData.photoTooLarge ? [t("photo.tooLarge")] : undefined} />
          <SubmitButton name="intent" value="upload-photo" variant="secondary" pendingLabel={t("photo.uploading")}>
            {t("photo.upload")}
          </SubmitButton>
        </AppForm>
        {photoSrc ? (
          <AppForm action={PAGE} className="mt-2">
            <SubmitButton name="intent" value="remove-photo" variant="link" className="text-sm" pendingLabel={t("photo.removing")}>
              {t("photo.remove")}
            </SubmitButton>
          </AppForm>
        ) : null}
      </section>

      <section aria-labelledby="profile-heading">
        <h3 id="profile-heading" className="mb-3 text-base font-semibold">
          {t("myAccount.profileHeading")}
        </h3>
        <AppForm {...getFormProps(form)} action={PAGE} className="space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.name} label={t("myAccount.name")} autoComplete="given-name" required />
            <TextField field={fields.surname} label={t("myAccount.surname")} autoComplete="family-name" required />
          </div>
          <div>
            <p className="block text-sm font-medium text-slate-800">{t("myAccount.email")}</p>
            <p className="mt-1 text-base text-slate-700">{user.email}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.company} label={t("myAccount.company")} autoComplete="organization" />
            <TextField field={fields.phone} label={t("myAccount.phone")} type="tel" autoComplete="tel" />
          </div>
          <TextField field={fields.address} label={t("myAccount.address")} autoComplete="street-address" />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField field={fields.state} label={t("myAccount.state")} autoComplete="address-level1" />
            <TextField field={fields.zip_code} label={t("myAccount.zipCode")} autoComplete="postal-code" />
            <TextField field={fields.country} label={t("myAccount.country")} autoComplete="country-name" />
          </div>
          <SubmitButton name="intent" value="profile" pendingLabel={t("myAccount.saving")}>
            {t("myAccount.save")}
          </SubmitButton>
        </AppForm>
      </section>

      <SessionsSection sessions={sessions} action={PAGE} />
    </>
  );
}
