import { useServerValue } from "./server-value";

/** config.ts's default for SUPPORT_EMAIL; the last resort when nothing better is known. */
export const DEFAULT_SUPPORT_EMAIL = "suporte@tarifa.app";

export const SUPPORT_LINK_ID = "error-support-email";

/**
 * On the server, the same value config.ts reads (SUPPORT_EMAIL, empty meaning the default; the
 * server refused to start if it was malformed). Dead code in the browser bundle.
 */
export function serverSupportEmail(): string | undefined {
  if (!import.meta.env.SSR) return undefined;
  return process.env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
}

function fromMailto(href: string): string | undefined {
  const address = href.startsWith("mailto:") ? href.slice("mailto:".length) : "";
  return address.includes("@") ? address : undefined;
}

/**
 * The support address for the help box. Normally the root loader's `supportEmail`. When the root
 * loader's data is missing (the root middleware or loader itself failed), the server render reads
 * the environment directly and the browser reads the address back from that server-rendered
 * mailto link during hydration; a client-side navigation that lost the root data falls back to
 * the configured default.
 */
export function useSupportEmail(fromRootLoader: string | undefined): string {
  const fallback = useServerValue(SUPPORT_LINK_ID, "href", fromMailto, () => serverSupportEmail() ?? DEFAULT_SUPPORT_EMAIL);
  return fromRootLoader || fallback;
}
