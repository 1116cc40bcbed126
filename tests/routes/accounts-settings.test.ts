import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as accountSettings from "#app/routes/account/settings.tsx";
import * as language from "#app/routes/account/settings.language.tsx";
import * as photo from "#app/routes/account/settings.my-account.photo.ts";
import * as myAccount from "#app/routes/account/settings.my-account.tsx";
import * as notifications from "#app/routes/account/settings.notifications.tsx";
import * as appLayout from "#app/routes/shell/app-layout.tsx";
import * as languageSwitcher from "#app/routes/shell/language.ts";
import { demoUsers, userByEmail } from "#tests/helpers/api.ts";
import { type Browser, createRouteHarness, type RouteHarness } from "#tests/helpers/route.ts";

let h: RouteHarness;
beforeAll(async () => {
  h = await createRouteHarness();
});
afterAll(() => h.close());

const settings = { layouts: [appLayout, accountSettings] };
const photoCall = { layouts: [appLayout] };

async function signedIn(email: string): Promise<Browser> {
  const browser = h.browser();
  await browser.signIn(email);
  return browser;
}

// The smallest valid PNG (1×1, transparent).
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

describe("/account-settings", () => {
  it("sends /account-settings to its first page, and guests to /login", async () => {
    const browser = await signedIn(demoUsers.owner.email);
    const page = await browser.get("/account-settings", accountSettings, { layouts: [appLayout] });
    expect(page.location).toBe("/account-settings/my-account");

    const guest = await h.browser().get("/account-settings/my-account", myAccount, settings);
    expect(guest.location).toBe("/login?redirectTo=%2Faccount-settings%2Fmy-account");
  });

  it("marks every settings route as exempt from the subscription check, and reachable before any business exists", () => {
    for (const route of [accountSettings, myAccount, language, notifications]) {
      expect(route.handle).toEqual({ skipSubscribedMiddleware: true, skipSetupCheck: true });
    }
  });
});

describe("/account-settings/my-account", () => {
  it("saves the profile; a blank optional field is cleared", async () => {
    const browser = await signedIn(demoUsers.owner.email);
    const before = await browser.get("/account-settings/my-account", myAccount, settings);
    expect(before.data.user).toMatchObject({ name: demoUsers.owner.name, email: demoUsers.owner.email });

    const sent = await browser.post(
      "/account-settings/my-account",
      myAccount,
      { intent: "profile", name: "Otávio", surname: "Dono", company: "Pousada do Sol", phone: "+55 48 99999-0000", address: "", state: "SC", zip_code: "88000-000", country: "" },
      settings,
    );
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/account-settings/my-account");
    expect((await browser.session()).get("toast")).toEqual({ kind: "success", message: "account:myAccount.saved" });
    const row = await userByEmail(h.t.db, demoUsers.owner.email);
    expect(row).toMatchObject({ surname: "Dono", company: "Pousada do Sol", state: "SC", zipCode: "88000-000", address: null, country: null });
  });

  it("requires the name and surname", async () => {
    const browser = await signedIn(demoUsers.owner.email);
    const sent = await browser.post("/account-settings/my-account", myAccount, { intent: "profile", name: "", surname: "" }, settings);
    expect(sent.status).toBe(422);
    expect(sent.data.intent).toBe("profile");
    expect(sent.data.result.error).toEqual({ name: ["validation.required"], surname: ["validation.required"] });
  });

  it("uploads a photo (multipart), serves it through the web with the user's token, and removes it", async () => {
    const browser = await signedIn(demoUsers.collaborator.email);
    const file = new File([PNG], "me.png", { type: "image/png" });
    const sent = await browser.post("/account-settings/my-account", myAccount, { intent: "upload-photo", image: file }, settings);
    expect(sent.status).toBe(302);

    const page = await browser.get("/account-settings/my-account", myAccount, settings);
    expect(page.data.photoSrc).toMatch(/^\/account-settings\/my-account\/photo\?v=/);
    const image = await browser.get(page.data.photoSrc, photo, photoCall);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toContain("private");
    expect(new Uint8Array(await image.response.arrayBuffer())).toEqual(PNG);

    const removed = await browser.post("/account-settings/my-account", myAccount, { intent: "remove-photo" }, settings);
    expect(removed.status).toBe(302);
    expect((await browser.get("/account-settings/my-account", myAccount, settings)).data.photoSrc).toBeNull();
    expect((await browser.get("/account-settings/my-account/photo", photo, photoCall)).status).toBe(404);
  });

  it("refuses a file that is not an image, before and after the API", async () => {
    const browser = await signedIn(demoUsers.collaborator.email);
    browser.setCookie("lng", "en-US");
    const text = new File(["hello"], "notes.txt", { type: "text/plain" });
    const sent = await browser.post("/account-settings/my-account", myAccount, { intent: "upload-photo", image: text }, settings);
    expect(sent.status).toBe(422);
    expect(sent.data).toEqual({ intent: "photo", errors: ["Use a JPEG, PNG or WebP image."] });

    // Claims to be a PNG but is not: the API looks at the bytes and says so beside the field.
    const fake = new File(["not really a png"], "fake.png", { type: "image/png" });
    const refused = await browser.post("/account-settings/my-account", myAccount, { intent: "upload-photo", image: fake }, settings);
    expect(refused.status).toBe(422);
    expect(refused.data.intent).toBe("photo");
    expect(refused.data.errors).toHaveLength(1);
  });

  it("answers 404 for the photo of a user without one", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    expect((await browser.get("/account-settings/my-account/photo", photo, photoCall)).status).toBe(404);
  });
});

