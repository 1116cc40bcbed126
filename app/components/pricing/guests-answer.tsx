import { useTranslation } from "react-i18next";
import type { RecommendationsJson } from "#contract/brain";
import { numberFormat } from "#domain/intl-formats";

/**
 * What the brain knows of the guests' answer to price (ADR 0064): learnt; too few quotes yet; or
 * enough that do not show it (or came after the day's fit: they count from tomorrow).
 */
export function GuestsAnswer({ answer }: { answer: RecommendationsJson["guests_answer"] }) {
  const { t, i18n } = useTranslation("pricing");
  const number = numberFormat(i18n.language);
  const values = { quotes: number.format(answer.quotes), needed: number.format(answer.needed) };
  const text =
    answer.elasticity != null
      ? t("brain.guestsAnswer.learnt", { ...values, percent: number.format(Math.round((1 - 1.1 ** answer.elasticity) * 100)) })
      : t(answer.quotes < answer.needed ? "brain.guestsAnswer.learning" : "brain.guestsAnswer.unclear", values);
  return (
    <p className="mb-3 text-sm text-slate-700" data-testid="guests-answer">
      {text}
    </p>
  );
}
