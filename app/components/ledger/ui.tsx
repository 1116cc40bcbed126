import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AppForm } from "#app/components/ui/app-form";
import { buttonClass, SubmitButton } from "#app/components/ui/button";
import { FormErrors } from "#app/components/ui/field";
import { PmsSettingsNav } from "#app/components/pms-settings/nav";

/** A ledger settings page: title, the PMS settings navigation, heading, intro and a refusal on top. */
export function LedgerPage({ title, intro, error, children }: { title: string; intro?: string; error?: string | null; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl">
      <title>{`${title} · Tarifa`}</title>
      <PmsSettingsNav />
      <h1 className="mb-1 text-2xl font-semibold">{title}</h1>
      {intro ? <p className="mb-4 max-w-3xl text-sm text-slate-700">{intro}</p> : null}
      <FormErrors id="ledger-page-error" errors={error ? [error] : undefined} />
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** A list beside its form (stacked on phones). */
export function ListAndForm({ list, form }: { list: React.ReactNode; form: React.ReactNode }) {
  return <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">{list}{form}</div>;
}

export function Panel({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-700">{children}</p>;
}

/** Active or inactive in words (colour only helps). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation("ledger");
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${active ? "bg-emerald-50 text-emerald-900 ring-emerald-300" : "bg-slate-100 text-slate-700 ring-slate-300"}`}>
      {active ? t("common.active") : t("common.inactive")}
    </span>
  );
}

/** A small post form with one button that sends `intent` and the row's `uuid`. */
export function RowButton({
  action,
  uuid,
  intent = "delete",
  label,
  children,
  variant = "danger",
  extra,
}: {
  action: string;
  uuid: string;
  intent?: string;
  label: string;
  children: React.ReactNode;
  variant?: "danger" | "secondary" | "primary";
  extra?: Record<string, string>;
}) {
  return (
    <AppForm action={action}>
      <input type="hidden" name="uuid" value={uuid} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton name="intent" value={intent} variant={variant} aria-label={label}>
        {children}
      </SubmitButton>
    </AppForm>
  );
}

/** Edit (a link to ?edit=) and delete buttons of a list row. */
export function RowActions({ page, uuid, name }: { page: string; uuid: string; name: string }) {
  const { t } = useTranslation("ledger");
  return (
    <>
      <Link to={`${page}?edit=${uuid}`} className={buttonClass("secondary")} aria-label={t("common.editLabel", { name })}>
        {t("common.edit")}
      </Link>
      <RowButton action={page} uuid={uuid} label={t("common.deleteLabel", { name })}>
        {t("common.delete")}
      </RowButton>
    </>
  );
}

/** Save (and, while editing, cancel back to the list) under a form. */
export function FormButtons({ page, editing, intent = "save" }: { page: string; editing: boolean; intent?: string }) {
  const { t } = useTranslation("ledger");
  return (
    <div className="flex gap-3">
      <SubmitButton name="intent" value={intent} pendingLabel={t("common.saving")}>
        {editing ? t("common.saveChanges") : t("common.save")}
      </SubmitButton>
      {editing ? (
        <Link to={page} className={buttonClass("secondary")}>
          {t("common.cancel")}
        </Link>
      ) : null}
    </div>
  );
}
