import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireSelectedBusiness } from "#app/lib/business.server";
import { LogoField } from "#app/components/business/logo-field";
import { logoSrc } from "#app/components/business/logo";
import { LOGO_MAX_BYTES, LOGO_TYPES } from "#app/components/business/schemas";
import { AppForm } from "#app/components/ui/app-form";
import { SubmitButton } from "#app/components/ui/button";
import { getI18n } from "#app/lib/i18n.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { cameBackFromTooLargeUpload } from "#app/lib/upload-too-large";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/logo";
import { apiRefusal } from "#app/lib/api-reply.server";

/** The selected business's logo: upload (multipart, field `logo`) with a preview, or remove. */
export const handle = { permission: "user.businesses" } satisfies RouteHandle;

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/businesses/logo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = requireSelectedBusiness(context);
  // Back from a file larger than the web takes (request-guard.server.ts): the field says so.
  return { name: business.company_name, src: logoSrc(business), tooLarge: cameBackFromTooLargeUpload(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, session, locale } = getRequestState(context);
  const t = getI18n(context).getFixedT(locale, "business");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const business = requireSelectedBusiness(context);
  try {
    if (intent === "remove-logo") {
      await api.business.removeLogo(business.uuid);
      return redirectWithToast(PAGE, { kind: "success", message: "business:logo.removed" }, { session });
    }
    const logo = formData.get("logo");
    if (!(logo instanceof File) || logo.size === 0) return failure(t("logo.missing"));
    if (!(LOGO_TYPES as readonly string[]).includes(logo.type)) return failure(t("logo.wrongType"));
    if (logo.size > LOGO_MAX_BYTES) return failure(t("logo.tooLarge"));
    const upload = new FormData();
    upload.append("logo", logo, logo.name);
    await api.business.uploadLogo(business.uuid, upload);
  } catch (error) {
    const refusal = apiRefusal(error);
    const messages = Object.values(refusal.errors).flat();
    return failure(...(messages.length ? messages : [refusal.message]));
  }
  return redirectWithToast(PAGE, { kind: "success", message: "business:logo.uploaded" }, { session });
}

function failure(...errors: string[]) {
  return data({ errors }, { status: 422 });
}

export default function BusinessLogo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("business");
  return (
    <>
      <title>{`${t("logo.title")} · Tarifa`}</title>
      <section aria-labelledby="logo-heading" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="logo-heading" className="mb-1 text-lg font-semibold">
          {t("logo.heading")}
        </h2>
        <p className="mb-4 text-sm text-slate-700">{t("logo.intro")}</p>
        {/* Keyed by the logo, so the form starts afresh (no stale file or preview) once it changes. */}
        <AppForm key={loaderData.src ?? "none"} action={PAGE} encType="multipart/form-data" className="space-y-3">
          <LogoField currentSrc={loaderData.src} name={loaderData.name} errors={actionData?.errors ?? (loaderData.tooLarge ? [t("logo.tooLarge")] : undefined)} />
          <SubmitButton name="intent" value="upload-logo" pendingLabel={t("logo.uploading")}>
            {t("logo.upload")}
          </SubmitButton>
        </AppForm>
        {loaderData.src ? (
          <AppForm action={PAGE} className="mt-3">
            <SubmitButton name="intent" value="remove-logo" variant="link" className="text-sm" pendingLabel={t("logo.removing")}>
              {t("logo.remove")}
            </SubmitButton>
          </AppForm>
        ) : null}
      </section>
    </>
  );
}
