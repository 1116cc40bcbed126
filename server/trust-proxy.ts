/**
 * TRUST_PROXY as Express's "trust proxy" setting: which proxies' X-Forwarded-For is believed
 * (the rightmost addresses those proxies added are skipped; the next one is the client's).
 * "false" believes none, "true" every hop (only behind a proxy that overwrites the header), a
 * number that many hops, anything else a comma-separated list of addresses, CIDR subnets or
 * the names loopback, linklocal and uniquelocal.
 */
export function trustProxySetting(value: string): boolean | number | string[] {
  const v = value.trim();
  if (v === "false") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
