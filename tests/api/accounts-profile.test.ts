import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/app.ts";
import { sendInvitationMail, type MailMessage } from "#api/services/mail/index.ts";
import { createTestApi, demoUsers, outboxFor, userByEmail, type TestApi } from "#tests/helpers/api.ts";

let t: TestApi;
let ownerToken: string;
let adminToken: string;
let collaboratorToken: string;
let ownerId: string;
let collaboratorId: string;
beforeAll(async () => {
  t = await createTestApi();
  ownerToken = await t.login(demoUsers.owner.email);
  adminToken = await t.login(demoUsers.admin.email);
  collaboratorToken = await t.login(demoUsers.collaborator.email);
  ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
  collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
});
afterAll(() => t.close());

describe("PUT /api/v1/users/{uuid}", () => {
  it("updates the caller's own profile, sanitised, ignoring what is not editable here", async () => {
    const body = await t.json("PUT", `/api/v1/users/${ownerId}`, {
      token: ownerToken,
      body: {
        name: "Otávio",
        surname: "Proprietário",
        company: "  Pousada <Demo> & Cia  ",
        phone: "+55 48 3333-0000",
        address: "Rua das Flores, 10",
        state: "SC",
        zip_code: "88000-000",
        country: "BR",
        preferred_language: "fr-CA",
        email: "hijack@example.com",
        roles: ["administrator"],
        uuid: collaboratorId,
      },
      status: 200,
    });
    expect(body.user).toMatchObject({
      uuid: ownerId,
      email: demoUsers.owner.email,
      roles: ["owner"],
      company: "Pousada Demo  Cia",
      zip_code: "88000-000",
      preferred_language: "fr-CA",
    });
    const me = await t.json("GET", "/api/v1/user", { token: ownerToken, status: 200 });
    expect(me.user.company).toBe("Pousada Demo  Cia");
  });

  it("clears a field sent blank and keeps the ones not sent", async () => {
    const body = await t.json("PUT", `/api/v1/users/${ownerId}`, { token: ownerToken, body: { company: "" }, status: 200 });
    expect(body.user.company).toBeNull();
    expect(body.user.phone).toBe("+55 48 3333-0000");
  });

  it("refuses an unknown language and a blank name with translated field errors", async () => {
    const body = await t.json("PUT", `/api/v1/users/${ownerId}`, {
      token: ownerToken,
      body: { name: " ", preferred_language: "de-DE" },
      lang: "en",
      status: 422,
    });
    expect(body.errors.name).toEqual(["This field is required."]);
    expect(body.errors.preferred_language).toEqual([expect.any(String)]);
    expect(body.message).toBe("The data sent is not valid.");
  });

  it("refuses another user's profile without admin.users (403), whether or not it exists", async () => {
    const body = await t.json("PUT", `/api/v1/users/${collaboratorId}`, { token: ownerToken, body: { name: "Hacked" }, lang: "en", status: 403 });
    expect(body.message).toBe("You do not have permission to access this resource.");
    await t.json("PUT", "/api/v1/users/00000000-0000-4000-8000-000000000000", { token: ownerToken, body: { name: "X" }, status: 403 });
    expect((await userByEmail(t.db, demoUsers.collaborator.email)).name).toBe("Camila");
  });

  it("lets an administrator update anyone; unknown and malformed uuids are 404", async () => {
    const body = await t.json("PUT", `/api/v1/users/${collaboratorId.toUpperCase()}`, {
      token: adminToken,
      body: { surname: "Colaboradora Silva" },
      status: 200,
    });
    expect(body.user).toMatchObject({ uuid: collaboratorId, surname: "Colaboradora Silva" });
    const missing = await t.json("PUT", "/api/v1/users/00000000-0000-4000-8000-000000000000", { token: adminToken, body: {}, lang: "en", status: 404 });
    expect(missing.message).toBe("Resource not found.");
    await t.json("PUT", "/api/v1/users/not-a-uuid", { token: ownerToken, body: {}, status: 404 });
  });

  it("needs a signed-in user", async () => {
    await t.json("PUT", `/api/v1/users/${ownerId}`, { body: { name: "X" }, status: 401 });
  });
});

// Smallest headers our sniffing accepts, padded to a given size.
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const WEBP = [...Buffer.from("RIFF"), 0, 0, 0, 0, ...Buffer.from("WEBPVP8 ")];
function bytes(header: number[], size = 1024): Uint8Array {
  const out = new Uint8Array(size);
  out.set(header);
  return out;
}
function form(data: Uint8Array, name = "photo.png", type = "image/png") {
  const f = new FormData();
  f.append("image", new File([data as BlobPart], name, { type }));
  return f;
}
const imagesDir = () => join(t.config.uploadsDir, "profile-images");
const filesOf = (userId: string) => (existsSync(imagesDir()) ? readdirSync(imagesDir()).filter((f) => f.startsWith(userId)) : []);

