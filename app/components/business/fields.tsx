import { getCollectionProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "../ui/field";

const control =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 focus:border-brand-500";

/** A labelled <select> bound to a Conform field. */
export function SelectField({
  field,
  label,
  options,
  hint,
  placeholder,
  ...rest
}: {
  field: FieldMetadata<unknown>;
  label: string;
  options: { value: string; label: string }[];
  hint?: string;
  placeholder?: string;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name" | "id" | "defaultValue" | "form">) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...getSelectProps(field as FieldMetadata<string>)}
        {...rest}
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
