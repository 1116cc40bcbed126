import { useTranslation } from "react-i18next";
import { data, Link, useActionData, useLoaderData } from "react-router";
import type { z } from "zod";
import {
  addAddonSchema,
  addPaymentMethodSchema,
  changePlanSchema,
  paymentMethodIdSchema,
  removeAddonSchema,
  resumeSchema,
  unsubscribeSchema,
} from "#domain/schemas/billing";
import { formatMoney } from "#domain/money";
import { businessTimeZone } from "#domain/business/timezone";
import { currentPlan } from "#domain/subscription/state";
import { canManageBilling, refusalMessage, type BillingAnswer } from "#app/lib/billing.server";
import { issueToKey } from "#domain/validation";
import { CardLabel, TestCardHint } from "#app/components/billing/cards";
import { formatDay, statusKey } from "#app/components/billing/format";
import type { BusinessPlan, CatalogPlan, ChangePreview } from "#app/components/billing/types";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import type { ApiClient } from "#app/lib/api.server";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import { getI18n } from "#app/lib/i18n.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/settings.subscriptions";
import { apiRefusal } from "#app/lib/api-reply.server";
import { requireSelectedBusiness } from "#app/lib/business.server";

/** Reachable whatever the subscription's state: this is where a lapsed plan is resumed. */
export const handle: RouteHandle = { skipSubscribedMiddleware: true };

export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/account-settings/subscriptions";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const manage = canManageBilling(business, user!.roles);
  const url = new URL(request.url);
  const [catalog, subscription, methods, invoices] = await Promise.all([
    api.billing.plans(),
    api.billing.subscription(business.uuid),
    manage ? api.billing.paymentMethods(business.uuid) : Promise.resolve(null),
    manage ? api.billing.invoices(business.uuid) : Promise.resolve([]),
  ]);
  const current = (currentPlan(subscription.plans) as BusinessPlan | undefined) ?? null;
  const live = current && isLive(current.stripe_status) ? current : null;
  const previewTo = url.searchParams.get("preview");
  const preview = manage && live && previewTo && previewTo !== live.plan_identifier ? await loadPreview(api, business.uuid, previewTo) : null;
  return {
    manage,
    timeZone: businessTimeZone(business),
    required: url.searchParams.get("required"),
    catalog,
    current,
    live: !!live,
    addOns: catalog.filter((p) => p.is_add_on).map((plan) => ({ plan, subscription: subscription.plans.find((s) => s.plan_identifier === plan.plan_identifier) ?? null })),
    otherPlans: catalog.filter((p) => !p.is_add_on && p.plan_identifier !== current?.plan_identifier),
    cards: methods?.payment_methods ?? [],
    invoices,
    preview,
  };
}

async function loadPreview(api: ApiClient, businessUuid: string, to: string): Promise<ChangePreview | null> {
  try {
    return api.billing.changePreview(businessUuid, to);
  } catch (error) {
    apiRefusal(error);
    return null;
  }
}

function isLive(status: string | null | undefined): boolean {
  return status === "trialing" || status === "active" || status === "past_due";
}

type Intent = "addon-add" | "addon-remove" | "resume" | "cancel" | "change-plan" | "card-add" | "card-default" | "card-remove";

/** One form's call: its fields checked by the API's own schema, then sent through the billing area. */
interface Call<S extends z.ZodType = z.ZodType> {
  schema: S;
  input: (form: FormData) => Record<string, unknown>;
  send: (billing: ApiClient["billing"], businessUuid: string, body: z.output<S>) => Promise<BillingAnswer>;
  /** The spec's store message (section 8) when the server gives none. */
  fallback: string;
}

/** A call with its schema and its sending typed together. */
const call = <S extends z.ZodType>(c: Call<S>) => c as unknown as Call;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

