import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as checkEmail from "#app/routes/auth/check-email.tsx";
import * as devMailboxMessage from "#app/routes/dev/mailbox-message.tsx";
import * as devMailbox from "#app/routes/dev/mailbox.tsx";
import * as guestLayout from "#app/routes/shell/guest-layout.tsx";
import * as publicLayout from "#app/routes/shell/public-layout.tsx";
import * as register from "#app/routes/auth/register.tsx";
import * as verifyEmail from "#app/routes/auth/verify-email.tsx";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";
import { newestMail } from "#tests/helpers/dev-mailbox.ts";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const pub = { layouts: [publicLayout] };
const PASSWORD = "pousada-azul-2026";

async function registered(email: string): Promise<Browser> {
  const browser = h.browser();
  const sent = await browser.post(
    "/register",
    register,
    { name: "Rui", surname: "Viajante", email, password: PASSWORD, password_confirmation: PASSWORD },
    { layouts: [guestLayout] },
  );
  expect(sent.status).toBe(302);
  return browser;
}

function verifyCall(link: string) {
  const url = new URL(link, "http://localhost");
  const [, , id, hash] = url.pathname.split("/");
  return { path: url.pathname + url.search, params: { id, hash } };
}

describe("the development mailbox", () => {
  it("lists the outbox (filtered by recipient) and shows an e-mail with its app links as paths", async () => {
    await registered("rui@example.com");
    const mail = await newestMail(h, "rui@example.com");
    expect(mail.message.to).toBe("rui@example.com");
    // The test configuration's APP_URL is http://localhost:3000: its links become paths.
    const verify = mail.links.find((l) => l.startsWith("/verify-email/"));
    expect(verify).toMatch(/^\/verify-email\/[0-9a-f-]{36}\/[0-9a-f]+\?expires=\d+&signature=/);
  });

  it("is a 404 for an unknown message", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const page = await h.browser().get(`/dev/mailbox/${id}`, devMailboxMessage, { ...pub, params: { id } });
    expect(page.status).toBe(404);
  });

  it("is a 404 when the API has no mailbox (an SMTP server is configured)", async () => {
    h.t.config.devMailbox = false;
    try {
      const page = await h.browser().get("/dev/mailbox", devMailbox, pub);
      expect(page.status).toBe(404);
    } finally {
      h.t.config.devMailbox = true;
    }
  });
});

describe("/check-email and /verify-email/:id/:hash", () => {
  it("verifies the address from the e-mail's link, signed in or not", async () => {
    const browser = await registered("ana.v@example.com");
    const before = await browser.get("/check-email", checkEmail, pub);
    expect(before.data).toEqual({ email: "ana.v@example.com", verified: false, resent: false });

    const { links } = await newestMail(h, "ana.v@example.com");
    const { path, params } = verifyCall(links.find((l) => l.startsWith("/verify-email/"))!);
    const page = await browser.get(path, verifyEmail, { ...pub, params });
    expect(page.data).toEqual({ verified: true, message: null, signedIn: true });
    expect((await userByEmail(h.t.db, "ana.v@example.com")).emailVerifiedAt).not.toBeNull();

    const after = await browser.get("/check-email", checkEmail, pub);
    expect(after.data.verified).toBe(true);
  });

  it("shows the API's translated refusal for a tampered link, without sending anyone to /login", async () => {
    await registered("tampered@example.com");
    const { links } = await newestMail(h, "tampered@example.com");
    const { path, params } = verifyCall(links.find((l) => l.startsWith("/verify-email/"))!);
    const browser = h.browser();
    browser.setCookie("lng", "en-US");
    const page = await browser.get(path.replace(/signature=[^&]+/, "signature=forged"), verifyEmail, { ...pub, params });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ verified: false, signedIn: false });
    expect(page.data.message).toMatch(/not valid|expired/i);
    expect((await userByEmail(h.t.db, "tampered@example.com")).emailVerifiedAt).toBeNull();
  });

  it("treats a link without its signature as refused", async () => {
    const params = { id: "00000000-0000-4000-8000-000000000000", hash: "abc" };
    const page = await h.browser().get(`/verify-email/${params.id}/${params.hash}`, verifyEmail, { ...pub, params });
    expect(page.data).toEqual({ verified: false, message: null, signedIn: false });
  });

  it("resends the verification e-mail to a signed-in user (post/redirect/get)", async () => {
    const browser = await registered("resend@example.com");
    const first = await newestMail(h, "resend@example.com");
    const sent = await browser.post("/check-email", checkEmail, {}, pub);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/check-email?resent=1");
    expect((await newestMail(h, "resend@example.com")).count).toBe(first.count + 1);
    const page = await browser.get("/check-email?resent=1", checkEmail, pub);
    expect(page.data.resent).toBe(true);
  });

  it("sends a guest who asks for a resend to /login, and opens /check-email to a verified user", async () => {
    const sent = await h.browser().post("/check-email", checkEmail, {}, pub);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/login?redirectTo=%2Fcheck-email");

    const owner = h.browser();
    await owner.signIn(demoUsers.owner.email);
    expect((await owner.get("/check-email", checkEmail, pub)).data.verified).toBe(true);
  });

  it("declares the route flags the business guard reads", () => {
    for (const route of [checkEmail, verifyEmail]) {
      expect(route.handle).toEqual({ skipEmailVerification: true, skipOnboarding: true, skipSetupCheck: true, hydrate: false });
    }
  });
});
