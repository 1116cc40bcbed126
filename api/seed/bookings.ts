import { asc, eq, sql } from "drizzle-orm";
import { CODE_ALPHABET, CODE_LENGTH } from "#domain/bookings/code.ts";
import { addDays, stayNights, todayIn } from "#domain/bookings/stay.ts";
import { weekday } from "#domain/pricing/dates.ts";
import { rebuildInventory } from "#api/services/bookings/inventory.ts";
import type { Database } from "#api/db/client.ts";
import { bookingQuotes, businesses, type guests, type reservationNights, reservations, roomBlocks, roomCategories, rooms } from "#api/db/schema/index.ts";
import { mulberry32 } from "#domain/random.ts";

/**
 * Three years of the demo pousada's life: rooms 101–108 (Standard), 201–204 (Deluxe), 301–302
 * (Suíte), two years of past stays and one of future bookings, fuller on weekends, in summer
 * (December–February), Carnaval, July and around holidays; rates a little lower each year back.
 * Each stay is booked a lead time before it that depends on its channel (walk-ins on the day,
 * OTAs weeks before, direct guests months before), and a stay whose booking day is still to come
 * does not exist yet — so future months fill as their dates approach, and pickup, pace and
 * booking curves read real histories. Cancellations (with the day they happened), no-shows, a
 * couple of room blocks and an open quote. Deterministic (seeded PRNG, dates relative to the
 * business's today) and inserted in bulk, then the inventory counters are rebuilt in one statement.
 * Does nothing without the pousada.
 */
export async function seedBookings(db: Database, now: Date, businessName = "Pousada Maré Alta"): Promise<void> {
  const [business] = await db.select().from(businesses).where(eq(businesses.companyName, businessName)).limit(1);
  if (!business) return;
  const categories = await db.select().from(roomCategories).where(eq(roomCategories.businessId, business.id)).orderBy(asc(roomCategories.position), asc(roomCategories.createdAt));
  if (categories.length === 0) return;
  const roomRows = await insertRooms(db, business.id, categories, now);
  const book: DemoBook = {
    business,
    categories,
    now,
    today: todayIn(business.timezone, now),
    random: mulberry32(20_260_101),
    taken: new Map(roomRows.map((r) => [r.id, new Set<string>()])),
    blocks: [],
    guests: [],
    reservations: [],
    nights: [],
    codes: new Set(),
  };
  blockDemoRooms(book, roomRows);
  for (const room of roomRows) fillRoom(book, room);
  addCancellations(book);
  await insertBook(db, book);
  await rebuildInventory(db, business.id);
  await insertQuote(db, book);
}

type Category = typeof roomCategories.$inferSelect;
type Room = typeof rooms.$inferSelect;
type Status = (typeof reservations.$inferInsert)["status"];

/** The demo pousada's book, built in memory (deterministically, from one PRNG) before one bulk insert per table. */
interface DemoBook {
  business: typeof businesses.$inferSelect;
  categories: Category[];
  now: Date;
  today: string;
  random: () => number;
  /** room id → nights taken (by a stay or a block). */
  taken: Map<string, Set<string>>;
  blocks: (typeof roomBlocks.$inferInsert)[];
  guests: (typeof guests.$inferInsert & { id: string })[];
  reservations: (typeof reservations.$inferInsert & { id: string })[];
  nights: (typeof reservationNights.$inferInsert)[];
  /** Reservation codes given so far. */
  codes: Set<string>;
}

/** Rooms: 101…, 201…, 301… — as many per category as it sells. */
async function insertRooms(db: Database, businessId: string, categories: Category[], now: Date): Promise<Room[]> {
  return db
    .insert(rooms)
    .values(
      categories.flatMap((c, ci) =>
        Array.from({ length: c.roomCount }, (_, i) => ({ businessId, categoryId: c.id, number: String((ci + 1) * 100 + i + 1), floor: String(ci + 1), createdAt: now, updatedAt: now })),
      ),
    )
    .returning();
}

