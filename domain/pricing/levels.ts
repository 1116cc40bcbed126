/**
 * Occupancy bands (fluctuation levels).
 *
 * Valid bands, sorted by `from_percentage`, partition 0–100 %: the first starts at 0, the last
 * ends at 100, each starts where the previous ends. A band is `[from, to)`: an occupancy equal to
 * a boundary belongs to the upper band, except 100 % which belongs to the last band.
 */
import type { FluctuationLevel, PricingProblem } from "./types.ts";

/** Occupancy as the engine uses it: a finite percent clamped to 0–100 (missing or NaN = 0). */
export function normalizeOccupancy(occupancy: number | null | undefined): number {
  if (typeof occupancy !== "number" || !Number.isFinite(occupancy)) return 0;
  return occupancy < 0 ? 0 : occupancy > 100 ? 100 : occupancy;
}

function sortLevels(levels: readonly FluctuationLevel[]): FluctuationLevel[] {
  return [...levels].sort((a, b) => a.from_percentage - b.from_percentage || a.to_percentage - b.to_percentage);
}

/** A resolver over pre-sorted bands, for callers that resolve many occupancies. */
export function levelResolver(levels: readonly FluctuationLevel[]): (occupancy: number) => FluctuationLevel | null {
  const sorted = sortLevels(levels);
  const last = sorted[sorted.length - 1];
  return (occupancy) => {
    const occ = normalizeOccupancy(occupancy);
    if (occ === 100) {
      return last && last.from_percentage <= 100 && last.to_percentage >= 100 ? last : null;
    }
    // Scanning upwards and keeping the last hit makes a shared boundary belong to the upper band
    // (and, in an invalid overlapping set, the higher band win).
    let hit: FluctuationLevel | null = null;
    for (const band of sorted) {
      if (band.from_percentage > occ) break;
      if (occ < band.to_percentage) hit = band;
    }
    return hit;
  };
}

/**
 * The band containing `occupancy` (percent; clamped to 0–100, NaN = 0), or null when no band
 * contains it (no bands, or a gap in an invalid set).
 */
export function resolveLevel(levels: readonly FluctuationLevel[], occupancy: number): FluctuationLevel | null {
  return levelResolver(levels)(occupancy);
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Problems of a band set; an empty list means the bands partition 0–100 %. */
export function validateFluctuationLevels(levels: readonly FluctuationLevel[]): PricingProblem[] {
  const problems: PricingProblem[] = [];
  if (!levels || levels.length === 0) {
    return [{ code: "pricing.level.empty", severity: "error", path: [] }];
  }
  const seenIds = new Map<string, number>();
  const seenLevels = new Map<number, number>();
  const usable: { band: FluctuationLevel; index: number }[] = [];

  levels.forEach((band, index) => {
    if (!band.name || !band.name.trim()) {
      problems.push({ code: "pricing.level.nameRequired", severity: "error", path: [index, "name"] });
    }
    if (seenIds.has(band.uuid)) {
      problems.push({ code: "pricing.level.duplicateId", severity: "error", path: [index, "uuid"], params: { other: seenIds.get(band.uuid)! } });
    } else seenIds.set(band.uuid, index);
    if (seenLevels.has(band.level)) {
      problems.push({ code: "pricing.level.duplicateLevel", severity: "error", path: [index, "level"], params: { level: band.level } });
    } else seenLevels.set(band.level, index);

    const { from_percentage: from, to_percentage: to } = band;
    if (!isNum(from) || !isNum(to)) {
      problems.push({ code: "pricing.level.notNumber", severity: "error", path: [index, isNum(from) ? "to_percentage" : "from_percentage"] });
      return;
    }
    let ok = true;
    if (from < 0 || from > 100) {
      problems.push({ code: "pricing.level.outOfRange", severity: "error", path: [index, "from_percentage"], params: { value: from } });
      ok = false;
    }
    if (to < 0 || to > 100) {
      problems.push({ code: "pricing.level.outOfRange", severity: "error", path: [index, "to_percentage"], params: { value: to } });
      ok = false;
    }
    if (from >= to) {
      problems.push({ code: "pricing.level.emptyBand", severity: "error", path: [index, "to_percentage"], params: { from, to } });
      ok = false;
    }
    if (ok) usable.push({ band, index });
  });

  if (usable.length === 0) return problems;
  usable.sort((a, b) => a.band.from_percentage - b.band.from_percentage || a.band.to_percentage - b.band.to_percentage);

  const first = usable[0];
  if (first.band.from_percentage !== 0) {
    problems.push({ code: "pricing.level.firstNotZero", severity: "error", path: [first.index, "from_percentage"], params: { value: first.band.from_percentage } });
  }
  // `reach` is how far the bands so far cover; comparing against it (not just the previous band)
  // keeps a wide band that swallows smaller ones from hiding overlaps or inventing gaps.
  let reach = first.band.to_percentage;
  let reachIndex = first.index;
  for (let i = 1; i < usable.length; i++) {
    const next = usable[i];
    if (next.band.from_percentage > reach) {
      problems.push({
        code: "pricing.level.gap",
        severity: "error",
        path: [next.index, "from_percentage"],
        params: { from: reach, to: next.band.from_percentage },
      });
    } else if (next.band.from_percentage < reach) {
      problems.push({
        code: "pricing.level.overlap",
        severity: "error",
        path: [next.index, "from_percentage"],
        params: { other: reachIndex, from: next.band.from_percentage, to: Math.min(reach, next.band.to_percentage) },
      });
    }
    if (next.band.to_percentage > reach) {
      reach = next.band.to_percentage;
      reachIndex = next.index;
    }
  }
  if (reach !== 100) {
    problems.push({ code: "pricing.level.lastNotHundred", severity: "error", path: [reachIndex, "to_percentage"], params: { value: reach } });
  }
  return problems;
}
