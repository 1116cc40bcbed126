import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "./field";

/** What Conform remembers for a field (the server's echo after a refused post, or the defaults). */
function initialList(field: FieldMetadata<unknown>): string[] {
  const value = field.initialValue as unknown;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" && value !== "" ? [value] : [];
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

/**
 * A group of radio buttons or checkboxes in a fieldset, each option a card with a title and an
 * optional description and icon.
 */
export function ChoiceGroup({
  field,
  legend,
  type,
  options,
  columns = 2,
  required,
}: {
  field: FieldMetadata<unknown>;
  legend: string;
  type: "radio" | "checkbox";
  options: { value: string; label: string; description?: string; icon?: React.ReactNode }[];
  columns?: 1 | 2 | 3;
  required?: boolean;
}) {
  const inputs = getCollectionProps(field as FieldMetadata<string[] | string>, {
    type,
    options: options.map((o) => o.value),
  });
  const grid = columns === 3 ? "sm:grid-cols-3" : columns === 2 ? "sm:grid-cols-2" : "";
  return (
    <fieldset aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${grid}`}>
        {options.map((option, index) => {
          const { key, ...props } = inputs[index];
          const descriptionId = option.description ? `${props.id}-description` : undefined;
          return (
            <label
              key={key}
              htmlFor={props.id}
              className="flex cursor-pointer gap-3 rounded-md border border-slate-300 bg-white p-3 hover:border-brand-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
            >
              <input {...props} required={type === "radio" ? required || props.required : props.required} aria-describedby={descriptionId} aria-invalid={undefined} className="mt-1 accent-brand-600" />
              {option.icon ? (
                <span aria-hidden="true" className="text-2xl leading-none">
                  {option.icon}
                </span>
              ) : null}
              <span>
                <span className="block text-sm font-semibold text-slate-900">{option.label}</span>
                {option.description ? (
                  <span id={descriptionId} className="block text-sm text-slate-600">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
