import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { businessMembers, businesses, coupons, paymentMethods, subscriptions, users } from "#api/db/schema/index.ts";
import { issueSession } from "#api/services/tokens.ts";
import { createTestApi, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

/** A seeded API plus the people and businesses the billing tests act with. */
export interface BillingWorld {
  t: TestApi;
  owner: { id: string; token: string };
  otherOwner: { id: string; token: string };
  admin: { token: string };
  collaborator: { id: string; token: string };
}

/**
 * Tokens are issued directly (no password hashing: the suite moves the clock by months, and
 * signing in four times per file costs seconds). They are issued "in 2099" so that no test
 * clock, however far it is moved, sees them expire.
 */
export async function billingWorld(): Promise<BillingWorld> {
  const t = await createTestApi();
  const token = async (userId: string) => (await issueSession(t.db, userId, new Date("2099-01-01T00:00:00Z"))).token;
  const ownerId = (await userByEmail(t.db, demoUsers.owner.email)).id;
  const adminId = (await userByEmail(t.db, demoUsers.admin.email)).id;
  const collaboratorId = (await userByEmail(t.db, demoUsers.collaborator.email)).id;
  const [other] = await t.db
    .insert(users)
    .values({ email: "outra@pousada.test", name: "Olga", surname: "Outra", roles: ["owner"], passwordHash: "not-a-hash", emailVerifiedAt: t.clock.now })
    .returning();
  return {
    t,
    owner: { id: ownerId, token: await token(ownerId) },
    otherOwner: { id: other.id, token: await token(other.id) },
    admin: { token: await token(adminId) },
    collaborator: { id: collaboratorId, token: await token(collaboratorId) },
  };
}

/** A fresh business with no subscription, owned by `ownerId`; the collaborator may be added. */
export async function newBusiness(
  db: Database,
  ownerId: string,
  options: { status?: string; paymentFrequency?: string; collaboratorId?: string; name?: string } = {},
): Promise<string> {
  const slug = `pousada-${randomBytes(4).toString("hex")}`;
  const [row] = await db
    .insert(businesses)
    .values({ ownerId, slug, companyName: options.name ?? `Pousada ${slug}`, status: options.status ?? "BUSINESS_CREATED", paymentFrequency: options.paymentFrequency ?? "monthly", pmsId: 1 })
    .returning();
  if (options.collaboratorId) {
    await db.insert(businessMembers).values({ businessId: row.id, userId: options.collaboratorId, permissions: ["user.dashboard"] });
  }
  return row.id;
}

export async function addCoupon(db: Database, values: Partial<typeof coupons.$inferInsert> & { id: string }) {
  const [row] = await db.insert(coupons).values({ name: values.id, duration: "once", percentOff: 20, ...values }).returning();
  return row;
}

export async function subscriptionRows(db: Database, businessId: string) {
  return db.select().from(subscriptions).where(eq(subscriptions.businessId, businessId));
}

export async function cardRows(db: Database, businessId: string) {
  return db.select().from(paymentMethods).where(eq(paymentMethods.businessId, businessId));
}

export const DAY = 86_400_000;
export const later = (from: Date, days: number) => new Date(from.getTime() + days * DAY);
