import type { TFunction } from "i18next";
import {
  composeDaysToUpdate,
  composeHelp,
  composeHolidays,
  composeMovements,
  composeNoAccess,
  composeOccupancy,
  composeRate,
  composeSuggestions,
  composeSummary,
  composeUnknown,
  type ComposeContext,
  type ComposedAnswer,
} from "#domain/chat/compose.ts";
import type { IntentKind } from "#domain/chat/intents.ts";
import { mentionedCategory, planQuestion } from "#domain/chat/plan.ts";
import type { ChatAnswer, ChatProvider, ChatRequest } from "./provider.ts";

/** Which permissions open each kind of answer (any one of them), and the area named when none is held. */
const ACCESS: Partial<Record<IntentKind, { anyOf: string[]; area: string }>> = {
  rate: { anyOf: ["user.calendar", "user.price-settings"], area: "calendar" },
  holidays: { anyOf: ["user.calendar", "user.price-settings"], area: "calendar" },
  daysToUpdate: { anyOf: ["user.calendar", "user.price-settings"], area: "calendar" },
  suggestions: { anyOf: ["user.price-settings"], area: "priceSettings" },
  occupancy: { anyOf: ["user.availability", "user.calendar"], area: "availability" },
  movements: { anyOf: ["user.reservations"], area: "reservations" },
  summary: { anyOf: ["user.reservations"], area: "reservations" },
};

/**
 * The built-in revenue assistant: no external model. It reads the question (intents and dates in
 * the five interface languages), asks the business's live data and writes the answer from
 * translated sentences — the same question on the same data always gets the same answer.
 */
export function builtinChatProvider(translator: (locale: string) => TFunction): ChatProvider {
  return {
    name: "builtin",
    async answer(request: ChatRequest): Promise<ChatAnswer> {
      const fixed = translator(request.locale);
      const ctx: ComposeContext = {
        t: (key, values) => fixed(key, { ns: "chat", ...values }) as string,
        locale: request.locale,
        currency: request.business.currency,
      };
      const previous = [...request.history].reverse().find((turn) => turn.role === "assistant" && turn.data)?.data?.kind ?? null;
      const plan = planQuestion(request.question, { today: request.today, locale: request.locale, previous });
      const access = ACCESS[plan.kind];
      if (access && !access.anyOf.some((p) => request.permissions.includes(p))) return composeNoAccess(ctx, access.area);
      const answer = await answerPlan(ctx, request, plan.kind, plan.span);
      return answer;
    },
  };
}

async function answerPlan(ctx: ComposeContext, request: ChatRequest, kind: IntentKind, span: { from: string; to: string } | null): Promise<ComposedAnswer> {
  const { tools } = request;
  switch (kind) {
    case "help":
      return composeHelp(ctx);
    case "rate": {
      const category = mentionedCategory(request.question, await tools.categories());
      return composeRate(ctx, await tools.rate(span!.from, category?.uuid));
    }
    case "occupancy":
      return composeOccupancy(ctx, await tools.occupancy(span!));
    case "movements":
      return composeMovements(ctx, await tools.movements(span!.from));
    case "summary":
      return composeSummary(ctx, await tools.summary(span!));
    case "holidays":
      return composeHolidays(ctx, await tools.holidays(span!));
    case "suggestions":
      return composeSuggestions(ctx, await tools.suggestions());
    case "daysToUpdate":
      return composeDaysToUpdate(ctx, await tools.daysToUpdate());
    default:
      return composeUnknown(ctx);
  }
}
