import { Form } from "react-router";
import { buttonClass } from "./button";

/** A one-box search that reloads `action` with the query in the address (GET), with or without JavaScript. */
export function SearchForm({
  action,
  id,
  name,
  defaultValue,
  label,
  placeholder,
  submitLabel,
}: {
  action: string;
  id: string;
  name: string;
  defaultValue?: string;
  label: string;
  placeholder?: string;
  submitLabel: string;
}) {
  return (
    <Form method="get" action={action} role="search" className="mb-4 flex flex-wrap items-end gap-2">
      <div className="flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name={name}
          defaultValue={defaultValue}
          placeholder={placeholder}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
        />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        {submitLabel}
      </button>
    </Form>
  );
}