/** Blocks: room 104 under maintenance for three nights in two weeks; one suite for the owner on a weekend next month. */
function blockDemoRooms(book: DemoBook, roomRows: Room[]): void {
  const block = (roomNumber: string, startsAt: string, nights: number, reason: string, notes: string) => {
    const room = roomRows.find((r) => r.number === roomNumber);
    if (!room) return;
    const endsAt = addDays(startsAt, nights - 1);
    book.blocks.push({ businessId: book.business.id, categoryId: room.categoryId, roomId: room.id, count: 1, startsAt, endsAt, reason, notes, createdAt: book.now, updatedAt: book.now });
    for (const n of stayNights(startsAt, addDays(endsAt, 1))) book.taken.get(room.id)!.add(n);
  };
  block("104", addDays(book.today, 14), 3, "maintenance", "Troca do ar-condicionado");
  const nextFriday = addDays(book.today, 30 + ((5 - weekday(addDays(book.today, 30)) + 7) % 7));
  block("302", nextFriday, 2, "owner_use", "Família do proprietário");
}

/** A reservation code not given yet. */
function newCode(book: DemoBook): string {
  for (;;) {
    let code = "";
    for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[Math.floor(book.random() * CODE_ALPHABET.length)];
    if (!book.codes.has(code)) return book.codes.add(code), code;
  }
}