describe("profile image", () => {
  const path = () => `/api/v1/users/${ownerId}/profile-image`;

  it("stores a PNG and serves it to its owner and to an administrator only", async () => {
    const data = bytes(PNG, 4096);
    const body = await t.json("POST", path(), { token: ownerToken, body: form(data), status: 200 });
    expect(body.user.profile_img_filename).toMatch(new RegExp(`^${ownerId}-[A-Za-z0-9_-]+\\.png$`));
    expect(filesOf(ownerId)).toEqual([body.user.profile_img_filename]);

    const res = await t.call("GET", path(), { token: ownerToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(data);
    expect((await t.call("GET", path(), { token: adminToken })).status).toBe(200);
    expect((await t.call("GET", path(), { token: collaboratorToken })).status).toBe(403);
    expect((await t.call("POST", path(), { token: collaboratorToken, body: form(data) })).status).toBe(403);
  });

  it("replaces the image (JPEG, then WebP) and removes the old file", async () => {
    await t.json("POST", path(), { token: ownerToken, body: form(bytes(JPEG), "a.jpg", "image/jpeg"), status: 200 });
    const body = await t.json("POST", path(), { token: ownerToken, body: form(bytes(WEBP), "a.webp", "image/webp"), status: 200 });
    expect(body.user.profile_img_filename).toMatch(/\.webp$/);
    expect(filesOf(ownerId)).toEqual([body.user.profile_img_filename]);
    const res = await t.call("GET", path(), { token: ownerToken });
    expect(res.headers.get("content-type")).toBe("image/webp");
  });

  it("rejects what is not an image, or too large, with 422 and changes nothing", async () => {
    const before = (await userByEmail(t.db, demoUsers.owner.email)).profileImgFilename;
    const files = filesOf(ownerId);
    const cases: [FormData, string][] = [
      [form(new TextEncoder().encode("<svg onload=alert(1)>"), "x.png", "image/png"), "Upload a JPEG, PNG or WebP image."],
      [form(bytes([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), "x.gif", "image/gif"), "Upload a JPEG, PNG or WebP image."],
      [form(bytes(PNG, 2 * 1024 * 1024 + 1)), "The image can be at most 2 MB."],
      [form(bytes(PNG, 5 * 1024 * 1024)), "The image can be at most 2 MB."],
    ];
    for (const [body, message] of cases) {
      const answer = await t.json("POST", path(), { token: ownerToken, body, lang: "en", status: 422 });
      expect(answer.errors.image).toEqual([message]);
      expect(answer.message).toEqual(expect.any(String));
    }
    const missing = await t.json("POST", path(), { token: ownerToken, body: new FormData(), lang: "en", status: 422 });
    expect(missing.errors.image).toEqual(["This field is required."]);
    expect((await userByEmail(t.db, demoUsers.owner.email)).profileImgFilename).toBe(before);
    expect(filesOf(ownerId)).toEqual(files);
  });

  it("accepts exactly 2 MiB", async () => {
    await t.json("POST", path(), { token: ownerToken, body: form(bytes(PNG, 2 * 1024 * 1024)), status: 200 });
    expect(filesOf(ownerId)).toHaveLength(1);
  });

  it("removes the image", async () => {
    const body = await t.json("DELETE", path(), { token: ownerToken, status: 200 });
    expect(body.user.profile_img_filename).toBeNull();
    expect(filesOf(ownerId)).toEqual([]);
    const gone = await t.json("GET", path(), { token: ownerToken, lang: "en", status: 404 });
    expect(gone.message).toBe("Resource not found.");
    await t.json("DELETE", path(), { token: ownerToken, status: 200 });
  });
});

describe("notification preferences", () => {
  const path = () => `/api/v1/users/${ownerId}/notification-preferences`;

  it("answers the defaults before anything is saved", async () => {
    const body = await t.json("GET", path(), { token: ownerToken, status: 200 });
    expect(body).toEqual({
      preferences: {
        email: { bookings: true, price_changes: true, subscription: true, activity: true, product_news: false },
        in_app: { bookings: true, price_changes: true, subscription: true, activity: true, product_news: true },
        digest: { bookings: false, price_changes: false, subscription: false, activity: false, product_news: false },
      },
      muted_business_uuids: [],
    });
  });

  it("saves a subset and keeps the rest", async () => {
    const put = await t.json("PUT", path(), {
      token: ownerToken,
      body: { preferences: { email: { product_news: true, bookings: false }, in_app: { price_changes: false } } },
      status: 200,
    });
    const expected = {
      email: { bookings: false, price_changes: true, subscription: true, activity: true, product_news: true },
      in_app: { bookings: true, price_changes: false, subscription: true, activity: true, product_news: true },
      digest: { bookings: false, price_changes: false, subscription: false, activity: false, product_news: false },
    };
    expect(put.preferences).toEqual(expected);
    expect((await t.json("GET", path(), { token: ownerToken, status: 200 })).preferences).toEqual(expected);
    const again = await t.json("PUT", path(), { token: ownerToken, body: { preferences: { email: { bookings: true } } }, status: 200 });
    expect(again.preferences.email.bookings).toBe(true);
    expect(again.preferences.in_app.price_changes).toBe(false);
  });

  it("refuses non-booleans with 422 and other users' preferences with 403", async () => {
    const bad = await t.json("PUT", path(), { token: ownerToken, body: { preferences: { email: { bookings: "yes" } } }, lang: "en", status: 422 });
    expect(bad.errors["preferences.email.bookings"]).toEqual([expect.any(String)]);
    await t.json("GET", path(), { token: collaboratorToken, status: 403 });
    await t.json("PUT", path(), { token: collaboratorToken, body: { preferences: {} }, status: 403 });
    await t.json("GET", path(), { token: adminToken, status: 200 });
  });
});

describe("outbox and development mailbox", () => {
  it("lists the recorded e-mails newest first and shows one", async () => {
    await t.json("POST", "/api/auth/forgot-password", { body: { email: demoUsers.owner.email }, status: 200 });
    await t.json("POST", "/api/auth/forgot-password", { body: { email: demoUsers.admin.email }, status: 200 });
    const list = await t.json("GET", "/api/dev/mailbox", { status: 200 });
    expect(list.messages.map((m: { to: string }) => m.to).slice(0, 2)).toEqual([demoUsers.admin.email, demoUsers.owner.email]);
    expect(list.messages[0]).toMatchObject({ kind: "password_reset", status: "queued", locale: "pt-BR" });
    const one = await t.json("GET", `/api/dev/mailbox/${list.messages[0].id}`, { status: 200 });
    expect(one.message).toMatchObject({ to: demoUsers.admin.email, from: t.config.MAIL_FROM });
    expect(one.message.text).toContain("/reset-password?token=");
    expect(one.message.html).toContain("<!doctype html>");
    const filtered = await t.json("GET", `/api/dev/mailbox?to=${encodeURIComponent(demoUsers.owner.email)}`, { status: 200 });
    expect(filtered.messages.every((m: { to: string }) => m.to === demoUsers.owner.email)).toBe(true);
    await t.json("GET", "/api/dev/mailbox/00000000-0000-4000-8000-000000000000", { status: 404 });
  });

  it("does not exist when the configuration turns it off", async () => {
    const off = createApi({ db: t.db, config: { ...t.config, devMailbox: false }, now: () => t.clock.now });
    expect((await off.fetch(new Request("http://tarifa.test/api/dev/mailbox"))).status).toBe(404);
  });

  it("needs an administrator in production", async () => {
    const prod = createApi({ db: t.db, config: { ...t.config, isProduction: true }, now: () => t.clock.now });
    const get = (token?: string) =>
      prod.fetch(new Request("http://tarifa.test/api/dev/mailbox", { headers: token ? { authorization: `Bearer ${token}` } : {} }));
    expect((await get()).status).toBe(404);
    expect((await get(ownerToken)).status).toBe(404);
    expect((await get(adminToken)).status).toBe(200);
  });

  it("records the delivery result of an injected mailer", async () => {
    const sent: MailMessage[] = [];
    const ok = createApi({ db: t.db, config: t.config, now: () => t.clock.now, mailer: { send: async (m) => void sent.push(m) } });
    const failing = createApi({
      db: t.db,
      config: t.config,
      now: () => t.clock.now,
      mailer: {
        send: async () => {
          throw new Error("SMTP said no");
        },
      },
    });
    const resend = (api: typeof ok) =>
      api.fetch(new Request("http://tarifa.test/api/v1/auth/email/resend", { method: "POST", headers: { authorization: `Bearer ${registered}` } }));
    const registered = (
      await t.json("POST", "/api/auth/register", {
        body: { name: "Lia", surname: "Reis", email: "lia@example.com", password: "pousada-da-lia", password_confirmation: "pousada-da-lia" },
        lang: "en",
        status: 201,
      })
    ).token;
    expect((await resend(ok)).status).toBe(200);
    expect((await resend(failing)).status).toBe(200);
    await expect.poll(async () => (await outboxFor(t.db, "lia@example.com")).map((m) => m.status)).toEqual(["failed", "sent", "queued"]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "lia@example.com", from: t.config.MAIL_FROM, subject: "Confirm your e-mail for Tarifa" });
    expect((await outboxFor(t.db, "lia@example.com"))[0].error).toBe("SMTP said no");
  });

  it("renders the invitation in the invitee's language, escaping names in the HTML", async () => {
    const deps = { db: t.db, config: t.config, now: () => t.clock.now };
    await sendInvitationMail(deps, {
      to: "convidada@example.com",
      locale: "it-IT",
      inviter: "Otávio <script>",
      business: "Pousada \"Mar & Sol\"",
      link: "http://localhost:3000/invitations/abc?x=1&y=2",
      days: 7,
    });
    const [mail] = await outboxFor(t.db, "convidada@example.com");
    expect(mail).toMatchObject({ kind: "invitation", locale: "it-IT", status: "queued" });
    expect(mail.subject).toBe('Otávio <script> ti ha invitato a Pousada "Mar & Sol" su Tarifa');
    expect(mail.text).toContain("Questo invito è valido per 7 giorni.");
    expect(mail.text).toContain("http://localhost:3000/invitations/abc?x=1&y=2");
    expect(mail.html).toContain("Otávio &lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="http://localhost:3000/invitations/abc?x=1&amp;y=2"');
  });
});
