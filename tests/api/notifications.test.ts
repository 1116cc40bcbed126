import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "#domain/bookings/stay.ts";
import { notificationPreferences, notifications, outbox, users } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS, DEMO_CATEGORY_IDS } from "#api/seed/businesses.ts";
import { deliverQueuedNotices } from "#api/services/notifications/deliver.ts";
import { sendDigests } from "#api/services/notifications/digest.ts";
import { mailSettings, notify } from "#api/services/notifications/notify.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";
import { otherOwner } from "./bookings-fixture.ts";

let t: TestApi;
let owner: string;
let collaborator: string;
let ownerId: string;
const pub = "/api/public/booking-engines/pousada-mare-alta";
const guest = { name: "Rita Viajante", email: "rita@example.com", phone: "+55 11 97777-6666", country: "BR" };

async function bookOnline(daysAhead: number) {
  const today = todayIn("America/Sao_Paulo", t.clock.now);
  const arrival = addDays(today, daysAhead);
  const departure = addDays(today, daysAhead + 2);
  const offers = await t.json("GET", `${pub}/offers?arrival=${arrival}&departure=${departure}&adults=2`, { status: 200 });
  const res = await t.json("POST", `${pub}/reservations`, {
    body: { category_id: offers.data.offers[0].category.uuid, arrival, departure, adults: 2, children: 0, guest },
    status: 201,
  });
  return { code: res.data.code as string, arrival, departure };
}

/** A calendar date as the notification centre writes it in `locale`. */
const day = (iso: string, locale = "en-US") => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

async function unread(token: string): Promise<number> {
  return (await t.json("GET", "/api/v1/notifications/unread-count", { token, status: 200 })).unread_count;
}

beforeAll(async () => {
  t = await createTestApi();
  owner = await t.login(demoUsers.owner.email);
  collaborator = await t.login(demoUsers.collaborator.email);
  ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
});
afterAll(() => t.close());

describe("notifications from the public booking page", () => {
  it("tells the owner and the collaborator, in the app shell's count and the list", async () => {
    const before = await unread(owner);
    const beforeTeam = await unread(collaborator);
    const booking = await bookOnline(40);
    expect(await unread(owner)).toBe(before + 1);
    expect(await unread(collaborator)).toBe(beforeTeam + 1);

    const state = await t.json("GET", "/api/v1/user/app-state", { token: owner, status: 200 });
    expect(state.unread_notifications).toBe(before + 1);

    const list = await t.json("GET", "/api/v1/notifications", { token: owner, lang: "en", status: 200 });
    expect(list.notifications[0]).toMatchObject({
      kind: "reservation.created",
      read: false,
      business_uuid: DEMO_BUSINESS.id,
      title: `New booking at Pousada Maré Alta: Rita Viajante, ${day(booking.arrival)} to ${day(booking.departure)}`,
    });
    expect(list.notifications[0].link).toMatch(/^\/bookings\/[0-9a-f-]{36}$/);
    // The same row read in Portuguese.
    const pt = await t.json("GET", "/api/v1/notifications", { token: owner, lang: "pt-BR", status: 200 });
    expect(pt.notifications[0].title).toBe(`Nova reserva em Pousada Maré Alta: Rita Viajante, de ${day(booking.arrival, "pt-BR")} a ${day(booking.departure, "pt-BR")}`);
  });

  it("does not notify for a booking the team makes itself", async () => {
    const before = await unread(owner);
    const today = todayIn("America/Sao_Paulo", t.clock.now);
    await t.json("POST", `/api/v1/businesses/${DEMO_BUSINESS.id}/reservations`, {
      token: owner,
      body: { arrival: addDays(today, 50), departure: addDays(today, 51), room_category_uuid: DEMO_CATEGORY_IDS.standard, adults: 1, children: 0, guest, channel: "phone" },
      status: 201,
    });
    expect(await unread(owner)).toBe(before);
  });
});