const CALLS: Record<Intent, Call> = {
  "addon-add": call({
    schema: addAddonSchema,
    input: (f) => ({ addon_plan_identifier: text(f, "plan_identifier") }),
    send: (billing, id, body) => billing.addAddon(id, body),
    fallback: "billing.addAddonFailed",
  }),
  "addon-remove": call({
    schema: removeAddonSchema,
    input: (f) => ({ plan_identifier: text(f, "plan_identifier"), cancellation_reason: text(f, "cancellation_reason") }),
    send: (billing, id, body) => billing.removeAddon(id, body),
    fallback: "billing.removeAddonFailed",
  }),
  resume: call({
    schema: resumeSchema,
    input: (f) => ({ plan_identifier: text(f, "plan_identifier") }),
    send: (billing, id, body) => billing.resume(id, body),
    fallback: "billing.resumeFailed",
  }),
  cancel: call({
    schema: unsubscribeSchema,
    input: (f) => ({ plan_identifier: text(f, "plan_identifier"), immediately: text(f, "when") === "now", cancellation_reason: text(f, "cancellation_reason") }),
    send: (billing, id, body) => billing.unsubscribe(id, body),
    fallback: "billing.cancelFailed",
  }),
  "change-plan": call({
    schema: changePlanSchema,
    // A browser sends a ticked box only; the box is ticked by default.
    input: (f) => ({ from_plan_identifier: text(f, "from_plan_identifier"), to_plan_identifier: text(f, "to_plan_identifier"), prorate: f.get("prorate") === "on" }),
    send: (billing, id, body) => billing.changePlan(id, body),
    fallback: "billing.changePlanFailed",
  }),
  "card-add": call({
    schema: addPaymentMethodSchema,
    input: (f) => ({ payment_method_id: text(f, "payment_method_id"), set_as_default: f.get("set_as_default") === "on" }),
    send: (billing, id, body) => billing.addCard(id, body),
    fallback: "billing.addPaymentMethodFailed",
  }),
  "card-default": call({
    schema: paymentMethodIdSchema,
    input: (f) => ({ payment_method_id: text(f, "payment_method_id") }),
    send: (billing, id, body) => billing.setDefaultCard(id, body),
    fallback: "billing.setDefaultFailed",
  }),
  "card-remove": call({
    schema: paymentMethodIdSchema,
    input: (f) => ({ payment_method_id: text(f, "payment_method_id") }),
    send: (billing, id, body) => billing.removeCard(id, body),
    fallback: "billing.removePaymentMethodFailed",
  }),
};

