/** The page policy (docs/security.md): the rest of the headers are the server's (server/security-headers.ts). */

/** Inline scripts only with the response's nonce; styles keep 'unsafe-inline' (React style attributes, nivo). */
export function pageContentSecurityPolicy(
  nonce: string,
  { upgradeInsecureRequests, devServer }: { upgradeInsecureRequests: boolean; devServer: boolean },
): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Vite's dev server pushes module updates over a WebSocket.
    devServer ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (upgradeInsecureRequests) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
