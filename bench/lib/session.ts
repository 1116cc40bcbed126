/**
 * Signs in through the web's own form (CSRF token included) and lands on the page it sends to, as
 * a browser does; returns the Cookie header the browser then sends (the landing page's cookies
 * included: the one saying it holds the stylesheet, ADR 0056).
 */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...value] = pair.split("=");
      jar.set(name.trim(), value.join("="));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const page = await fetch(`${baseUrl}/login`);
  keep(page);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!csrf) throw new Error("no CSRF token on /login");
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: new URLSearchParams({ csrf: decodeEntities(csrf), email, password }),
  });
  keep(res);
  if (res.status !== 302 || !jar.has("__session")) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  const landed = await fetch(new URL(res.headers.get("location")!, baseUrl), { headers: { cookie: cookie() }, redirect: "manual" });
  keep(landed);
  await landed.arrayBuffer();
  return cookie();
}

/** The same browser on its first visit, before it holds the stylesheet (its documents carry their styles inline). */
export function withoutStylesheet(cookie: string): string {
  return cookie.split("; ").filter((c) => !c.startsWith("stylesheet=")).join("; ");
}

function decodeEntities(s: string): string {
  return s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

export async function apiToken(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`API sign-in failed for ${email}: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}
