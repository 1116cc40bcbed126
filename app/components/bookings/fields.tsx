import { getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "../ui/field";

const control =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 focus:border-brand-500";

export function SelectField({
  field,
  label,
  options,
  placeholder,
  hint,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  options: { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
}) {
  const hintId = `${field.id}-hint`;
  const props = getSelectProps(field as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...props}
        key={props.key}
        aria-describedby={[field.errors ? field.errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined}
        className={control}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ field, label, rows = 3 }: { field: FieldMetadata<unknown>; label: string; rows?: number }) {
  const props = getTextareaProps(field as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea {...props} key={props.key} rows={rows} className={control} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

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
