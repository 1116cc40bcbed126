import { policyLines, type PolicyFacts } from "#domain/distribution/policy-lines.ts";
import { formatPercent } from "#domain/money.ts";
import { eq } from "drizzle-orm";
import { users } from "#api/db/schema/index.ts";
import { translatorFor } from "#api/i18n.ts";
import type { ApiDeps } from "#api/context.ts";
import { logger } from "#api/logger.ts";
import { sendMail } from "./index.ts";
import { render } from "./templates.ts";

export interface BookedStay {
  code: string;
  status: string;
  arrival: string;
  departure: string;
  nights: number;
  category: string;
  adults: number;
  children: number;
  total: number;
  currency: string;
  guest: { name: string; email: string | null; phone: string | null };
  notes: string | null;
}

const appUrl = (deps: ApiDeps) => deps.config.APP_URL.replace(/\/+$/, "");

function formatted(locale: string, stay: BookedStay) {
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  return {
    code: stay.code,
    arrival: date(stay.arrival),
    departure: date(stay.departure),
    nights: stay.nights,
    count: stay.nights,
    category: stay.category,
    adults: stay.adults,
    children: stay.children,
    total: new Intl.NumberFormat(locale, { style: "currency", currency: stay.currency }).format(stay.total / 100),
  };
}

/**
 * The two e-mails of an online booking: the guest's confirmation (in the language they booked in)
 * and the hotel's notice (in the business owner's language, to the engine's contact address).
 * Both go through the outbox; a failure to record one is logged and never undoes the booking.
 */
export async function sendBookingMails(
  deps: ApiDeps,
  data: {
    locale: string;
    hotel: { name: string; email: string | null; checkIn: string; checkOut: string; ownerId: string; policies?: PolicyFacts };
    slug: string;
    reservationId: string;
    stay: BookedStay;
  },
): Promise<void> {
  const { stay, hotel } = data;
  try {
    if (stay.guest.email) {
      const t = translatorFor(data.locale);
      const v = { ns: "bookingEngine", hotel: hotel.name, ...formatted(data.locale, stay) };
      const mail = render(t, {
        subject: t(stay.status === "confirmed" ? "mail.guest.subjectConfirmed" : "mail.guest.subjectPending", v),
        greetingName: stay.guest.name,
        paragraphs: [
          t(stay.status === "confirmed" ? "mail.guest.introConfirmed" : "mail.guest.introPending", v),
          t("mail.stay", v),
          t("mail.total", v),
          t("mail.guest.times", { ...v, checkIn: hotel.checkIn, checkOut: hotel.checkOut }),
          ...policyParagraphs(data.locale, hotel.policies),
        ],
        action: { label: t("mail.guest.action", v), url: `${appUrl(deps)}/p/${data.slug}/confirmation/${stay.code}` },
        after: [t("mail.guest.after", v)],
      });
      await sendMail(deps, { kind: "booking_confirmation", to: stay.guest.email, locale: data.locale, mail });
    }
    if (hotel.email) {
      const [owner] = await deps.db.select({ locale: users.preferredLanguage }).from(users).where(eq(users.id, hotel.ownerId)).limit(1);
      const locale = owner?.locale ?? "pt-BR";
      const t = translatorFor(locale);
      const v = { ns: "bookingEngine", hotel: hotel.name, guest: stay.guest.name, ...formatted(locale, stay) };
      const mail = render(t, {
        subject: t("mail.hotel.subject", v),
        greetingName: null,
        paragraphs: [
          t(stay.status === "confirmed" ? "mail.hotel.introConfirmed" : "mail.hotel.introPending", v),
          t("mail.stay", v),
          t("mail.total", v),
          t("mail.hotel.contact", { ...v, email: stay.guest.email ?? "—", phone: stay.guest.phone ?? "—" }),
          ...(stay.notes ? [t("mail.hotel.notes", { ...v, notes: stay.notes })] : []),
        ],
        action: { label: t("mail.hotel.action", v), url: `${appUrl(deps)}/bookings/${data.reservationId}` },
        after: [],
      });
      await sendMail(deps, { kind: "booking_notice", to: hotel.email, locale, mail });
    }
  } catch (err) {
    logger.error({ msg: "booking engine mail failed", code: stay.code, err });
  }
}

/** The hotel policies as e-mail paragraphs: a heading line, then one line per rule. */
function policyParagraphs(locale: string, policies: PolicyFacts | undefined): string[] {
  if (!policies) return [];
  const t = translatorFor(locale);
  const tp = (key: string, values: Record<string, unknown> = {}) => t(key, { ns: "pms", ...values });
  return [`${tp("policies.heading")}:`, ...policyLines(policies, tp, (v) => formatPercent(v, locale))];
}