describe("GET /notifications, read, read-all", () => {
  it("needs a signed-in user (401)", async () => {
    expect((await t.call("GET", "/api/v1/notifications")).status).toBe(401);
    expect((await t.call("POST", "/api/v1/notifications/read-all")).status).toBe(401);
  });

  it("shows each user only their own, and another user's id answers 404", async () => {
    const other = await otherOwner(t);
    const list = await t.json("GET", "/api/v1/notifications", { token: other.token, status: 200 });
    expect(list).toMatchObject({ notifications: [], unread_count: 0, pagination: { page: 1, total: 0, pages: 1 } });
    const mine = await t.json("GET", "/api/v1/notifications", { token: owner, status: 200 });
    const id = mine.notifications[0].uuid;
    expect((await t.call("POST", `/api/v1/notifications/${id}/read`, { token: other.token })).status).toBe(404);
    expect((await t.call("POST", "/api/v1/notifications/not-a-uuid/read", { token: owner })).status).toBe(404);
    // Still unread for its owner.
    const again = await t.json("GET", "/api/v1/notifications", { token: owner, status: 200 });
    expect(again.notifications[0].read).toBe(false);
  });

  it("rejects a bad filter with 422", async () => {
    expect((await t.call("GET", "/api/v1/notifications?kind=nope", { token: owner })).status).toBe(422);
    expect((await t.call("GET", "/api/v1/notifications?page=0", { token: owner })).status).toBe(422);
  });

  it("filters by kind and status, pages, marks one and then all as read", async () => {
    for (let i = 0; i < 3; i++) {
      await t.db.transaction((tx) => notify(tx, { businessId: DEMO_BUSINESS.id, kind: "reward.earned", params: { name: `Reward ${i}` } }, mailSettings(t.config)));
    }
    const rewards = await t.json("GET", "/api/v1/notifications?kind=reward.earned&per_page=2", { token: owner, status: 200 });
    expect(rewards.notifications).toHaveLength(2);
    expect(rewards.notifications.every((n: { kind: string }) => n.kind === "reward.earned")).toBe(true);
    expect(rewards.pagination).toEqual({ page: 1, per_page: 2, total: 3, pages: 2 });
    const page2 = await t.json("GET", "/api/v1/notifications?kind=reward.earned&per_page=2&page=2", { token: owner, status: 200 });
    expect(page2.notifications).toHaveLength(1);
    expect(page2.notifications[0].title).toContain("Reward 0");

    const count = await unread(owner);
    const one = await t.json("POST", `/api/v1/notifications/${rewards.notifications[0].uuid}/read`, { token: owner, status: 200 });
    expect(one.unread_count).toBe(count - 1);
    const unreadOnly = await t.json("GET", "/api/v1/notifications?status=unread&per_page=100", { token: owner, status: 200 });
    expect(unreadOnly.notifications.map((n: { uuid: string }) => n.uuid)).not.toContain(rewards.notifications[0].uuid);
    expect(unreadOnly.pagination.total).toBe(count - 1);

    const all = await t.json("POST", "/api/v1/notifications/read-all", { token: owner, status: 200 });
    expect(all).toMatchObject({ success: true, marked: count - 1, unread_count: 0 });
    expect(await unread(owner)).toBe(0);
    // The collaborator's copies are untouched.
    expect(await unread(collaborator)).toBeGreaterThan(0);
  });
});

