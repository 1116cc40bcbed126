import { eq } from "drizzle-orm";
import type { Database } from "#api/db/client.ts";
import { bookingEngines, businesses } from "#api/db/schema/index.ts";
import { DEMO_BUSINESS } from "./businesses.ts";

/** The demo pousada's public booking page, enabled, at /p/pousada-mare-alta (it holds the motor add-on). */
export async function seedBookingEngine(db: Database, now: Date): Promise<void> {
  const [business] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, DEMO_BUSINESS.id));
  if (!business) return;
  await db.insert(bookingEngines).values({
    businessId: business.id,
    slug: "pousada-mare-alta",
    enabled: true,
    headline: {
      "pt-BR": "Pé na areia em Paraty",
      "en-US": "Steps from the beach in Paraty",
      "es-ES": "A pasos de la playa en Paraty",
      "fr-CA": "À deux pas de la plage à Paraty",
      "it-IT": "A due passi dalla spiaggia a Paraty",
    },
    description: {
      "pt-BR": "Quartos claros com vista para o mar, café da manhã caseiro e atendimento de família. Reserve direto com a pousada pelo melhor preço.",
      "en-US": "Bright rooms with sea views, home-made breakfast and family service. Book directly with the pousada for the best price.",
      "es-ES": "Habitaciones luminosas con vista al mar, desayuno casero y atención familiar. Reserve directamente con la posada al mejor precio.",
      "fr-CA": "Chambres lumineuses avec vue sur la mer, déjeuner maison et accueil familial. Réservez directement auprès de la pousada au meilleur prix.",
      "it-IT": "Camere luminose con vista mare, colazione fatta in casa e accoglienza familiare. Prenota direttamente con la pousada al miglior prezzo.",
    },
    policies: {
      "pt-BR": "Cancelamento gratuito até 7 dias antes da chegada. Crianças até 5 anos não pagam. Não aceitamos animais.",
      "en-US": "Free cancellation up to 7 days before arrival. Children up to 5 stay free. No pets.",
      "es-ES": "Cancelación gratuita hasta 7 días antes de la llegada. Niños hasta 5 años no pagan. No se admiten mascotas.",
      "fr-CA": "Annulation gratuite jusqu’à 7 jours avant l’arrivée. Gratuit pour les enfants de 5 ans et moins. Animaux non admis.",
      "it-IT": "Cancellazione gratuita fino a 7 giorni prima dell’arrivo. Bambini fino a 5 anni gratis. Animali non ammessi.",
    },
    contactEmail: "reservas@pousada-demo.com.br",
    contactPhone: "+55 24 3371-0000",
    // Colour, stay limits, times and confirmation keep the table's defaults (1–30 nights, 14:00/12:00, pending).
    createdAt: now,
    updatedAt: now,
  });
}
