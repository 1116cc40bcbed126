import { and, asc, eq, lte, ne } from "drizzle-orm";
import { addDays, daysBetween, todayIn } from "#domain/bookings/stay.ts";
import type { Database } from "#api/db/client.ts";
import {
  businesses,
  expenses,
  itemCategories,
  items,
  ledgerAccounts,
  payments,
  pointOfSaleItems,
  pointsOfSale,
  reservationExtras,
  reservations,
  suppliers,
} from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "./businesses.ts";

/**
 * The demo pousada's ledger: what it sells (café da manhã, estacionamento, transfer, frigobar),
 * where (recepção, restaurante), where money lands (Caixa, Pix, Banco), extras and payments on
 * its stays so the reports show real figures, and a supplier with expenses. Deterministic:
 * extras follow each stay's position in the list, payments settle past stays and take a 30 %
 * deposit on future ones. A handful of bulk inserts; runs after the bookings seed.
 */
export async function seedLedger(db: Database, now: Date): Promise<void> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, DEMO_BUSINESS.id));
  if (!business) return;
  const businessId = business.id;
  const today = todayIn(business.timezone, now);

  const [food, services] = await db
    .insert(itemCategories)
    .values([
      { businessId, name: "Alimentação", createdAt: now },
      { businessId, name: "Serviços", createdAt: now },
    ])
    .returning();
  const [breakfast, parking, transfer, minibar] = await db
    .insert(items)
    .values([
      { businessId, categoryId: food.id, name: "Café da manhã", price: 4_500, createdAt: now, updatedAt: now },
      { businessId, categoryId: services.id, name: "Estacionamento (diária)", price: 3_000, createdAt: now, updatedAt: now },
      { businessId, categoryId: services.id, name: "Transfer Paraty–rodoviária", price: 12_000, createdAt: now, updatedAt: now },
      { businessId, categoryId: food.id, name: "Frigobar — água mineral", price: 800, createdAt: now, updatedAt: now },
    ])
    .returning();
  const [reception, restaurant] = await db
    .insert(pointsOfSale)
    .values([
      { businessId, name: "Recepção", createdAt: now },
      { businessId, name: "Restaurante", createdAt: now },
    ])
    .returning();
  await db.insert(pointOfSaleItems).values([
    ...[parking, transfer, minibar].map((i) => ({ pointOfSaleId: reception.id, itemId: i.id })),
    { pointOfSaleId: restaurant.id, itemId: breakfast.id },
    { pointOfSaleId: restaurant.id, itemId: minibar.id },
  ]);
  const [cash, pix, bank] = await db
    .insert(ledgerAccounts)
    .values([
      { businessId, name: "Caixa", kind: "cash" as const, createdAt: now },
      { businessId, name: "Pix", kind: "pix" as const, createdAt: now },
      { businessId, name: "Banco", kind: "bank" as const, createdAt: now },
    ])
    .returning();

  // Stays that happened or are booked (not cancelled), from three months back.
  const stays = await db
    .select({ id: reservations.id, arrival: reservations.arrival, departure: reservations.departure, adults: reservations.adults, total: reservations.total, status: reservations.status })
    .from(reservations)
    .where(and(eq(reservations.businessId, businessId), ne(reservations.status, "cancelled"), lte(reservations.arrival, addDays(today, 60))))
    .orderBy(asc(reservations.arrival), asc(reservations.code));
  const recent = stays.filter((s) => s.departure >= addDays(today, -90));

  const extraRows: (typeof reservationExtras.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  recent.forEach((s, i) => {
    const nights = daysBetween(s.arrival, s.departure);
    const at = new Date(`${s.arrival}T15:00:00Z`);
    const extra = (item: typeof breakfast, quantity: number, pointOfSaleId: string) =>
      extraRows.push({ reservationId: s.id, businessId, itemId: item.id, pointOfSaleId, description: item.name, quantity, unitPrice: item.price, total: item.price * quantity, createdAt: at });
    const past = s.departure <= today;
    let extrasTotal = 0;
    if (past || s.arrival <= today) {
      if (i % 3 === 0) extra(breakfast, nights * s.adults, restaurant.id);
      if (i % 4 === 1) extra(parking, nights, reception.id);
      if (i % 7 === 2) extra(transfer, 1, reception.id);
      if (i % 5 === 3) extra(minibar, 2 + (i % 3), restaurant.id);
      extrasTotal = extraRows.filter((e) => e.reservationId === s.id).reduce((sum, e) => sum + (e.total ?? 0), 0);
    }
    const deposit = Math.round(s.total * 0.3);
    const depositOn = addDays(s.arrival, -Math.min(20, 5 + (i % 15)));
    if (i % 2 === 0 && depositOn <= today) paymentRows.push({ reservationId: s.id, businessId, accountId: pix.id, kind: "deposit", amount: deposit, receivedOn: depositOn, createdAt: now });
    if (past && s.status !== "no_show") {
      const paid = i % 2 === 0 ? deposit : 0;
      const rest = s.total + extrasTotal - paid;
      if (rest > 0) paymentRows.push({ reservationId: s.id, businessId, accountId: i % 3 === 0 ? cash.id : i % 3 === 1 ? pix.id : bank.id, kind: "balance", amount: rest, receivedOn: s.departure, createdAt: now });
    }
  });
  // A cancelled stay whose deposit went back: a refund settles it.
  const [cancelled] = await db
    .select({ id: reservations.id, arrival: reservations.arrival, total: reservations.total })
    .from(reservations)
    .where(and(eq(reservations.businessId, businessId), eq(reservations.status, "cancelled"), lte(reservations.arrival, today)))
    .orderBy(asc(reservations.arrival))
    .limit(1);
  if (cancelled) {
    const deposit = Math.round(cancelled.total * 0.3);
    paymentRows.push(
      { reservationId: cancelled.id, businessId, accountId: pix.id, kind: "deposit", amount: deposit, receivedOn: addDays(cancelled.arrival, -20), createdAt: now },
      { reservationId: cancelled.id, businessId, accountId: pix.id, kind: "refund", amount: deposit, receivedOn: addDays(cancelled.arrival, -10), notes: "Cancelamento dentro do prazo", createdAt: now },
    );
  }
  if (extraRows.length) await db.insert(reservationExtras).values(extraRows);
  if (paymentRows.length) await db.insert(payments).values(paymentRows);

  const [laundry] = await db
    .insert(suppliers)
    .values({ businessId, name: "Lavanderia Azul Ltda", taxId: "11222333000181", contactName: "Rita", phone: "+55 24 3371-1234", email: "contato@lavanderia-azul.com.br", createdAt: now, updatedAt: now })
    .returning();
  await db.insert(expenses).values(
    [3, 2, 1].map((monthsAgo) => ({
      businessId,
      supplierId: laundry.id,
      accountId: bank.id,
      amount: 38_000 + monthsAgo * 1_500,
      spentOn: addDays(today, -30 * monthsAgo),
      description: "Lavagem de roupa de cama e banho",
      createdAt: now,
    })),
  );
}
