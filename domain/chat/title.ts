/** Longest conversation title, in characters. */
export const MAX_TITLE_CHARS = 80;

/** A conversation's title from its first question: one line, cut at a word, with an ellipsis when cut. */
export function conversationTitle(question: string): string {
  const line = question.replace(/\s+/g, " ").trim();
  if (line.length <= MAX_TITLE_CHARS) return line;
  const cut = line.slice(0, MAX_TITLE_CHARS - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > MAX_TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