describe("delivery follows each user's preferences", () => {
  const notice = () => t.db.transaction((tx) => notify(tx, { businessId: DEMO_BUSINESS.id, kind: "payment.failed", link: "/account-settings/subscriptions" }, mailSettings(t.config)));

  it("in the app off: nothing in the list; e-mail on: one e-mail in the user's language", async () => {
    await t.json("PUT", `/api/v1/users/${ownerId}/notification-preferences`, { token: owner, body: { preferences: { in_app: { subscription: false }, email: { subscription: true } } } });
    const ownerRow = await userByEmail(t.db, demoUsers.owner.email);
    await t.db.update(users).set({ preferredLanguage: "fr-CA" }).where(eq(users.id, ownerRow.id));
    const before = await unread(owner);
    const mailsOf = () => t.db.select().from(outbox).where(and(eq(outbox.to, demoUsers.owner.email), eq(outbox.kind, "notification"))).orderBy(desc(outbox.createdAt));
    const mailsBefore = (await mailsOf()).length;
    await notice();
    expect(await unread(owner)).toBe(before);
    const mails = await mailsOf();
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails[0]).toMatchObject({ locale: "fr-CA", subject: "Un paiement pour Pousada Maré Alta a échoué; l’abonnement est en souffrance", status: "queued" });
    expect(mails[0].text).toContain("http://localhost:3000/account-settings/subscriptions");
  });

  it("queued notice e-mails are sent once by the delivery job, failures marked", async () => {
    const sent: string[] = [];
    let fail = true;
    const mailer = {
      async send(message: { to: string; subject: string }) {
        if (fail) {
          fail = false;
          throw new Error("SMTP refused");
        }
        sent.push(message.subject);
      },
    };
    await notice();
    const queued = await t.db.select().from(outbox).where(and(eq(outbox.status, "queued"), eq(outbox.kind, "notification")));
    expect(queued.length).toBeGreaterThanOrEqual(2);
    const delivered = await deliverQueuedNotices(t.db, mailer, t.clock.now);
    expect(delivered).toBe(queued.length - 1);
    expect(await deliverQueuedNotices(t.db, mailer, t.clock.now)).toBe(0);
    const failed = await t.db.select().from(outbox).where(and(eq(outbox.status, "failed"), eq(outbox.kind, "notification")));
    expect(failed).toHaveLength(1);
    expect(failed[0].error).toBe("SMTP refused");
    expect(await deliverQueuedNotices(t.db, null, t.clock.now)).toBe(0);
  });

  it("a muted business sends nothing at all", async () => {
    await t.json("PUT", `/api/v1/users/${ownerId}/notification-preferences`, { token: owner, body: { preferences: { in_app: { subscription: true } }, muted_business_uuids: [DEMO_BUSINESS.id] } });
    const prefs = await t.json("GET", `/api/v1/users/${ownerId}/notification-preferences`, { token: owner, status: 200 });
    expect(prefs.muted_business_uuids).toEqual([DEMO_BUSINESS.id]);
    const before = (await t.db.select().from(notifications).where(eq(notifications.userId, ownerId))).length;
    await notice();
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, ownerId))).length).toBe(before);
    await t.json("PUT", `/api/v1/users/${ownerId}/notification-preferences`, { token: owner, body: { preferences: {}, muted_business_uuids: [] } });
  });

  it("the daily digest lists the day's notifications in the user's language, once", async () => {
    await t.db.update(notificationPreferences).set({ digestBookings: true, emailBookings: false }).where(eq(notificationPreferences.userId, ownerId));
    await t.db.update(users).set({ preferredLanguage: "en-US" }).where(eq(users.id, ownerId));
    const booking = await bookOnline(45);
    expect(await sendDigests(t.db, DEMO_BUSINESS.id, mailSettings(t.config))).toBe(1);
    const [digest] = await t.db.select().from(outbox).where(and(eq(outbox.to, demoUsers.owner.email), eq(outbox.kind, "notification_digest")));
    expect(digest.subject).toBe("Your day at Pousada Maré Alta: 1 notification");
    expect(digest.text).toContain(`New booking at Pousada Maré Alta: Rita Viajante, ${day(booking.arrival)} to ${day(booking.departure)}`);
    expect(await sendDigests(t.db, DEMO_BUSINESS.id, mailSettings(t.config))).toBe(0);
  });

  it("rejects a bad preference or business id (422)", async () => {
    expect((await t.call("PUT", `/api/v1/users/${ownerId}/notification-preferences`, { token: owner, body: { preferences: { email: { bookings: "yes" } } } })).status).toBe(422);
    expect((await t.call("PUT", `/api/v1/users/${ownerId}/notification-preferences`, { token: owner, body: { preferences: {}, muted_business_uuids: ["x"] } })).status).toBe(422);
  });
});
