import { eq } from "drizzle-orm";
import { seedPricing } from "#api/seed/pricing.ts";
import { businesses, businessMembers, roomCategories, users } from "#api/db/schema/index.ts";
import { hashPassword } from "#api/services/passwords.ts";
import { createTestApi, DEMO_PASSWORD, demoUsers, userByEmail, type TestApi } from "#tests/helpers/api.ts";

/**
 * The pricing tests' world: the demo accounts, a pousada owned by the demo owner with three
 * categories priced like the demo (api/seed/pricing.ts), the demo collaborator as a member
 * with `collaboratorPermissions`, and a second owner with a hotel of their own.
 * Built directly in the database so these tests do not depend on the businesses API.
 */
export interface PricingWorld {
  t: TestApi;
  businessId: string;
  categories: { id: string; name: string }[];
  otherBusinessId: string;
  tokens: { owner: string; collaborator: string; admin: string; stranger: string };
  base: string;
  setCollaboratorPermissions(permissions: string[]): Promise<void>;
}

export const STRANGER_EMAIL = "outro@hotel-concorrente.com.br";

export async function createPricingWorld(options: { collaboratorPermissions?: string[]; now?: Date } = {}): Promise<PricingWorld> {
  const t = await createTestApi();
  if (options.now) t.clock.now = options.now;
  const { db } = t;
  const owner = await userByEmail(db, demoUsers.owner.email);
  const collaborator = await userByEmail(db, demoUsers.collaborator.email);
  const [stranger] = await db
    .insert(users)
    .values({ name: "Outro", surname: "Dono", email: STRANGER_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), roles: ["owner"], emailVerifiedAt: t.clock.now })
    .returning();

  const [business] = await db
    .insert(businesses)
    .values({ ownerId: owner.id, slug: `pousada-${Math.random().toString(36).slice(2, 8)}`, companyName: "Pousada Maré Alta", country: "BR", state: "SC", status: "SETUP_DONE", roomCount: 12, totalRooms: 12 })
    .returning();
  const cats = await db
    .insert(roomCategories)
    .values([
      { businessId: business.id, name: "Standard", roomCount: 6, minOccupation: 1, maxOccupation: 3, position: 0 },
      { businessId: business.id, name: "Deluxe", roomCount: 4, minOccupation: 1, maxOccupation: 4, position: 1 },
      { businessId: business.id, name: "Suíte", roomCount: 2, minOccupation: 1, maxOccupation: 4, position: 2 },
    ])
    .returning();
  await db.insert(businessMembers).values({ businessId: business.id, userId: collaborator.id, permissions: options.collaboratorPermissions ?? [] });
  await seedPricing(db, t.clock.now, business.id);

  const [other] = await db
    .insert(businesses)
    .values({ ownerId: stranger.id, slug: `hotel-${Math.random().toString(36).slice(2, 8)}`, companyName: "Hotel Concorrente", country: "BR", state: "SP" })
    .returning();
  await db.insert(roomCategories).values({ businessId: other.id, name: "Quarto", roomCount: 3 });

  const tokens = {
    owner: await t.login(demoUsers.owner.email),
    collaborator: await t.login(demoUsers.collaborator.email),
    admin: await t.login(demoUsers.admin.email),
    stranger: await t.login(STRANGER_EMAIL),
  };
  return {
    t,
    businessId: business.id,
    categories: cats.map((c) => ({ id: c.id, name: c.name })),
    otherBusinessId: other.id,
    tokens,
    base: `/api/v1/businesses/${business.id}`,
    async setCollaboratorPermissions(permissions) {
      await db.update(businessMembers).set({ permissions }).where(eq(businessMembers.userId, collaborator.id));
    },
  };
}

/** A date string `days` after the clock's UTC date. */
export function dayFrom(now: Date, days: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}
