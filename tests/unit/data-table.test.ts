import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable, type Column } from "#app/components/ui/data-table.tsx";

/** The one table of lists and reports (issue 23): what screen readers and the e2e selectors rely on. */
type Line = { name: string; nights: number };

const COLUMNS: Column<Line>[] = [
  { header: "Canal", cell: (l) => l.name },
  { header: "Noites", figure: true, cell: (l) => String(l.nights) },
  { header: "Ações", hiddenHeader: true, cell: (l) => `editar ${l.name}` },
];
const ROWS: Line[] = [
  { name: "Booking.com", nights: 12 },
  { name: "Direto", nights: 3 },
];

function render(props: Partial<Parameters<typeof DataTable<Line>>[0]> = {}): string {
  return renderToStaticMarkup(createElement(DataTable<Line>, { caption: "Por canal", columns: COLUMNS, rows: ROWS, rowKey: (l) => l.name, ...props }));
}

/** The opening tags of the elements named, in order. */
function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) => m[0]);
}

/** The text of one section (thead, tbody, tfoot) of the table, or null without it. */
function section(html: string, name: string): string | null {
  return new RegExp(`<${name}\\b[^>]*>([\\s\\S]*?)</${name}>`).exec(html)?.[1] ?? null;
}

describe("DataTable", () => {
  it("names the table by its caption and heads each column with scope col", () => {
    const html = render();
    expect(html).toMatch(/<caption class="sr-only">Por canal<\/caption>/);
    expect(tags(section(html, "thead")!, "th")).toHaveLength(3);
    expect(tags(section(html, "thead")!, "th").every((th) => th.includes('scope="col"'))).toBe(true);
    // A hidden header is still there for screen readers.
    expect(section(html, "thead")).toContain('<span class="sr-only">Ações</span>');
  });

  it("makes the first cell of each row its header only when asked", () => {
    const plain = section(render(), "tbody")!;
    expect(tags(plain, "th")).toHaveLength(0);
    expect(tags(plain, "td")).toHaveLength(6);
    const headed = section(render({ rowHeader: true }), "tbody")!;
    expect(tags(headed, "th")).toHaveLength(2);
    expect(tags(headed, "th").every((th) => th.includes('scope="row"'))).toBe(true);
    expect(headed).toMatch(/<th scope="row"[^>]*>Booking\.com<\/th>/);
    expect(tags(headed, "td")).toHaveLength(4);
  });

  it("right-aligns figure columns in tabular digits, and only them", () => {
    const figure = (cell: string) => /\btext-right\b/.test(cell) && /\btabular-nums\b/.test(cell);
    expect(tags(section(render(), "tbody")!, "td").map(figure)).toEqual([false, true, false, false, true, false]);
    // The header of a figure column stands over its figures.
    expect(tags(section(render(), "thead")!, "th").map((th) => /\btext-right\b/.test(th))).toEqual([false, true, false]);
  });

  it("puts the totals in a footer row, its first cell a row header, only when given", () => {
    expect(section(render(), "tfoot")).toBeNull();
    const footer = section(render({ rowHeader: true, footer: { name: "Total", nights: 15 } }), "tfoot")!;
    expect(tags(footer, "tr")).toHaveLength(1);
    expect(footer).toMatch(/<th scope="row"[^>]*>Total<\/th>/);
    expect(footer).toMatch(/<td class="[^"]*text-right tabular-nums[^"]*">15<\/td>/);
  });

  it("boxed: a focusable region named by the caption, which shows", () => {
    expect(render()).not.toContain('role="region"');
    const html = render({ boxed: true });
    expect(html).toMatch(/^<div role="region" aria-label="Por canal" tabindex="0" class="[^"]*overflow-x-auto/);
    expect(html).toMatch(/<caption class="(?![^"]*sr-only)[^"]*">Por canal<\/caption>/);
  });

  it("gives rows their attributes and classes", () => {
    const html = render({ rowAttributes: (l) => ({ "data-channel": l.name }), rowClassName: (l) => (l.nights < 5 ? "text-slate-600" : "") });
    const rows = tags(section(html, "tbody")!, "tr");
    expect(rows[0]).toContain('data-channel="Booking.com"');
    expect(rows[1]).toMatch(/class="[^"]*text-slate-600[^"]*" data-channel="Direto"/);
    expect(rows[0]).not.toContain("text-slate-600");
  });
});
