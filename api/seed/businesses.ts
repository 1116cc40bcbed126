import { defaultTimeZone } from "#domain/business/timezone.ts";
import type { Database } from "#api/db/client.ts";
import { businesses, businessMembers, roomCategories, userSelections, type UserRow } from "#api/db/schema/index.ts";

/**
 * The demo pousada (README, e2e tests and the other areas' seeds rely on these ids and names).
 * Business types and the PMS list are reference data from migration 0006, present in every
 * database; only this business and its people are demo data.
 */
export const DEMO_BUSINESS = {
  id: "d3e00000-0000-4000-8000-000000000001",
  slug: "pousada-mare-alta",
  companyName: "Pousada Maré Alta",
} as const;

/** Fixed ids so the pricing and bookings seeds can point at the categories. */
export const DEMO_CATEGORY_IDS = {
  standard: "d3e00000-0000-4000-8000-000000000011",
  deluxe: "d3e00000-0000-4000-8000-000000000012",
  suite: "d3e00000-0000-4000-8000-000000000013",
} as const;

/** From migration 0006. */
export const BUILT_IN_PMS_ID = 1;
/** The demo pousada is in Paraty (RJ). */
export const DEMO_TIME_ZONE = defaultTimeZone("BR", "RJ");
export const POUSADA_TYPE_ID = "b7e00000-0000-4000-8000-000000000002";

/** What the demo collaborator may do at the pousada: the front desk's daily work. */
export const DEMO_COLLABORATOR_PERMISSIONS = [
  "user.dashboard",
  "user.calendar",
  "user.reservations",
  "user.availability",
  "user.rooms-overview",
];

export async function seedBusinesses(db: Database, people: { owner: UserRow; collaborator: UserRow }, now: Date) {
  const [business] = await db
    .insert(businesses)
    .values({
      id: DEMO_BUSINESS.id,
      ownerId: people.owner.id,
      status: "SETUP_DONE",
      slug: DEMO_BUSINESS.slug,
      companyName: DEMO_BUSINESS.companyName,
      corporateName: "Maré Alta Hospedagem Ltda.",
      businessTypeId: POUSADA_TYPE_ID,
      accommodationPurpose: "leisure",
      primaryCustomerSegment: "couples",
      address: "Rua da Praia, 120 - Centro Histórico",
      email: "reservas@pousada-demo.com.br",
      phoneNumber: "+55 24 3371-0000",
      corporateTaxCode: "12.345.678/0001-90",
      country: "BR",
      state: "RJ",
      city: "Paraty",
      zipCode: "23970-000",
      website: "https://pousada-demo.com.br/",
      socialMedia: { instagram: "@pousadamarealta" },
      roomCount: 14,
      totalRooms: 14,
      pmsId: BUILT_IN_PMS_ID,
      currency: "BRL",
      timezone: DEMO_TIME_ZONE,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const categories = await db
    .insert(roomCategories)
    .values([
      {
        id: DEMO_CATEGORY_IDS.standard,
        businessId: business.id,
        name: "Standard",
        roomCount: 8,
        minOccupation: 1,
        maxOccupation: 2,
        priceVariationType: "value",
        priceVariationValue: 0,
        position: 0,
        createdAt: now,
      },
      {
        id: DEMO_CATEGORY_IDS.deluxe,
        businessId: business.id,
        name: "Deluxe",
        roomCount: 4,
        minOccupation: 1,
        maxOccupation: 3,
        priceVariationType: "value",
        // + R$ 80,00 over Standard
        priceVariationValue: 8_000,
        position: 1,
        createdAt: now,
      },
      {
        id: DEMO_CATEGORY_IDS.suite,
        businessId: business.id,
        name: "Suíte",
        roomCount: 2,
        minOccupation: 2,
        maxOccupation: 4,
        priceVariationType: "percentage",
        priceVariationValue: 40,
        position: 2,
        createdAt: now,
      },
    ])
    .returning();
  await db.insert(businessMembers).values({
    businessId: business.id,
    userId: people.collaborator.id,
    permissions: DEMO_COLLABORATOR_PERMISSIONS,
    invitedBy: people.owner.id,
    createdAt: now,
  });
  await db.insert(userSelections).values([
    { userId: people.owner.id, businessId: business.id, updatedAt: now },
    { userId: people.collaborator.id, businessId: business.id, updatedAt: now },
  ]);
  return { business, categories };
}
