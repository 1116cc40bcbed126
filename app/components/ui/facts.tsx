/** A row of labelled facts (dl) for detail pages. */
export function Facts({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-col">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{term}</dt>
          <dd className="text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
