import type { Database } from "#api/db/client.ts";
import { hotelPolicies, ratePlans, salesChannels } from "#api/db/schema/index.ts";
import { DEFAULT_SALES_CHANNELS } from "#domain/distribution/constants.ts";
import { DEMO_BUSINESS } from "./businesses.ts";

/** The pousada's own names for its channels (the owner renames them freely). */
const DEMO_CHANNEL_NAMES: Record<string, string> = {
  direct: "Direto",
  booking_engine: "Motor de reservas",
  booking_com: "Booking.com",
  expedia: "Expedia",
  airbnb: "Airbnb",
  phone: "Telefone",
  walk_in: "Balcão",
};

/** The demo pousada's sales channels, four rate plans and house rules. */
export async function seedDistribution(db: Database, now: Date): Promise<void> {
  const businessId = DEMO_BUSINESS.id;
  await db.insert(salesChannels).values(
    DEFAULT_SALES_CHANNELS.map((c) => ({ businessId, code: c.code, name: DEMO_CHANNEL_NAMES[c.code] ?? c.code, commission: c.commission, createdAt: now, updatedAt: now })),
  );
  await db.insert(ratePlans).values([
    { businessId, position: 0, code: "standard", name: "Tarifa flexível", kind: "standard", mealPlan: "room_only", createdAt: now, updatedAt: now },
    {
      businessId,
      position: 1,
      code: "non_refundable",
      name: "Não reembolsável",
      kind: "percent",
      adjustmentPercent: -10,
      cancellationSource: "non_refundable",
      createdAt: now,
      updatedAt: now,
    },
    { businessId, position: 2, code: "breakfast", name: "Com café da manhã", kind: "per_guest", amountPerGuest: 3500, mealPlan: "breakfast", createdAt: now, updatedAt: now },
    { businessId, position: 3, code: "long_stay", name: "Estadia longa (7+ noites)", kind: "long_stay", adjustmentPercent: -15, longStayMinNights: 7, mealPlan: "breakfast", createdAt: now, updatedAt: now },
  ]);
  await db.insert(hotelPolicies).values({
    businessId,
    checkInFrom: "14:00",
    checkInUntil: "22:00",
    checkOutUntil: "12:00",
    freeCancellationDays: 7,
    cancellationPolicy: "Cancelamento gratuito até 7 dias antes da chegada; depois, cobramos a primeira diária.",
    noShowPolicy: "Em caso de não comparecimento, cobramos o valor total da primeira diária.",
    guarantee: "deposit",
    depositPercent: 30,
    childrenAllowed: true,
    childrenPolicy: "Crianças até 5 anos não pagam no quarto dos pais.",
    petsAllowed: false,
    petsPolicy: null,
    updatedAt: now,
  });
}
