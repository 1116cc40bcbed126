import { describe, expect, it } from "vitest";
import { cellErrorsFrom, cellName, gridChanges, wasName } from "#app/components/competitors/grid-form";

const A = "c0000000-0000-4000-8000-00000000000a";
const B = "c0000000-0000-4000-8000-00000000000b";

function form(cells: [string, string, string, string][]) {
  const f = new FormData();
  f.set("intent", "rates");
  for (const [id, date, typed, was] of cells) {
    f.set(cellName(id, date), typed);
    f.set(wasName(id, date), was);
  }
  return f;
}

describe("the rate grid's form", () => {
  it("sends only the changed cells: amounts, sold out, and blanks that erase", () => {
    const { changes, errors } = gridChanges(
      form([
        [A, "2030-01-07", "350,00", "350,00"],
        [A, "2030-01-08", "1.234,50", "300,00"],
        [B, "2030-01-07", "esgotado", ""],
        [B, "2030-01-08", "", "280,00"],
        [B, "2030-01-09", " ", ""],
      ]),
    );
    expect(errors).toEqual({});
    expect(changes).toEqual([
      { competitor_id: A, date: "2030-01-08", rate: 123_450 },
      { competitor_id: B, date: "2030-01-07", rate: null },
      { competitor_id: B, date: "2030-01-08", rate: null, clear: true },
    ]);
  });

  it("names the cells it cannot read", () => {
    const { errors } = gridChanges(form([[A, "2030-01-07", "caro", ""]]));
    expect(errors).toEqual({ [cellName(A, "2030-01-07")]: "competitors:validation.rate" });
  });

  it("puts the API's row errors back on their cells, the rest above the grid", () => {
    const changes = [
      { competitor_id: A, date: "2030-01-07", rate: 100 },
      { competitor_id: B, date: "2030-01-08", rate: 200 },
    ];
    expect(cellErrorsFrom({ "rates.1.competitor_id": ["desconhecido"], rates: ["demais"] }, changes)).toEqual({
      cells: { [cellName(B, "2030-01-08")]: "desconhecido" },
      rest: ["demais"],
    });
  });
});
