import { ownValue } from "#domain/lookup.ts";
/**
 * A business's time zone decides its "today" and its month boundaries. It is a field of the
 * business (IANA name, editable with the business's details); a new business gets the zone of
 * its country and state unless it names one. These are the defaults by place.
 */

/** Brazil first (the product starts there); also the zone of a business whose place says nothing more. */
export const FALLBACK_TIME_ZONE = "America/Sao_Paulo";

/** Brazil's states (IBGE two-letter codes) by legal time zone. */
const BRAZIL_STATE_ZONES: Record<string, string> = {
  AC: "America/Rio_Branco",
  AM: "America/Manaus",
  RR: "America/Boa_Vista",
  RO: "America/Porto_Velho",
  MT: "America/Cuiaba",
  MS: "America/Campo_Grande",
  PA: "America/Belem",
  AP: "America/Belem",
  TO: "America/Araguaina",
  MA: "America/Fortaleza",
  PI: "America/Fortaleza",
  CE: "America/Fortaleza",
  RN: "America/Fortaleza",
  PB: "America/Fortaleza",
  PE: "America/Recife",
  AL: "America/Maceio",
  SE: "America/Maceio",
  BA: "America/Bahia",
  GO: "America/Sao_Paulo",
  DF: "America/Sao_Paulo",
  MG: "America/Sao_Paulo",
  ES: "America/Sao_Paulo",
  RJ: "America/Sao_Paulo",
  SP: "America/Sao_Paulo",
  PR: "America/Sao_Paulo",
  SC: "America/Sao_Paulo",
  RS: "America/Sao_Paulo",
};

/** Brazil's state names as people type them, to their codes (accents and case ignored). */
const BRAZIL_STATE_NAMES: Record<string, string> = {
  acre: "AC", amazonas: "AM", roraima: "RR", rondonia: "RO", "mato grosso": "MT", "mato grosso do sul": "MS",
  para: "PA", amapa: "AP", tocantins: "TO", maranhao: "MA", piaui: "PI", ceara: "CE", "rio grande do norte": "RN",
  paraiba: "PB", pernambuco: "PE", alagoas: "AL", sergipe: "SE", bahia: "BA", goias: "GO", "distrito federal": "DF",
  "minas gerais": "MG", "espirito santo": "ES", "rio de janeiro": "RJ", "sao paulo": "SP", parana: "PR",
  "santa catarina": "SC", "rio grande do sul": "RS",
};

/** The zone of the capital (or the most populous zone) of each country the forms offer. */
const COUNTRY_ZONES: Record<string, string> = {
  BR: FALLBACK_TIME_ZONE,
  AR: "America/Argentina/Buenos_Aires",
  BO: "America/La_Paz",
  CA: "America/Toronto",
  CL: "America/Santiago",
  CO: "America/Bogota",
  EC: "America/Guayaquil",
  ES: "Europe/Madrid",
  FR: "Europe/Paris",
  IT: "Europe/Rome",
  MX: "America/Mexico_City",
  PE: "America/Lima",
  PT: "Europe/Lisbon",
  PY: "America/Asuncion",
  US: "America/New_York",
  UY: "America/Montevideo",
  VE: "America/Caracas",
};

function plain(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();
}

/** The default zone for a business in `country` (ISO alpha-2) and `state` (code or name, optional). */
export function defaultTimeZone(country: string | null | undefined, state?: string | null): string {
  const code = (country ?? "").trim().toUpperCase();
  if (code === "BR" && state) {
    const key = plain(state);
    const stateCode = key.length === 2 ? key.toUpperCase() : ownValue(BRAZIL_STATE_NAMES, key);
    const zone = stateCode ? ownValue(BRAZIL_STATE_ZONES, stateCode) : undefined;
    if (zone) return zone;
  }
  return ownValue(COUNTRY_ZONES, code) ?? FALLBACK_TIME_ZONE;
}

/** Whether `value` is an IANA zone this runtime knows (or UTC). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || !value) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.includes("/") || value === "UTC";
  } catch {
    return false;
  }
}

/** The zone a business's dates are read in: its own field, else the default for its place. */
export function businessTimeZone(business: object | null | undefined): string {
  const { timezone, country, state } = (business ?? {}) as { timezone?: unknown; country?: unknown; state?: unknown };
  if (isTimeZone(timezone)) return timezone;
  return defaultTimeZone(typeof country === "string" ? country : null, typeof state === "string" ? state : null);
}

/** Every zone offered in the business form (the runtime's list; the current value kept if missing). */
export function timeZoneChoices(current?: string | null): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [FALLBACK_TIME_ZONE];
  const list = zones.includes("UTC") ? [...zones] : [...zones, "UTC"];
  if (current && isTimeZone(current) && !list.includes(current)) list.push(current);
  return list.sort();
}
