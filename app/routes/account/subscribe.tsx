import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { trialLength } from "#domain/billing/renewal";
import { formatMoney } from "#domain/money";
import { chosenCard, NEW_CARD, subscribeFormSchema } from "#domain/schemas/billing";
import { currentPlan, DEFAULT_TRIAL_DAYS, hasActiveSubscription, trialDays } from "#domain/subscription/state";
import { issueToKey } from "#domain/validation";
import { canManageBilling, refusalMessage } from "#app/lib/billing.server";
import { CardLabel, TestCardHint } from "#app/components/billing/cards";
import type { BusinessPlan } from "#app/components/billing/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FieldErrors, FormErrors, TextField } from "#app/components/ui/field";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getI18n } from "#app/lib/i18n.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/subscribe";
import { apiRefusal, replyWithApiError } from "#app/lib/api-reply.server";
import { requireSelectedBusiness } from "#app/lib/business.server";

/** Rule 4 sends a business without an active plan here, so the page itself skips that check. */
export const handle: RouteHandle = { skipSubscribedMiddleware: true };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/subscribe";
const FIELDS = ["plan_identifier", "payment_method_id", "new_payment_method", "coupon_id"] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const manage = canManageBilling(business, user!.roles);
  const [catalog, subscription, methods] = await Promise.all([
    api.billing.plans(),
    api.billing.subscription(business.uuid),
    manage ? api.billing.paymentMethods(business.uuid) : Promise.resolve(null),
  ]);
  const current = currentPlan(subscription.plans) as BusinessPlan | undefined;
  return {
    business: { name: business.company_name, interval: business.payment_frequency === "yearly" ? ("year" as const) : ("month" as const) },
    plans: catalog.filter((p) => !p.is_add_on),
    trialAvailable: subscription.trial_available,
    active: hasActiveSubscription(subscription.plans),
    current: current ? { name: current.name, status: current.stripe_status } : null,
    cards: methods?.payment_methods ?? [],
    manage,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: subscribeFormSchema, error: issueToKey });
  if (submission.status !== "success") return data(submission.reply(), { status: 422 });
  const { api, session, locale } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const value = submission.value;
  try {
    const answer = await api.billing.subscribe(business.uuid, {
      plan_identifier: value.plan_identifier,
      payment_method_id: chosenCard(value),
      coupon_id: value.coupon_id,
    });
    // The status machine may have moved the business on; "/" lets the guard send it where it belongs.
    return redirectWithToast("/", { kind: "success", message: answer.message }, { session });
  } catch (error) {
    const refusal = apiRefusal(error);
    // The API names the card `payment_method_id`; a card typed in is the other field here.
    const typed = !value.payment_method_id || value.payment_method_id === NEW_CARD;
    if (typed && refusal.errors.payment_method_id) {
      refusal.errors.new_payment_method = refusal.errors.payment_method_id;
      delete refusal.errors.payment_method_id;
    }
    const t = getI18n(context).getFixedT(locale);
    return data(replyWithApiError(submission, refusal, { fields: FIELDS, message: refusalMessage(refusal, "billing.subscribeFailed", t) }), { status: refusal.status });
  }
}

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  const locale = i18n.language;
  const lastResult = useActionData<typeof action>();
  const { plans, cards, business, trialAvailable, active, current, manage } = loaderData;
  const defaultCard = cards.find((c) => c.is_default)?.id ?? cards[0]?.id;
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { plan_identifier: plans[0]?.plan_identifier, payment_method_id: defaultCard ?? NEW_CARD },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: subscribeFormSchema, error: issueToKey }),
    shouldRevalidate: "onInput",
  });

  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t("subscribe.title")} · Tarifa`}</title>
      <h1 className="mb-1 text-2xl font-semibold">{t("subscribe.heading")}</h1>
      <p className="mb-6 text-slate-700">{t("subscribe.intro", { name: business.name })}</p>

      {active ? (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
          <p className="mb-3">{t("subscribe.alreadyActive", { plan: current?.name ?? "" })}</p>
          <Link to="/account-settings/subscriptions" className={buttonClass()}>
            {t("subscribe.manage")}
          </Link>
        </div>
      ) : !manage ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {t("subscribe.ownerOnly")}
        </p>
      ) : (
        <AppForm {...getFormProps(form)} action={PAGE} className="space-y-6">
          <FormErrors id={form.errorId} errors={form.errors} />

          <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold">{t("subscribe.plan")}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {plans.map((plan) => {
                const days = trialLength(plan.trial_days, DEFAULT_TRIAL_DAYS);
                const price = business.interval === "year" ? plan.price_yearly_cents : plan.price_monthly_cents;
                const id = `${fields.plan_identifier.id}-${plan.plan_identifier}`;
                return (
                  <label key={plan.plan_identifier} htmlFor={id} className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                    {/* Named by the plan's name alone; the rest of the card describes it. */}
                    <input
                      {...getInputProps(fields.plan_identifier, { type: "radio", value: plan.plan_identifier })}
                      id={id}
                      aria-labelledby={`${id}-name`}
                      aria-describedby={`${id}-details`}
                      className="mt-1"
                    />
                    <span>
                      <span id={`${id}-name`} className="block font-semibold">
                        {plan.name}
                      </span>
                      <span id={`${id}-details`} className="block text-sm text-slate-700">
                        {plan.description}
                      </span>
                      <span className="mt-1 block text-sm font-medium">
                        {t(business.interval === "year" ? "price.perYear" : "price.perMonth", { price: formatMoney(price, locale, plan.currency, { whole: true }) })}
                      </span>
                      {trialAvailable && days > 0 ? <span className="mt-1 block text-sm text-emerald-800">{t("subscribe.trialBadge", { count: days })}</span> : null}
                      {plan.includes_channel === 1 ? <span className="mt-1 block text-sm text-slate-600">{t("subscribe.includesChannel")}</span> : null}
                    </span>
                  </label>
                );
              })}
            </div>
            <FieldErrors id={fields.plan_identifier.errorId} errors={fields.plan_identifier.errors} />
            <p className="mt-3 text-sm text-slate-700">{trialAvailable ? t("subscribe.trialNotice", { count: trialDays(plans) }) : t("subscribe.noTrial")}</p>
          </fieldset>

          <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold">{t("subscribe.payment")}</legend>
            {cards.length ? (
              <div className="mb-3 space-y-2">
                {cards.map((card) => {
                  const id = `${fields.payment_method_id.id}-${card.id}`;
                  return (
                    <label key={card.id} htmlFor={id} className="flex items-center gap-2">
                      <input {...getInputProps(fields.payment_method_id, { type: "radio", value: card.id })} id={id} />
                      <CardLabel card={card} />
                    </label>
                  );
                })}
                <label htmlFor={`${fields.payment_method_id.id}-new`} className="flex items-center gap-2">
                  <input {...getInputProps(fields.payment_method_id, { type: "radio", value: NEW_CARD })} id={`${fields.payment_method_id.id}-new`} />
                  {t("cards.useNew")}
                </label>
                <FieldErrors id={fields.payment_method_id.errorId} errors={fields.payment_method_id.errors} />
              </div>
            ) : null}
            <TextField field={fields.new_payment_method} label={t("cards.newCard")} autoComplete="off" hint={t("cards.testHint")} />
            <TestCardHint />
          </fieldset>

          <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold">{t("subscribe.couponLegend")}</legend>
            <TextField field={fields.coupon_id} label={t("subscribe.coupon")} autoComplete="off" />
          </fieldset>

          <SubmitButton pendingLabel={t("subscribe.pending")}>{trialAvailable ? t("subscribe.submitTrial") : t("subscribe.submit")}</SubmitButton>
          {current && !active ? <p className="text-sm text-slate-600">{t("subscribe.lapsed", { plan: current.name })}</p> : null}
        </AppForm>
      )}
    </div>
  );
}
