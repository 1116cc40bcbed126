import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { BrainPreviewJson } from "#contract/brain";
import { formatMoney } from "#domain/money";
import { SubmitButton } from "#app/components/ui/button";
import { DataTable } from "#app/components/ui/data-table";
import { formatDate } from "#app/lib/format-date";

/**
 * The what-if of settings not saved (issue 27, point 3) — the brain's settings on /recommendations,
 * the price settings on their own pages: the next 90 nights' expected revenue and occupancy now and
 * after, how sure that is, and the nights whose price would change.
 */
/** The price settings' forms' second button: their action answers the what-if of the form as typed instead of saving. */
export function WhatIfButton() {
  const { t } = useTranslation("pricing");
  return (
    <SubmitButton name="what_if" value="1" variant="secondary">
      {t("brain.whatIf.preview")}
    </SubmitButton>
  );
}

/** Nights of the comparison listed; the totals cover them all. */
const WHAT_IF_ROWS = 31;

/** Where the price response came from, in words. */
const WHY_TEXT = { quotes: "brain.whatIf.fromQuotes", history: "brain.whatIf.fromHistory", unclear: "brain.whatIf.fromUnclear", prior: "brain.whatIf.fromPrior" } as const;

/** The what-if: totals now and after, how sure they are, and the nights whose price would change. */
export function WhatIf({ preview, categories, currency }: { preview: BrainPreviewJson; categories: readonly { uuid: string; name: string }[]; currency: string }) {
  const { t, i18n } = useTranslation("pricing");
  const headingId = useId();
  const locale = i18n.language;
  const money = (cents: number) => formatMoney(cents, locale, currency);
  const names = new Map(categories.map((c) => [c.uuid, c.name]));
  const r = preview.price_response;
  const fewer = (e: number) => Math.round((1 - 1.1 ** e) * 100);
  const changed = preview.nights.filter((n) => n.price_after !== n.price_before);
  type Night = (typeof changed)[number];
  const number = (x: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(x);
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm" data-testid="what-if">
      <h3 id={headingId} className="font-semibold">
        {t("brain.whatIf.title")}
      </h3>
      <p>
        {t("brain.whatIf.summary", {
          before: money(preview.totals.revenue_before),
          after: money(preview.totals.revenue_after),
          low: money(preview.totals.revenue_after_low),
          high: money(preview.totals.revenue_after_high),
          occupancyBefore: number(preview.totals.occupancy_before),
          occupancyAfter: number(preview.totals.occupancy_after),
        })}
      </p>
      <p className="text-slate-700">
        {t(WHY_TEXT[r.source], { count: r.samples, percent: fewer(r.elasticity), low: fewer(r.high), high: fewer(r.low) })}
        {/* At the middle estimate (ε = −1) revenue is the same at any price: said, so equal totals do not read as "no effect". */}
        {r.elasticity === -1 && changed.length > 0 ? ` ${t("brain.whatIf.unitElasticity")}` : null}
      </p>
      {changed.length === 0 ? (
        <p>{t("brain.whatIf.nothingChanges")}</p>
      ) : (
        <>
          <DataTable
            caption={t("brain.whatIf.tableCaption")}
            boxed
            className="min-w-[40rem]"
            columns={[
              { header: t("brain.whatIf.night"), cell: (n: Night) => formatDate(n.night, locale) },
              { header: t("brain.whatIf.category"), cell: (n: Night) => names.get(n.room_category_uuid) ?? "" },
              { header: t("brain.whatIf.price"), className: "tabular-nums", cell: (n: Night) => `${money(n.price_before)} → ${money(n.price_after)}` },
              { header: t("brain.whatIf.occupancy"), className: "tabular-nums", cell: (n: Night) => `${number(n.occupancy_before)} % → ${number(n.occupancy_after)} %` },
              { header: t("brain.whatIf.revenue"), className: "tabular-nums", cell: (n: Night) => `${money(n.revenue_before)} → ${money(n.revenue_after)}` },
            ]}
            rows={changed.slice(0, WHAT_IF_ROWS)}
            rowKey={(n) => `${n.night}-${n.room_category_uuid}`}
          />
          {changed.length > WHAT_IF_ROWS ? <p className="mt-1">{t("brain.whatIf.more", { count: changed.length - WHAT_IF_ROWS })}</p> : null}
        </>
      )}
      <p className="font-medium">{t("brain.whatIf.notSaved")}</p>
    </section>
  );
}