/** Every form on the page posts here with an `intent`; success redirects back with the API's message. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = text(form, "intent") as Intent | undefined;
  const chosen = intent ? CALLS[intent] : undefined;
  if (!intent || !chosen) return data({ intent: null, message: null, errors: {} as Record<string, string[]> }, { status: 400 });
  const { api, session, locale } = getRequestState(context);
  const business = requireSelectedBusiness(context);
  const t = getI18n(context).getFixedT(locale);
  const parsed = chosen.schema.safeParse(chosen.input(form), { error: issueToKey });
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[issue.path.join(".")] ??= []).push(t(issue.message, { ns: "validation" }));
    return data({ intent, message: t("validation.invalid", { ns: "validation" }), errors }, { status: 422 });
  }
  try {
    const answer = await chosen.send(api.billing, business.uuid, parsed.data);
    return redirectWithToast(PAGE, { kind: "success", message: answer.message }, { session });
  } catch (error) {
    const refusal = apiRefusal(error);
    return data({ intent, message: refusalMessage(refusal, chosen.fallback, t), errors: refusal.errors }, { status: refusal.status });
  }
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const { manage, required, catalog, current, live, addOns, otherPlans, cards, invoices, preview } = loaderData;
  const requiredPlan = required ? catalog.find((p) => p.plan_identifier === required) : null;
  return (
    <>
      <title>{`${t("page.title")} · Tarifa`}</title>
      <h2 className="mb-4 text-lg font-semibold">{t("page.heading")}</h2>
      {required ? (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {requiredPlan ? t("page.requiredPlan", { plan: requiredPlan.name }) : t("page.requiredFeature")}
        </p>
      ) : null}
      {!manage ? <p className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">{t("page.ownerOnly")}</p> : null}

      <CurrentPlan current={current} live={live} manage={manage} />
      {manage && live && current && current.stripe_status !== "past_due" ? <ChangePlan current={current} plans={otherPlans} preview={preview} /> : null}
      <AddOns addOns={addOns} manage={manage} baseLive={live} />
      {manage ? <PaymentMethods cards={cards} /> : null}
      {manage ? <Invoices invoices={invoices} /> : null}
    </>
  );
}

/** The refusal of the last post, shown in the section that sent it. */
function Refusal({ intents }: { intents: Intent[] }) {
  const result = useActionData<typeof action>();
  if (!result?.intent || !intents.includes(result.intent) || !result.message) return null;
  const details = Object.values(result.errors ?? {}).flat();
  return (
    <div role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p>{result.message}</p>
      {details.map((d) => (
        <p key={d}>{d}</p>
      ))}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6 border-t border-slate-200 pt-4 first-of-type:border-t-0 first-of-type:pt-0">
      <h3 id={id} className="mb-3 font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function StatusBadge({ plan }: { plan: BusinessPlan }) {
  const { t } = useTranslation("billing");
  const tone =
    plan.stripe_status === "active" || plan.stripe_status === "trialing"
      ? "bg-emerald-100 text-emerald-900"
      : plan.stripe_status === "past_due"
        ? "bg-amber-100 text-amber-900"
        : "bg-slate-200 text-slate-800";
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(statusKey(plan.stripe_status))}</span>;
}

/** What happens next to a plan, in one sentence. */
function PlanTimeline({ plan }: { plan: BusinessPlan }) {
  const { t, i18n } = useTranslation("billing");
  const { timeZone } = useLoaderData<typeof loader>();
  const day = (iso: string | null) => formatDay(iso, i18n.language, timeZone);
  if (plan.stripe_status === "canceled") return <>{t("timeline.canceled", { date: day(plan.canceled_at) })}</>;
  if (plan.cancel_at_period_end) return <>{t("timeline.ends", { date: day(plan.current_period_end) })}</>;
  if (plan.stripe_status === "trialing") return <>{t("timeline.trial", { date: day(plan.trial_end ?? plan.current_period_end) })}</>;
  if (plan.stripe_status === "past_due") return <>{t("timeline.pastDue")}</>;
  return <>{t("timeline.renews", { date: day(plan.current_period_end) })}</>;
}

function price(plan: BusinessPlan, t: (key: string, values: Record<string, unknown>) => string, locale: string) {
  return t(plan.interval === "year" ? "price.perYear" : "price.perMonth", { price: formatMoney(plan.price_cents, locale, plan.currency, { whole: true }) });
}

function CurrentPlan({ current, live, manage }: { current: BusinessPlan | null; live: boolean; manage: boolean }) {
  const { t, i18n } = useTranslation("billing");
  return (
    <Section id="current-plan" title={t("current.heading")}>
      <Refusal intents={["cancel", "resume"]} />
      {!current ? (
        <div>
          <p className="mb-3 text-slate-700">{t("current.none")}</p>
          <Link to="/subscribe" className={buttonClass()}>
            {t("current.choose")}
          </Link>
        </div>
      ) : (
        <div className="rounded-md border border-slate-200 p-4">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-lg font-semibold">{current.name}</span>
            <StatusBadge plan={current} />
          </p>
          <p className="mt-1 text-sm text-slate-700">{price(current, t, i18n.language)}</p>
          <p className="mt-1 text-sm text-slate-700">
            <PlanTimeline plan={current} />
          </p>
          {current.coupon ? <p className="mt-1 text-sm text-slate-700">{t("current.coupon", { code: current.coupon.id })}</p> : null}
          {manage ? (
            <div className="mt-4">
              {live && current.cancel_at_period_end ? (
                <ResumeForm plan={current} />
              ) : live ? (
                <CancelForm plan={current} />
              ) : (
                <div className="flex flex-wrap gap-3">
                  <ResumeForm plan={current} />
                  <Link to="/subscribe" className={buttonClass("secondary")}>
                    {t("current.choose")}
                  </Link>
                </div>
              )}
            </div>
          ) : null}
        </div>
      )}
    </Section>
  );
}

