import { normalise } from "./text.ts";

/**
 * What a question asks, in any of the five interface languages. Matching is by keywords on the
 * accent-free, lower-case text; the first kind whose words appear wins, so the order below goes
 * from the most specific question to the most general ("tarifa média" is a summary, not a rate).
 */
export const INTENT_KINDS = ["help", "daysToUpdate", "suggestions", "holidays", "movements", "summary", "occupancy", "rate"] as const;
export type IntentKind = (typeof INTENT_KINDS)[number] | "unknown";

const WORDS: Record<(typeof INTENT_KINDS)[number], string[]> = {
  help: [
    "ajuda", "o que voce", "o que vc", "como funciona", "help", "what can you", "what do you", "how do you work",
    "ayuda", "que puedes", "que sabes", "aide", "que peux-tu", "que sais-tu", "que pouvez-vous", "aiuto", "cosa puoi", "cosa sai", "comandos", "commands",
  ],
  daysToUpdate: [
    "dias para atualizar", "atualizar", "publicar", "days to update", "to update", "publish", "dias por actualizar", "actualizar",
    "mettre a jour", "a mettre a jour", "publier", "da aggiornare", "aggiornare", "pubblicare",
  ],
  suggestions: ["sugest", "suggest", "sugerenc", "recomend", "recommand", "recommend", "suggeriment", "suggerisc", "consigli", "conseil", "dica"],
  holidays: ["feriado", "holiday", "festivo", "ferie", "jour ferie", "jours feries", "festivita", "festivi"],
  movements: [
    "chegada", "chegam", "chega ", "saida", "saem", "check-in", "checkin", "check in", "check-out", "checkout", "check out",
    "arrival", "arriving", "arrive", "departure", "departing", "leaving", "llegada", "llegan", "salida", "salen",
    "arrivee", "arrivent", "depart", "partent", "arrivi", "arrivo", "arrivano", "partenz", "partono",
  ],
  summary: [
    "receita", "faturamento", "faturei", "resumo", "desempenho", "diaria media", "tarifa media", "adr", "revpar",
    "revenue", "summary", "performance", "average daily rate", "average rate", "earn", "ingreso", "facturacion", "resumen", "rendimiento",
    "revenu", "chiffre d'affaires", "resume", "bilan", "prix moyen", "tarif moyen", "ricav", "fatturato", "riepilogo", "tariffa media", "prezzo medio",
  ],
  occupancy: [
    "ocupacao", "ocupad", "lotad", "disponib", "vaga", "quartos livres", "livre", "occupancy", "occupied", "available", "free rooms", "full", "booked",
    "ocupacion", "libre", "occupation", "taux d'occupation", "chambres libres", "complet", "occupazione", "occupat", "camere libere", "liber", "pieno",
  ],
  rate: [
    "tarifa", "preco", "diaria", "quanto custa", "valor", "rate", "price", "how much", "cost", "precio", "cuanto cuesta", "cuanto vale",
    "tarif", "prix", "combien", "tariffa", "prezzo", "quanto costa",
  ],
};

/** Words that must stand alone (so "adr" does not match "padrão", nor "rate" "separate"). */
const WHOLE_WORDS = new Set(["adr", "revpar", "rate", "full", "cost", "valor", "earn", "depart", "arrive", "livre", "libre", "resume", "dica"]);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const MATCHERS = INTENT_KINDS.map((kind) => {
  const parts = WORDS[kind].map((w) => (WHOLE_WORDS.has(w) ? `\\b${escape(w)}s?\\b` : escape(w)));
  return [kind, new RegExp(parts.join("|"))] as const;
});

export function detectIntent(question: string): IntentKind {
  const text = normalise(question);
  for (const [kind, matcher] of MATCHERS) if (matcher.test(text)) return kind;
  return "unknown";
}
