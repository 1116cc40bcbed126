/** Countries offered in the forms (Brazil first: the product starts there); names come from Intl. */
export const COUNTRY_CODES = ["BR", "AR", "BO", "CA", "CL", "CO", "EC", "ES", "FR", "IT", "MX", "PE", "PT", "PY", "US", "UY", "VE"] as const;

export function countryOptions(locale: string, current?: string | null): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
  } catch {
    names = null;
  }
  const codes: string[] = [...COUNTRY_CODES];
  if (current && !codes.includes(current)) codes.push(current);
  const label = (code: string) => names?.of(code) ?? code;
  const [first, ...rest] = codes;
  return [first, ...rest.sort((a, b) => label(a).localeCompare(label(b), locale))].map((code) => ({ value: code, label: label(code) }));
}