/** A version-4 UUID from the seed's PRNG (so the demo data is the same on every run). */
function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${"89ab"[Math.floor(random() * 4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** When a stay of `channel` arriving on `arrival` was booked (a lead time drawn for its channel), or null when that day is still to come. */
function bookedAt(book: DemoBook, channel: string, arrival: string): Date | null {
  const lead = leadTime(book.random, channel, isHigh(arrival));
  const at = Date.parse(`${addDays(arrival, -lead)}T00:00:00Z`) + (lead === 0 ? 13 : 9 + Math.floor(book.random() * 13)) * 3_600_000 + Math.floor(book.random() * 3_600_000);
  return at > book.now.getTime() ? null : new Date(at);
}

/** Adds a stay booked at a drawn time; false (nothing added) when it would be booked after now. */
function addStay(book: DemoBook, category: Category, roomId: string | null, arrival: string, nights: number, status: Status): boolean {
  const { business, random, now, today } = book;
  const channel = pick(random, CHANNEL_WEIGHTS);
  const createdAt = bookedAt(book, channel, arrival);
  if (!createdAt) return false;
  const departure = addDays(arrival, nights);
  const dates = stayNights(arrival, departure);
  const guest = makeGuest(random, uuid(random), business.id);
  book.guests.push({ ...guest, createdAt, updatedAt: createdAt });
  const maxGuests = Math.max(category.minOccupation, Math.min(category.maxOccupation, 4));
  const people = category.minOccupation + Math.floor(random() * (maxGuests - category.minOccupation + 1));
  const children = people > 2 && random() < 0.6 ? people - 2 : 0;
  const rates = dates.map((d) => nightlyRate(category, d, today));
  const total = rates.reduce((s, r) => s + r, 0);
  // Cancelled some time between booking and arrival (never after now).
  const cancelledAt = status === "cancelled" ? new Date(createdAt.getTime() + random() * (Math.min(now.getTime(), Date.parse(`${arrival}T12:00:00Z`)) - createdAt.getTime())) : null;
  const id = uuid(random);
  const holds = status !== "cancelled" && status !== "no_show";
  book.reservations.push({
    id,
    businessId: business.id,
    code: newCode(book),
    status,
    arrival,
    departure,
    categoryId: category.id,
    roomId: holds ? roomId : null,
    guestId: guest.id,
    adults: people - children,
    children,
    ratePerNight: Math.round(total / dates.length),
    total,
    currency: business.currency,
    channel,
    notes: random() < 0.08 ? pick(random, NOTES) : null,
    createdAt,
    updatedAt: cancelledAt ?? createdAt,
    cancelledAt,
    cancellationReason: status === "cancelled" ? pick(random, CANCEL_REASONS) : null,
    checkedInAt: status === "checked_in" || status === "checked_out" ? new Date(`${arrival}T17:00:00Z`) : null,
    checkedOutAt: status === "checked_out" ? new Date(`${departure}T14:00:00Z`) : null,
  });
  for (const [i, night] of dates.entries()) {
    book.nights.push({ reservationId: id, night, businessId: business.id, categoryId: category.id, roomId: holds ? roomId : null, rate: rates[i], holds });
  }
  return true;
}

/** The status of a stay from `arrival` to `departure` as of today (a few past ones were no-shows). */
function stayStatus(book: DemoBook, arrival: string, departure: string): Status {
  const { random, today } = book;
  const past = departure <= today;
  const current = arrival <= today && today < departure;
  let status: Status = past ? "checked_out" : current ? (arrival === today ? "confirmed" : "checked_in") : random() < 0.1 ? "pending" : "confirmed";
  if (arrival <= today && random() < 0.03) status = "no_show";
  return status;
}

/** Fills one room's nights over the three years with stays, about as full as each night's demand. */
function fillRoom(book: DemoBook, room: Room): void {
  const { random } = book;
  const category = book.categories.find((c) => c.id === room.categoryId)!;
  const nights = book.taken.get(room.id)!;
  const to = addDays(book.today, DAYS_AHEAD);
  for (let day = addDays(book.today, -DAYS_BACK); day < to; ) {
    const target = demand(day);
    // A stay starts on a free night with a chance that keeps the room about `target` full.
    if (nights.has(day) || random() > target * START_FACTOR) {
      day = addDays(day, 1);
      continue;
    }
    // Friday arrivals mostly stay the weekend; otherwise short stays, longer in high season.
    let length = weekday(day) === 5 && random() < 0.7 ? 2 : 1 + Math.floor(random() * random() * (isHigh(day) ? 7 : 4));
    while (length > 1 && stayNights(day, addDays(day, length)).some((n) => nights.has(n) || n >= to)) length--;
    const departure = addDays(day, length);
    const status = stayStatus(book, day, departure);
    // Not booked yet (its booking day is still to come): the room stays free that night.
    if (!addStay(book, category, room.id, day, length, status)) {
      day = addDays(day, 1);
      continue;
    }
    if (status !== "no_show") for (const n of stayNights(day, departure)) nights.add(n);
    day = departure;
  }
}

/** Cancellations: about one booking in twelve, on dates across the three years. */
function addCancellations(book: DemoBook): void {
  const { random, categories } = book;
  const cancellations = Math.round(book.reservations.length / 12);
  const from = addDays(book.today, -DAYS_BACK);
  const span = DAYS_BACK + DAYS_AHEAD;
  for (let i = 0; i < cancellations; i++) {
    const category = categories[Math.floor(random() * categories.length)];
    addStay(book, category, null, addDays(from, Math.floor(random() * span)), 1 + Math.floor(random() * 4), "cancelled");
  }
}

/** One JSON parameter per table: PGlite parses it far faster than thousands of bound values. */
async function insertBook(db: Database, book: DemoBook): Promise<void> {
  await bulk(db, "guests", "id uuid, business_id uuid, name text, email text, phone text, document text, country text", book.guests.map((g) => ({ id: g.id, business_id: g.businessId, name: g.name, email: g.email, phone: g.phone, document: g.document, country: g.country })));
  await bulk(
    db,
    "reservations",
    "id uuid, business_id uuid, code text, status text, arrival date, departure date, category_id uuid, room_id uuid, guest_id uuid, adults int, children int, rate_per_night int, total int, currency text, channel text, notes text, created_at timestamptz, updated_at timestamptz, cancelled_at timestamptz, cancellation_reason text, checked_in_at timestamptz, checked_out_at timestamptz",
    book.reservations.map((r) => ({
      id: r.id,
      business_id: r.businessId,
      code: r.code,
      status: r.status,
      arrival: r.arrival,
      departure: r.departure,
      category_id: r.categoryId,
      room_id: r.roomId,
      guest_id: r.guestId,
      adults: r.adults,
      children: r.children,
      rate_per_night: r.ratePerNight,
      total: r.total,
      currency: r.currency,
      channel: r.channel,
      notes: r.notes,
      created_at: r.createdAt,
      updated_at: r.updatedAt,
      cancelled_at: r.cancelledAt,
      cancellation_reason: r.cancellationReason,
      checked_in_at: r.checkedInAt,
      checked_out_at: r.checkedOutAt,
    })),
  );
  await bulk(
    db,
    "reservation_nights",
    "reservation_id uuid, night date, business_id uuid, category_id uuid, room_id uuid, rate int, holds boolean",
    book.nights.map((n) => ({ reservation_id: n.reservationId, night: n.night, business_id: n.businessId, category_id: n.categoryId, room_id: n.roomId, rate: n.rate, holds: n.holds })),
  );
  if (book.blocks.length) await db.insert(roomBlocks).values(book.blocks);
}

/** An open quote for the suite, six weeks ahead. */
async function insertQuote(db: Database, { business, categories, today, now }: DemoBook): Promise<void> {
  const suite = categories[categories.length - 1];
  const quoteArrival = addDays(today, 45);
  const quoteNights = stayNights(quoteArrival, addDays(quoteArrival, 3)).map((date) => ({ date, rate: nightlyRate(suite, date, today), season: null, level: null }));
  await db.insert(bookingQuotes).values({
    businessId: business.id,
    categoryId: suite.id,
    arrival: quoteArrival,
    departure: addDays(quoteArrival, 3),
    adults: 2,
    children: 1,
    guestName: "Helena Duarte",
    guestEmail: "helena.duarte@example.com",
    nights: quoteNights,
    total: quoteNights.reduce((s, n) => s + n.rate, 0),
    currency: business.currency,
    notes: "Aniversário de casamento",
    validUntil: addDays(today, 7),
    createdAt: now,
  });
}

/** Inserts rows given as JSON objects whose keys are the columns named in `columns` ("name type, …"). */
async function bulk(db: Database, table: string, columns: string, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const names = columns
    .split(",")
    .map((c) => c.trim().split(" ")[0])
    .join(", ");
  await db.execute(sql`insert into ${sql.identifier(table)} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(rows)}::json) as x(${sql.raw(columns)})`);
}

/** Scales a night's demand into the chance that a stay starts on it. */
const START_FACTOR = 0.55;

/** Days of stays before today and after it. */
const DAYS_BACK = 730;
const DAYS_AHEAD = 365;

/**
 * How full the pousada tends to be that night (0–1) once every booking is in. Future nights are
 * emptier today only because some of their bookings are still to be made (see `bookedAt`).
 */
function demand(night: string): number {
  const dow = weekday(night);
  let target = dow === 5 || dow === 6 ? 0.9 : dow === 0 ? 0.3 : 0.28;
  if (isHigh(night)) target = Math.min(0.97, target + 0.35);
  else if (nearHoliday(night)) target = Math.min(0.95, target + 0.3);
  return target;
}

/** National holidays with a fixed date (MM-DD) and the nights around them: long weekends fill up. */
const HOLIDAYS = ["04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "11-20"];
function nearHoliday(night: string): boolean {
  return [-1, 0, 1].some((d) => HOLIDAYS.includes(addDays(night, d).slice(5)));
}

/**
 * Days between booking and arrival for a channel: walk-ins on the day, OTAs (Booking.com,
 * Expedia) a few weeks before, Airbnb a little more, direct and phone bookings months before;
 * high season books further ahead. An exponential draw around each channel's mean, capped.
 */
function leadTime(random: () => number, channel: string, high: boolean): number {
  const mean = LEAD_MEANS[channel] ?? 20;
  if (mean === 0) return 0;
  return Math.min(300, Math.floor(-mean * (high ? 1.6 : 1) * Math.log(1 - random() * 0.999)));
}
const LEAD_MEANS: Record<string, number> = { walk_in: 0, booking_com: 18, expedia: 24, airbnb: 32, phone: 21, direct: 48 };

/** Summer (December–February), Carnaval week (mid-February) and the July school holidays. */
function isHigh(night: string): boolean {
  const month = Number(night.slice(5, 7));
  return month === 12 || month === 1 || month === 7 || (month === 2 && Number(night.slice(8, 10)) <= 20);
}

/**
 * A plausible rate (the tariff is seeded afterwards): R$ 250 base, weekends, holidays and high
 * season higher, per category; 7 % lower for each year before today.
 */
function nightlyRate(category: { priceVariationType: string; priceVariationValue: number }, night: string, today: string): number {
  const dow = weekday(night);
  let base = isHigh(night) ? 35_000 : dow === 5 || dow === 6 || nearHoliday(night) ? 29_000 : 25_000;
  const yearsBack = Math.max(0, (Date.parse(today) - Date.parse(night)) / (365 * 86_400_000));
  base *= Math.pow(0.93, yearsBack);
  base = category.priceVariationType === "percentage" ? Math.round(base * (1 + category.priceVariationValue / 100)) : base + category.priceVariationValue;
  return Math.round(base / 100) * 100;
}

const CHANNEL_WEIGHTS: [string, number][] = [
  ["booking_com", 34],
  ["direct", 24],
  ["airbnb", 16],
  ["phone", 14],
  ["expedia", 10],
  ["walk_in", 2],
];
const CANCEL_REASONS: [string, number][] = [
  ["Mudança de planos", 5],
  ["Problema de saúde", 2],
  ["Encontrou outra hospedagem", 2],
  ["Cancelado pelo canal", 3],
];
const NOTES: [string, number][] = [
  ["Chegada depois das 22h", 3],
  ["Pediu berço", 1],
  ["Lua de mel", 1],
  ["Alergia a frutos do mar", 1],
  ["Vaga de garagem", 2],
];

const FIRST = ["Ana", "Bruno", "Carla", "Diego", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela", "João", "Larissa", "Marcos", "Natália", "Otávio", "Paula", "Rafael", "Sofia", "Thiago", "Vitória", "William", "Camila", "Lucas", "Mariana", "Pedro", "Beatriz", "Gustavo", "Juliana", "Rodrigo", "Letícia", "André"];
const LAST = ["Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Ferreira", "Costa", "Rodrigues", "Almeida", "Nascimento", "Carvalho", "Araújo", "Ribeiro", "Martins", "Rocha", "Barbosa", "Teixeira", "Mendes", "Cardoso"];
const ABROAD: [string, string, string][] = [
  ["Emma", "Müller", "DE"],
  ["Lucía", "García", "ES"],
  ["Marco", "Rossi", "IT"],
  ["Chloé", "Tremblay", "CA"],
  ["James", "Smith", "US"],
  ["Sofía", "Fernández", "AR"],
  ["Mateo", "González", "UY"],
];

function makeGuest(random: () => number, id: string, businessId: string) {
  let name: string;
  let country: string;
  if (random() < 0.15) {
    const [first, last, c] = ABROAD[Math.floor(random() * ABROAD.length)];
    name = `${first} ${last}`;
    country = c;
  } else {
    name = `${FIRST[Math.floor(random() * FIRST.length)]} ${LAST[Math.floor(random() * LAST.length)]}`;
    country = "BR";
  }
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, ".");
  const phone = country === "BR" ? `+55 ${11 + Math.floor(random() * 80)} 9${String(Math.floor(random() * 1e8)).padStart(8, "0")}` : null;
  return { id, businessId, name, email: random() < 0.85 ? `${slug}${Math.floor(random() * 90) + 10}@example.com` : null, phone, document: null, country };
}

function pick<T>(random: () => number, weighted: [T, number][]): T {
  const total = weighted.reduce((s, [, w]) => s + w, 0);
  let r = random() * total;
  for (const [value, w] of weighted) if ((r -= w) < 0) return value;
  return weighted[weighted.length - 1][0];
}