function ResumeForm({ plan }: { plan: BusinessPlan }) {
  const { t } = useTranslation("billing");
  return (
    <AppForm action={PAGE}>
      <input type="hidden" name="plan_identifier" value={plan.plan_identifier} />
      <SubmitButton name="intent" value="resume" pendingLabel={t("pending")}>
        {t("actions.resume", { plan: plan.name })}
      </SubmitButton>
    </AppForm>
  );
}

function CancelForm({ plan }: { plan: BusinessPlan }) {
  const { t } = useTranslation("billing");
  const result = useActionData<typeof action>();
  return (
    <details open={result?.intent === "cancel"} className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer font-medium text-red-800">{t("cancel.open", { plan: plan.name })}</summary>
      <AppForm action={PAGE} className="mt-3 space-y-3">
        <input type="hidden" name="plan_identifier" value={plan.plan_identifier} />
        <fieldset>
          <legend className="text-sm font-medium">{t("cancel.when")}</legend>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="when" value="period_end" defaultChecked />
            {t(plan.stripe_status === "trialing" ? "cancel.atTrialEnd" : "cancel.atPeriodEnd")}
          </label>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="when" value="now" />
            {t("cancel.now")}
          </label>
        </fieldset>
        <div>
          <label htmlFor="cancel-reason" className="block text-sm font-medium">
            {t("cancel.reason")}
          </label>
          <textarea id="cancel-reason" name="cancellation_reason" rows={2} maxLength={1000} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base" />
        </div>
        <SubmitButton name="intent" value="cancel" variant="danger" pendingLabel={t("pending")}>
          {t("cancel.submit")}
        </SubmitButton>
      </AppForm>
    </details>
  );
}

function ChangePlan({ current, plans, preview }: { current: BusinessPlan; plans: CatalogPlan[]; preview: ChangePreview | null }) {
  const { t, i18n } = useTranslation("billing");
  const money = (cents: number) => formatMoney(cents, i18n.language, current.currency, { whole: true });
  const target = preview ? plans.find((p) => p.plan_identifier === preview.to_plan_identifier) : null;
  if (!plans.length) return null;
  return (
    <Section id="change-plan" title={t("change.heading")}>
      <Refusal intents={["change-plan"]} />
      <ul className="mb-3 space-y-2">
        {plans.map((plan) => (
          <li key={plan.plan_identifier} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
            <span>
              <span className="font-medium">{plan.name}</span>{" "}
              <span className="text-sm text-slate-700">
                {t(current.interval === "year" ? "price.perYear" : "price.perMonth", {
                  price: money(current.interval === "year" ? plan.price_yearly_cents : plan.price_monthly_cents),
                })}
              </span>
            </span>
            <Link to={`${PAGE}?preview=${encodeURIComponent(plan.plan_identifier)}#change-plan`} className={buttonClass("secondary")}>
              {t("change.preview", { plan: plan.name })}
            </Link>
          </li>
        ))}
      </ul>
      {preview && target ? (
        <div className="rounded-md border border-brand-200 bg-brand-50 p-4" aria-live="polite">
          <h4 className="mb-2 font-semibold">{t("change.previewHeading", { from: current.name, to: target.name })}</h4>
          {preview.trialing ? (
            <p className="text-sm">{t("change.trialing")}</p>
          ) : (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt>{t("change.daysLeft")}</dt>
              <dd className="text-right">{t("change.days", { left: preview.remaining_days, total: preview.total_days })}</dd>
              <dt>{t("change.credit", { plan: current.name })}</dt>
              <dd className="text-right">−{money(preview.credit_cents)}</dd>
              <dt>{t("change.charge", { plan: target.name })}</dt>
              <dd className="text-right">{money(preview.charge_cents)}</dd>
              <dt className="font-semibold">{t("change.dueNow")}</dt>
              <dd className="text-right font-semibold">{money(preview.due_now_cents)}</dd>
              {preview.credit_after_cents > 0 ? (
                <>
                  <dt>{t("change.creditAfter")}</dt>
                  <dd className="text-right">{money(preview.credit_after_cents)}</dd>
                </>
              ) : null}
              <dt>{t("change.nextPrice")}</dt>
              <dd className="text-right">{money(preview.next_price_cents)}</dd>
            </dl>
          )}
          <AppForm action={PAGE} className="mt-3 space-y-3">
            <input type="hidden" name="from_plan_identifier" value={current.plan_identifier} />
            <input type="hidden" name="to_plan_identifier" value={target.plan_identifier} />
            {!preview.trialing ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="prorate" defaultChecked />
                {t("change.prorate")}
              </label>
            ) : (
              <input type="hidden" name="prorate" value="on" />
            )}
            <SubmitButton name="intent" value="change-plan" pendingLabel={t("pending")}>
              {t("change.confirm", { plan: target.name })}
            </SubmitButton>
          </AppForm>
        </div>
      ) : null}
    </Section>
  );
}

