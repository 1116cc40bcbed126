import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { decodeMessage } from "#domain/validation-messages";

/**
 * Messages are either keys of the `validation` namespace (client-side and action-side Zod
 * checks) or final texts already translated by the API; both show the same way.
 */
export function useMessage() {
  const { t, i18n } = useTranslation();
  return (message: string) => {
    const { key, values } = decodeMessage(message);
    return i18n.exists(key, { ns: "validation" }) ? t(key, { ns: "validation", ...values }) : message;
  };
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const message = useMessage();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{message(e)}</li>
      ))}
    </ul>
  );
}

/**
 * A file input with its label and errors (an upload form sent as multipart/form-data, outside
 * Conform's field metadata: the errors come from the action).
 */
export function FileField({ id, label, accept, errors, required }: { id: string; label: string; accept: string; errors?: string[]; required?: boolean }) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name="file"
        type="file"
        required={required}
        accept={accept}
        className="mt-1 block w-full text-sm"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** The look of every text box, select and text area. */
const control =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm aria-[invalid=true]:border-red-600 focus:border-brand-500";

/** The ids a control is described by: its errors (when there are some) and its hint. */
function describedBy(field: FieldMetadata<unknown>, hintId?: string) {
  return [field.errors ? field.errorId : null, hintId ?? null].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null;
}

type InputType = "text" | "email" | "password" | "number" | "date" | "time" | "tel" | "url" | "color" | "search";

export function TextField({
  field,
  label,
  type = "text",
  hint,
  className = control,
  ...rest
}: {
  field: FieldMetadata<unknown>;
  label: string;
  type?: InputType;
  hint?: string;
  /** The control's classes (e.g. a small swatch for type="color"). */
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">) {
  const hintId = `${field.id}-hint`;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(field as FieldMetadata<string>, { type })}
        {...rest}
        aria-describedby={describedBy(field, hint ? hintId : undefined)}
        className={className}
      />
      <Hint id={hintId} hint={hint} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled <select> bound to a Conform field; `placeholder` adds an empty first option. */
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
  const { key, ...props } = getSelectProps(field as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select key={key} {...props} {...rest} aria-describedby={describedBy(field, hint ? hintId : undefined)} className={control}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={hintId} hint={hint} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextAreaField({ field, label, rows = 3 }: { field: FieldMetadata<unknown>; label: string; rows?: number }) {
  const { key, ...props } = getTextareaProps(field as FieldMetadata<string>);
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea key={key} {...props} rows={rows} className={control} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const message = useMessage();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{message(e)}</p>
      ))}
    </div>
  );
}

/** One labelled checkbox bound to a Conform boolean field (a form sends nothing when it is unticked), with an optional hint. */
export function CheckboxField({ field, label, hint }: { field: FieldMetadata<unknown>; label: string; hint?: string }) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, field.errors ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={field.id}
          name={field.name}
          type="checkbox"
          defaultChecked={field.initialValue === "on"}
          aria-describedby={describedBy}
          className="mt-1 h-4 w-4 accent-brand-600"
        />
        <div>
          <label htmlFor={field.id} className="text-sm text-slate-800">
            {label}
          </label>
          {hint ? (
            <p id={hintId} className="text-sm text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
