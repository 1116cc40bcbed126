import type { ReactNode } from "react";
import { Link } from "react-router";

/** A dashboard card: a heading, its figures, and a link to the page that explains them. */
export function Card({ id, title, href, linkLabel, children, className = "" }: { id: string; title: string; href: string; linkLabel: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`flex flex-col rounded-lg border border-slate-200 bg-white p-4 ${className}`} data-card={id}>
      <h2 id={`${id}-title`} className="mb-2 text-base font-semibold">
        {title}
      </h2>
      <div className="flex-1">{children}</div>
      <Link to={href} className="mt-3 text-sm text-brand-700 underline">
        {linkLabel}
      </Link>
    </section>
  );
}

/** Labelled figures inside a card. */
export function Figures({ items }: { items: { label: string; value: ReactNode; hint?: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
      {items.map((i) => (
        <div key={i.label}>
          <dt className="text-xs text-slate-600">{i.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{i.value}</dd>
          {i.hint ? <dd className="text-xs text-slate-600">{i.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Progress towards a goal: a bar with its value in words (the bar never carries the number alone). */
export function Progress({ label, ratio, text }: { label: string; ratio: number | null; text: string }) {
  const width = ratio === null ? 0 : Math.max(0, Math.min(1, ratio)) * 100;
  return (
    <div className="mt-1">
      <div className="flex justify-between gap-2 text-xs text-slate-700">
        <span>{label}</span>
        <span className="tabular-nums">{text}</span>
      </div>
      <div className="mt-1 h-2 w-full rounded bg-slate-200" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(width)} aria-valuetext={text}>
        <div className={`h-2 rounded ${ratio !== null && ratio >= 1 ? "bg-emerald-600" : "bg-brand-600"}`} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}