function AddOns({ addOns, manage, baseLive }: { addOns: { plan: CatalogPlan; subscription: BusinessPlan | null }[]; manage: boolean; baseLive: boolean }) {
  const { t, i18n } = useTranslation("billing");
  return (
    <Section id="add-ons" title={t("addons.heading")}>
      <Refusal intents={["addon-add", "addon-remove"]} />
      {!baseLive ? <p className="mb-3 text-sm text-slate-700">{t("addons.needsPlan")}</p> : null}
      <ul className="space-y-2">
        {addOns.map(({ plan, subscription }) => {
          const live = subscription && isLive(subscription.stripe_status);
          return (
            <li key={plan.plan_identifier} className="rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{plan.name}</span>
                {subscription ? <StatusBadge plan={subscription} /> : null}
                <span className="text-sm text-slate-700">{t("price.perMonth", { price: formatMoney(plan.price_monthly_cents, i18n.language, plan.currency, { whole: true }) })}</span>
              </div>
              <p className="text-sm text-slate-700">{plan.description}</p>
              {subscription && live ? (
                <p className="text-sm text-slate-700">
                  <PlanTimeline plan={subscription} />
                </p>
              ) : null}
              {manage ? (
                <div className="mt-2">
                  {live && subscription.cancel_at_period_end ? (
                    <ResumeForm plan={subscription} />
                  ) : live ? (
                    <AppForm action={PAGE} className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="plan_identifier" value={plan.plan_identifier} />
                      <div>
                        <label htmlFor={`reason-${plan.plan_identifier}`} className="block text-sm">
                          {t("addons.reason")}
                        </label>
                        <input id={`reason-${plan.plan_identifier}`} name="cancellation_reason" maxLength={255} className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-base" />
                      </div>
                      <SubmitButton name="intent" value="addon-remove" variant="secondary" pendingLabel={t("pending")}>
                        {t("addons.remove", { plan: plan.name })}
                      </SubmitButton>
                    </AppForm>
                  ) : baseLive ? (
                    <AppForm action={PAGE}>
                      <input type="hidden" name="plan_identifier" value={plan.plan_identifier} />
                      <SubmitButton name="intent" value="addon-add" pendingLabel={t("pending")}>
                        {t("addons.add", { plan: plan.name })}
                      </SubmitButton>
                    </AppForm>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function PaymentMethods({ cards }: { cards: Route.ComponentProps["loaderData"]["cards"] }) {
  const { t } = useTranslation("billing");
  return (
    <Section id="payment-methods" title={t("cards.heading")}>
      <Refusal intents={["card-add", "card-default", "card-remove"]} />
      {cards.length === 0 ? <p className="mb-3 text-sm text-slate-700">{t("cards.none")}</p> : null}
      <ul className="mb-4 space-y-2">
        {cards.map((card) => (
          <li key={card.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3">
            <CardLabel card={card} />
            <span className="flex gap-2">
              {!card.is_default ? (
                <AppForm action={PAGE}>
                  <input type="hidden" name="payment_method_id" value={card.id} />
                  <SubmitButton name="intent" value="card-default" variant="secondary" aria-label={t("cards.makeDefaultLabel", { last4: card.last4 })}>
                    {t("cards.makeDefault")}
                  </SubmitButton>
                </AppForm>
              ) : null}
              <AppForm action={PAGE}>
                <input type="hidden" name="payment_method_id" value={card.id} />
                <SubmitButton name="intent" value="card-remove" variant="secondary" aria-label={t("cards.removeLabel", { last4: card.last4 })}>
                  {t("cards.remove")}
                </SubmitButton>
              </AppForm>
            </span>
          </li>
        ))}
      </ul>
      <AppForm action={PAGE} className="space-y-2 rounded-md border border-slate-200 p-3">
        <label htmlFor="new-card" className="block text-sm font-medium">
          {t("cards.newCard")}
        </label>
        <input id="new-card" name="payment_method_id" autoComplete="off" required aria-describedby="new-card-hint" className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base" />
        <p id="new-card-hint" className="text-sm text-slate-600">
          {t("cards.testHint")}
        </p>
        <TestCardHint />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="set_as_default" defaultChecked />
          {t("cards.setAsDefault")}
        </label>
        <SubmitButton name="intent" value="card-add" pendingLabel={t("pending")}>
          {t("cards.add")}
        </SubmitButton>
      </AppForm>
    </Section>
  );
}

type Invoice = Route.ComponentProps["loaderData"]["invoices"][number];

function Invoices({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation("billing");
  const { timeZone } = useLoaderData<typeof loader>();
  const notice = invoices.find((i) => i.notice)?.notice;
  return (
    <Section id="invoices" title={t("invoices.heading")}>
      {notice ? <p className="mb-2 rounded-md bg-slate-100 p-2 text-sm text-slate-800">{notice}</p> : null}
      {invoices.length === 0 ? (
        <p className="text-sm text-slate-700">{t("invoices.none")}</p>
      ) : (
        <DataTable
          caption={t("invoices.heading")}
          columns={[
            { header: t("invoices.number"), className: "font-mono", cell: (invoice: Invoice) => invoice.number },
            { header: t("invoices.date"), cell: (invoice: Invoice) => formatDay(invoice.created_at, i18n.language, timeZone) },
            {
              header: t("invoices.total"),
              figure: true,
              cell: (invoice: Invoice) => (
                <>
                  {formatMoney(invoice.total_cents, i18n.language, invoice.currency, { whole: true })}
                  {invoice.discount_cents > 0 ? (
                    <span className="block text-xs text-slate-600">{t("invoices.discount", { amount: formatMoney(invoice.discount_cents, i18n.language, invoice.currency, { whole: true }) })}</span>
                  ) : null}
                </>
              ),
            },
            {
              header: t("invoices.status"),
              cell: (invoice: Invoice) => (
                <>
                  {t(`invoices.statuses.${invoice.status}`)}
                  {invoice.failure_message ? <span className="block text-xs text-red-800">{invoice.failure_message}</span> : null}
                </>
              ),
            },
          ]}
          rows={invoices}
          rowKey={(invoice) => String(invoice.id)}
          rowClassName={() => "align-top"}
        />
      )}
    </Section>
  );
}
