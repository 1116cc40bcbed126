import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link, useActionData } from "react-router";
import { PAYMENT_KINDS } from "#domain/ledger/kinds";
import { centsToInput, formatMoney } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { formatDate } from "#app/lib/format-date";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { extraForm, paymentForm } from "./schemas";
import type { FolioActionData, FolioData } from "./types";
import { RowButton } from "./ui";

/** A reservation's extras and payments, its balance, and the forms to add to them (post/redirect/get). */
export function ReservationFolio({ folio, items, pointsOfSale, accounts }: FolioData) {
  const { t, i18n } = useTranslation("ledger");
  const locale = i18n.language;
  const money = (cents: number) => formatMoney(cents, locale, folio.currency);
  const page = `/bookings/${folio.reservation_uuid}`;
  const actionData = (useActionData() as FolioActionData | undefined)?.folio;
  const { balance } = folio;
  const [extra, extraFields] = useForm({
    id: "folio-extra",
    lastResult: actionData?.extra,
    defaultValue: { quantity: "1" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: extraForm, error: issueToKey }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [payment, paymentFields] = useForm({
    id: "folio-payment",
    lastResult: actionData?.payment,
    defaultValue: {
      kind: folio.payments.length ? "balance" : "deposit",
      amount: balance.balance > 0 ? centsToInput(balance.balance, locale) : "",
      received_on: folio.today,
      account_uuid: accounts.length === 1 ? accounts[0].uuid : "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: paymentForm, error: issueToKey }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const owed = balance.balance > 0 ? t("folio.balance") : balance.balance < 0 ? t("folio.credit") : t("folio.settled");
  return (
    <section aria-labelledby="folio-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="folio-heading" className="mb-3 text-lg font-semibold">
        {t("folio.heading")}
      </h2>
      <FormErrors id="folio-error" errors={actionData?.error ? [actionData.error] : undefined} />
      <dl className="mb-4 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
        {(
          [
            [t("folio.stay"), balance.stay],
            [t("folio.extras"), balance.extras],
            [t("folio.payments"), -balance.paid],
            [t("folio.refunds"), balance.refunded],
          ] as const
        ).map(([label, cents]) => (
          <div key={label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="tabular-nums">{cents < 0 ? `−${money(-cents)}` : money(cents)}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{owed}</dt>
          <dd data-testid="folio-balance" className="text-lg font-semibold tabular-nums">
            {money(Math.abs(balance.balance))}
          </dd>
        </div>
      </dl>

      <div className="grid gap-6 2xl:grid-cols-2">
        <div>
          <h3 className="mb-2 font-semibold">{t("folio.extras")}</h3>
          {folio.extras.length === 0 ? (
            <p className="text-sm text-slate-700">{t("folio.noExtras")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {folio.extras.map((e) => (
                <li key={e.uuid} className="flex items-center gap-2 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{e.description}</p>
                    <p className="text-slate-700">
                      {t("folio.line", { quantity: e.quantity, price: money(e.unit_price) })}
                      {e.point_of_sale ? ` · ${t("folio.at", { place: e.point_of_sale.name })}` : ""}
                    </p>
                  </div>
                  <span className="tabular-nums">{money(e.total)}</span>
                  <RowButton action={page} uuid={e.uuid} intent="remove_extra" variant="secondary" label={t("folio.removeExtraLabel", { description: e.description })}>
                    {t("folio.remove")}
                  </RowButton>
                </li>
              ))}
            </ul>
          )}
          <h4 className="mb-2 mt-4 text-sm font-semibold">{t("folio.addExtra")}</h4>
          {items.length === 0 ? (
            <p className="text-sm text-slate-700">
              {t("folio.needItems")}{" "}
              <Link to="/pms-settings/items" className={buttonClass("link")}>
                {t("folio.setUp")}
              </Link>
            </p>
          ) : (
            <AppForm {...getFormProps(extra)} action={page} className="space-y-3">
              <FormErrors id={extra.errorId} errors={extra.errors} />
              <SelectField field={extraFields.item_uuid} label={t("folio.item")} placeholder={t("folio.pickItem")} options={items.map((i) => ({ value: i.uuid, label: `${i.name} · ${money(i.price)}` }))} required />
              <div className="grid grid-cols-2 gap-3">
                <TextField field={extraFields.quantity} label={t("folio.quantity")} type="number" min={1} max={1000} required />
                <SelectField field={extraFields.point_of_sale_uuid} label={t("folio.pointOfSale")} placeholder={t("folio.noPointOfSale")} options={pointsOfSale.map((p) => ({ value: p.uuid, label: p.name }))} />
              </div>
              <SubmitButton name="intent" value="add_extra" pendingLabel={t("common.saving")}>
                {t("folio.addExtraButton")}
              </SubmitButton>
            </AppForm>
          )}
        </div>

        <div>
          <h3 className="mb-2 font-semibold">{t("folio.payments")}</h3>
          {folio.payments.length === 0 ? (
            <p className="text-sm text-slate-700">{t("folio.noPayments")}</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {folio.payments.map((p) => (
                <li key={p.uuid} className="flex items-center gap-2 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{t(`paymentKind.${p.kind}`)}</p>
                    <p className="text-slate-700">
                      {formatDate(p.received_on, locale)} · {p.account.name}
                      {p.notes ? ` · ${p.notes}` : ""}
                    </p>
                  </div>
                  <span className="tabular-nums">{p.kind === "refund" ? `−${money(p.amount)}` : money(p.amount)}</span>
                  <RowButton action={page} uuid={p.uuid} intent="remove_payment" variant="secondary" label={t("folio.removePaymentLabel", { amount: money(p.amount) })}>
                    {t("folio.remove")}
                  </RowButton>
                </li>
              ))}
            </ul>
          )}
          <h4 className="mb-2 mt-4 text-sm font-semibold">{t("folio.addPayment")}</h4>
          {accounts.length === 0 ? (
            <p className="text-sm text-slate-700">
              {t("folio.needAccounts")}{" "}
              <Link to="/pms-settings/accounts" className={buttonClass("link")}>
                {t("folio.setUp")}
              </Link>
            </p>
          ) : (
            <AppForm {...getFormProps(payment)} action={page} className="space-y-3">
              <FormErrors id={payment.errorId} errors={payment.errors} />
              <div className="grid gap-3 sm:grid-cols-2">
                <SelectField field={paymentFields.kind} label={t("folio.kind")} options={PAYMENT_KINDS.map((k) => ({ value: k, label: t(`paymentKind.${k}`) }))} required />
                <TextField field={paymentFields.amount} label={t("folio.amount")} inputMode="decimal" required />
                <SelectField field={paymentFields.account_uuid} label={t("folio.account")} placeholder={t("folio.pickAccount")} options={accounts.map((a) => ({ value: a.uuid, label: a.name }))} required />
                <TextField field={paymentFields.received_on} label={t("folio.receivedOn")} type="date" required />
              </div>
              <TextField field={paymentFields.notes} label={t("folio.notes")} maxLength={500} />
              <SubmitButton name="intent" value="add_payment" pendingLabel={t("common.saving")}>
                {t("folio.addPaymentButton")}
              </SubmitButton>
            </AppForm>
          )}
        </div>
      </div>
    </section>
  );
}
