import type { FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "../ui/field";

/** What Conform remembers for a field (the server's echo after a refused post, or the defaults). */
function initialList(field: FieldMetadata<unknown>): string[] {
  const value = field.initialValue as unknown;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" && value !== "" ? [value] : [];
}

const describedBy = (field: FieldMetadata<unknown>, hintId?: string) =>
  [field.errors ? field.errorId : null, hintId ?? null].filter(Boolean).join(" ") || undefined;

/** A labelled <select>; works the same with JavaScript off. */
export function SelectField({
  field,
  label,
  options,
  hint,
  required,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  options: { value: string; label: string }[];
  hint?: string;
  required?: boolean;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={initialList(field)[0] ?? ""}
        required={required}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 focus:border-brand-500"
      >
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

/** Several boxes under one name (roles, features): the browser sends every ticked value. */
export function CheckboxGroup({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<unknown>;
  legend: string;
  options: { value: string; label: string; hint?: string }[];
}) {
  const chosen = initialList(field);
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {options.map((o) => {
          const id = `${field.id}-${o.value}`;
          return (
            <div key={o.value} className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                name={field.name}
                value={o.value}
                defaultChecked={chosen.includes(o.value)}
                aria-describedby={o.hint ? `${id}-hint` : undefined}
                className="mt-1 h-4 w-4 accent-brand-600"
              />
              <div>
                <label htmlFor={id} className="text-sm text-slate-800">
                  {o.label}
                </label>
                {o.hint ? (
                  <p id={`${id}-hint`} className="text-sm text-slate-600">
                    {o.hint}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
