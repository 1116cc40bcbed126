/**
 * Whether a form holds input its page did not load with: a field whose value, checked state or
 * selection differs from its default. Hidden fields and buttons do not count.
 */
export function formHasUnsavedInput(form: HTMLFormElement): boolean {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (["hidden", "submit", "button", "reset", "image"].includes(element.type)) continue;
      if (element.type === "checkbox" || element.type === "radio") {
        if (element.checked !== element.defaultChecked) return true;
      } else if (element.type === "file") {
        if (element.files?.length) return true;
      } else if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      const options = Array.from(element.options);
      // With no option marked `selected` in the markup the browser shows the first one.
      const defaults = options.some((o) => o.defaultSelected) ? options.map((o) => o.defaultSelected) : options.map((_, i) => i === 0 && !element.multiple);
      if (options.some((o, i) => o.selected !== defaults[i])) return true;
    }
  }
  return false;
}

export function pageHasUnsavedInput(doc: Document): boolean {
  return Array.from(doc.forms).some(formHasUnsavedInput);
}
