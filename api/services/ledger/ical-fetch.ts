import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Fetches another site's calendar for an iCal import: http(s) only, at most 2 MB, 15 s, three
 * redirects. Unless private hosts are allowed (development and tests, ICAL_PRIVATE_HOSTS), an
 * address that resolves to loopback, a private network or link-local is refused, so an import
 * URL cannot make the server read its own network (169.254.169.254, localhost admin ports…).
 * Failures are IcalFetchError with a translation key the import records as its sync error.
 */

export const MAX_CALENDAR_BYTES = 2 * 1024 * 1024;
/** Each calendar's own time-out (a poll job fetches one calendar). */
export const CALENDAR_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export class IcalFetchError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv6");

function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateRanges.check(mapped, "ipv4");
  return privateRanges.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

async function assertPublicHost(url: URL) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw new IcalFetchError("ledger:ical.error.network");
    }
  }
  if (addresses.some(isPrivateAddress)) throw new IcalFetchError("ledger:ical.error.privateHost");
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_CALENDAR_BYTES) throw new IcalFetchError("ledger:ical.error.tooLarge");
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_CALENDAR_BYTES) {
      await reader.cancel();
      throw new IcalFetchError("ledger:ical.error.tooLarge");
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export async function fetchCalendar(address: string, options: { allowPrivateHosts: boolean; timeoutMs?: number }): Promise<string> {
  let url = new URL(address);
  const signal = AbortSignal.timeout(options.timeoutMs ?? CALENDAR_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new IcalFetchError("ledger:ical.error.scheme");
      if (!options.allowPrivateHosts) await assertPublicHost(url);
      const response = await fetch(url, { redirect: "manual", signal, headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "Tarifa iCal import" } });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new IcalFetchError("ledger:ical.error.redirects");
        url = new URL(location, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new IcalFetchError("ledger:ical.error.http", { status: response.status });
      }
      return await readLimited(response);
    }
  } catch (error) {
    if (error instanceof IcalFetchError) throw error;
    if (signal.aborted) throw new IcalFetchError("ledger:ical.error.timeout");
    throw new IcalFetchError("ledger:ical.error.network");
  }
}
