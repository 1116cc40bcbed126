import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { ACCOUNT_KINDS } from "#domain/ledger/kinds";
import { formatMoney } from "#domain/money";
import { issueToKey } from "#domain/validation";
import { editingFrom, ledgerBusiness, listAndFormAction, withoutUuid } from "#app/routes/pms-settings/ledger.server";
import { accountForm } from "#app/components/ledger/schemas";
import { ActiveBadge, Empty, LedgerPage, ListAndForm, Panel, RowActions, FormButtons } from "#app/components/ledger/ui";
import { AppForm } from "#app/components/ui/app-form";
import { CheckboxField, FormErrors, SelectField, TextField } from "#app/components/ui/field";
import { guard } from "#app/lib/guard.server";
import { getRequestState } from "#app/lib/request-context.server";
import type { Route } from "./+types/accounts";

export const handle = { permission: "user.pms-settings" } as const;
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

const PAGE = "/pms-settings/accounts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const business = ledgerBusiness(context);
  const { api } = getRequestState(context);
  const accounts = await api.ledger.accounts.list(business.uuid);
  return { accounts, currency: business.currency, editing: editingFrom(request, accounts) };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  listAndFormAction({ request, context, page: PAGE, rows: (api) => api.ledger.accounts, schema: accountForm, payload: withoutUuid, fields: ["name", "kind", "active"] });

export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("ledger");
  const { accounts, currency, editing } = loaderData;
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: editing ? `account-${editing.uuid}` : "account-new",
    lastResult: actionData?.result ?? undefined,
    defaultValue: editing ? { name: editing.name, kind: editing.kind, active: editing.active ? "on" : "" } : { kind: "cash", active: "on" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountForm, error: issueToKey }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <LedgerPage title={t("accounts.title")} intro={t("accounts.intro")} error={actionData?.error}>
      <ListAndForm
        list={
          <Panel id="accounts-heading" heading={t("accounts.list")}>
            {accounts.length === 0 ? (
              <Empty>{t("accounts.empty")}</Empty>
            ) : (
              <ul className="divide-y divide-slate-100">
                {accounts.map((a) => (
                  <li key={a.uuid} className="flex flex-wrap items-center gap-3 py-3 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium">
                        {a.name} <ActiveBadge active={a.active} />
                      </p>
                      <p className="text-slate-700">
                        {t(`accountKind.${a.kind}`)} · {t("accounts.balance")}: <span className="tabular-nums">{formatMoney(a.balance, i18n.language, currency)}</span>
                      </p>
                    </div>
                    <RowActions page={PAGE} uuid={a.uuid} name={a.name} />
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        }
        form={
          <Panel id="account-form-heading" heading={editing ? t("accounts.editing") : t("accounts.new")}>
            <AppForm {...getFormProps(form)} action={editing ? `${PAGE}?edit=${editing.uuid}` : PAGE} className="space-y-4">
              <FormErrors id={form.errorId} errors={form.errors} />
              {editing ? <input type="hidden" name="uuid" value={editing.uuid} /> : null}
              <TextField field={fields.name} label={t("common.name")} required maxLength={80} />
              <SelectField field={fields.kind} label={t("accounts.kind")} options={ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`accountKind.${k}`) }))} required />
              <CheckboxField field={fields.active} label={t("common.active")} hint={t("accounts.activeHint")} />
              <FormButtons page={PAGE} editing={!!editing} />
            </AppForm>
          </Panel>
        }
      />
    </LedgerPage>
  );
}
