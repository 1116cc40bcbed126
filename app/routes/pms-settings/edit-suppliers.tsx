import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useActionData } from "react-router";
import { formatMoney } from "#domain/money";
import { isUuid } from "#domain/text/sanitize";
import { issueToKey } from "#domain/validation";
import { orNotFound } from "#app/lib/not-found.server";
import { ApiError, ledgerBusiness, refusal } from "#app/routes/pms-settings/ledger.server";
import { businessToday } from "#app/lib/business.server";
import { expenseForm, expensePayload, supplierForm } from "#app/components/ledger/schemas";
import { Empty, LedgerPage, Panel, RowButton } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/ui/field";
import { formatDate } from "#app/lib/format-date";
import { guard, notFoundUnless } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import { redirectWithToast } from "#app/lib/toast.server";
import type { Route } from "./+types/edit-suppliers";
import { replyWithApiError } from "#app/lib/api-reply.server";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const LIST = "/pms-settings/suppliers";
const pageOf = (id: string) => `/pms-settings/edit-suppliers/${id}`;
const SUPPLIER_FIELDS = ["name", "tax_id", "contact_name", "email", "phone", "notes"];

/** /pms-settings/edit-suppliers (a new supplier) and /pms-settings/edit-suppliers/{id} (its details and expenses). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const today = businessToday(context);
  if (!params.id) return { supplier: null, expenses: [], accounts: [], currency: business.currency, today };
  notFoundUnless(isUuid(params.id));
  const [supplier, expenses, accounts] = await Promise.all([
    orNotFound(api.ledger.supplier(business.uuid, params.id)),
    api.ledger.expenses(business.uuid, params.id),
    api.ledger.accountsWhere(business.uuid, { active: "1" }),
  ]);
  return { supplier, expenses, accounts, currency: business.currency, today };
}

type ActionData = { supplier?: SubmissionResult<string[]>; expense?: SubmissionResult<string[]>; error?: string | null };

export async function action({ request, context, params }: Route.ActionArgs) {
  const business = ledgerBusiness(context);
  const { api, session } = getRequestState(context);
  if (params.id !== undefined) notFoundUnless(isUuid(params.id));
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (params.id && intent === "delete_expense") {
    const id = String(formData.get("uuid") ?? "");
    if (!isUuid(id)) return data<ActionData>({ error: "validation.uuid" }, { status: 422 });
    try {
      await api.ledger.deleteExpense(business.uuid, params.id, id);
    } catch (error) {
      return refusal(error);
    }
    return redirectWithToast(pageOf(params.id), { kind: "success", message: "ledger:toast.expenseRemoved" }, { session });
  }
  if (params.id && intent === "add_expense") {
    const submission = parseWithZod(formData, { schema: expenseForm, error: issueToKey });
    if (submission.status !== "success") return data<ActionData>({ expense: submission.reply() }, { status: 422 });
    try {
      await api.ledger.addExpense(business.uuid, params.id, expensePayload(submission.value));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return data<ActionData>({ expense: replyWithApiError(submission, error, { fields: ["account_uuid", "amount", "spent_on", "description"] }) }, { status: error.status });
    }
    return redirectWithToast(pageOf(params.id), { kind: "success", message: "ledger:toast.expenseAdded" }, { session });
  }
  const submission = parseWithZod(formData, { schema: supplierForm, error: issueToKey });
  if (submission.status !== "success") return data<ActionData>({ supplier: submission.reply() }, { status: 422 });
  try {
    if (params.id) await api.ledger.suppliers.update(business.uuid, params.id, submission.value);
    else {
      const { supplier } = await api.ledger.suppliers.create(business.uuid, submission.value);
      return redirectWithToast(pageOf(supplier.uuid), { kind: "success", message: "ledger:toast.created" }, { session });
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data<ActionData>({ supplier: replyWithApiError(submission, error, { fields: SUPPLIER_FIELDS }) }, { status: error.status });
  }
  return redirectWithToast(pageOf(params.id), { kind: "success", message: "ledger:toast.saved" }, { session });
}

export default function EditSupplier({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("ledger");
  const { supplier, expenses, accounts, currency, today } = loaderData;
  const locale = i18n.language;
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const page = supplier ? pageOf(supplier.uuid) : "/pms-settings/edit-suppliers";
  const [form, fields] = useForm({
    id: supplier ? `supplier-${supplier.uuid}` : "supplier-new",
    lastResult: actionData?.supplier,
    defaultValue: supplier
      ? { name: supplier.name, tax_id: supplier.tax_id_formatted ?? "", contact_name: supplier.contact_name ?? "", email: supplier.email ?? "", phone: supplier.phone ?? "", notes: supplier.notes ?? "" }
      : {},
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supplierForm, error: issueToKey }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [expense, expenseFields] = useForm({
    id: "expense-new",
    lastResult: actionData?.expense,
    defaultValue: { account_uuid: accounts.length === 1 ? accounts[0].uuid : "", spent_on: today },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: expenseForm, error: issueToKey }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const title = supplier ? t("suppliers.editTitle", { name: supplier.name }) : t("suppliers.newTitle");
  return (
    <LedgerPage title={title} error={actionData?.error}>
      <p className="mb-4">
        <Link to={LIST} className={buttonClass("link")}>
          {t("suppliers.back")}
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="supplier-heading" heading={t("suppliers.details")}>
          <AppForm {...getFormProps(form)} action={page} className="space-y-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField field={fields.name} label={t("common.name")} required maxLength={120} />
            <TextField field={fields.tax_id} label={t("suppliers.taxId")} hint={t("suppliers.taxIdHint")} maxLength={30} />
            <TextField field={fields.contact_name} label={t("suppliers.contactName")} maxLength={120} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField field={fields.email} label={t("suppliers.email")} type="email" maxLength={255} />
              <TextField field={fields.phone} label={t("suppliers.phone")} type="tel" maxLength={40} />
            </div>
            <TextAreaField field={fields.notes} label={t("suppliers.notes")} rows={2} />
            <SubmitButton name="intent" value="save" pendingLabel={t("common.saving")}>
              {supplier ? t("common.saveChanges") : t("common.save")}
            </SubmitButton>
          </AppForm>
        </Panel>
        {supplier ? (
          <Panel id="expenses-heading" heading={t("suppliers.expenses")}>
            <p className="mb-3 text-sm text-slate-800">
              {t("suppliers.total")}: <span className="font-semibold tabular-nums">{formatMoney(supplier.expenses_total, locale, currency)}</span>
            </p>
            {expenses.length === 0 ? (
              <Empty>{t("suppliers.noExpenses")}</Empty>
            ) : (
              <ul className="mb-4 divide-y divide-slate-100">
                {expenses.map((e) => (
                  <li key={e.uuid} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">{e.description}</p>
                      <p className="text-slate-700">
                        {formatDate(e.spent_on, locale)} · {e.account.name}
                      </p>
                    </div>
                    <span className="tabular-nums">{formatMoney(e.amount, locale, currency)}</span>
                    <RowButton action={page} uuid={e.uuid} intent="delete_expense" variant="secondary" label={t("suppliers.deleteExpenseLabel", { description: e.description })}>
                      {t("common.delete")}
                    </RowButton>
                  </li>
                ))}
              </ul>
            )}
            <h3 className="mb-2 mt-4 font-semibold">{t("suppliers.addExpense")}</h3>
            {accounts.length === 0 ? (
              <p className="text-sm text-slate-700">
                {t("suppliers.needAccount")}{" "}
                <Link to="/pms-settings/accounts" className={buttonClass("link")}>
                  {t("nav.accounts")}
                </Link>
              </p>
            ) : (
              <AppForm {...getFormProps(expense)} action={page} className="space-y-4">
                <FormErrors id={expense.errorId} errors={expense.errors} />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField field={expenseFields.amount} label={t("suppliers.amount")} inputMode="decimal" required />
                  <TextField field={expenseFields.spent_on} label={t("suppliers.spentOn")} type="date" required />
                </div>
                <SelectField field={expenseFields.account_uuid} label={t("suppliers.account")} placeholder={t("suppliers.pickAccount")} options={accounts.map((a) => ({ value: a.uuid, label: a.name }))} required />
                <TextField field={expenseFields.description} label={t("suppliers.description")} required maxLength={500} />
                <SubmitButton name="intent" value="add_expense" pendingLabel={t("common.saving")}>
                  {t("suppliers.addExpense")}
                </SubmitButton>
              </AppForm>
            )}
          </Panel>
        ) : null}
      </div>
    </LedgerPage>
  );
}