describe("/account-settings/language", () => {
  it("saves preferred_language and switches this browser with the lng cookie", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    expect((await browser.get("/account-settings/language", language, settings)).data).toEqual({ preferred: "pt-BR" });
    const sent = await browser.post("/account-settings/language", language, { preferred_language: "en-US" }, settings);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/account-settings/language");
    expect(browser.cookie("lng")).toBe("en-US");
    expect(sent.headers.getSetCookie().find((c) => c.startsWith("lng="))).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect((await userByEmail(h.t.db, demoUsers.admin.email)).preferredLanguage).toBe("en-US");
    expect((await browser.get("/account-settings/language", language, settings)).data).toEqual({ preferred: "en-US" });
  });

  it("refuses a language outside the five", async () => {
    const browser = await signedIn(demoUsers.admin.email);
    const sent = await browser.post("/account-settings/language", language, { preferred_language: "de-DE" }, settings);
    expect(sent.status).toBe(422);
    expect(sent.data.error).toEqual({ preferred_language: ["validation.choice"] });
  });
});

describe("the language switcher (/language)", () => {
  it("also saves preferred_language for a signed-in user", async () => {
    const browser = await signedIn(demoUsers.collaborator.email);
    const sent = await browser.post("/language", languageSwitcher, { locale: "fr-CA", redirectTo: "/account-settings/language" });
    expect(sent.location).toBe("/account-settings/language");
    expect(browser.cookie("lng")).toBe("fr-CA");
    expect((await userByEmail(h.t.db, demoUsers.collaborator.email)).preferredLanguage).toBe("fr-CA");
  });

  it("only sets the cookie for a guest", async () => {
    const browser = h.browser();
    const sent = await browser.post("/language", languageSwitcher, { locale: "es-ES", redirectTo: "/login" });
    expect(sent.location).toBe("/login");
    expect(browser.cookie("lng")).toBe("es-ES");
  });
});

describe("/account-settings/notifications", () => {
  it("shows the saved preferences and saves unchecked boxes as false", async () => {
    const browser = await signedIn(demoUsers.owner.email);
    const before = await browser.get("/account-settings/notifications", notifications, settings);
    expect(before.data.preferences.email).toMatchObject({ bookings: true, product_news: false });

    // What a browser posts with only two boxes checked: the others are simply absent.
    const sent = await browser.post(
      "/account-settings/notifications",
      notifications,
      { "email.product_news": "on", "in_app.bookings": "on" },
      settings,
    );
    expect(sent.status).toBe(302);
    const after = await browser.get("/account-settings/notifications", notifications, settings);
    expect(after.data.preferences).toEqual({
      email: { bookings: false, price_changes: false, subscription: false, activity: false, product_news: true },
      in_app: { bookings: true, price_changes: false, subscription: false, activity: false, product_news: false },
      digest: { bookings: false, price_changes: false, subscription: false, activity: false, product_news: false },
    });

    // Nothing checked at all: everything off.
    await browser.post("/account-settings/notifications", notifications, {}, settings);
    const none = await browser.get("/account-settings/notifications", notifications, settings);
    expect(Object.values(none.data.preferences).flatMap((c) => Object.values(c as object))).toEqual(Array(15).fill(false));
  });
});
