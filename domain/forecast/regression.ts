/**
 * Ridge regression with its penalty chosen by generalised cross-validation (Golub, Heath & Wahba
 * 1979) — no constant fitted by hand — and the exact leave-one-out predictions that make its
 * error comparable with the other methods' (a fitted model always looks good on its own data;
 * exact for the penalty and the column scaling chosen on all the rows).
 * Columns are standardised; the intercept is not penalised. Small dense algebra: a few features,
 * a few hundred rows.
 */

/** Penalties tried, times the number of rows (standardised columns make them comparable). */
export const PENALTIES = [1e-4, 1e-3, 1e-2, 3e-2, 1e-1, 3e-1, 1, 3, 10, 100] as const;

export interface RidgeFit {
  predict(features: readonly number[]): number;
  /** Each training row's prediction by the model fitted without it. */
  leaveOneOut: number[];
  penalty: number;
}

/** Solves A x = b for a symmetric positive-definite A (Cholesky); A is p × p, row-major. */
function solve(a: Float64Array, b: Float64Array, p: number): Float64Array {
  const l = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * p + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * p + k]! * l[j * p + k]!;
      l[i * p + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / l[j * p + j]!;
    }
  }
  const y = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i * p + k]! * y[k]!;
    y[i] = sum / l[i * p + i]!;
  }
  const x = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let sum = y[i]!;
    for (let k = i + 1; k < p; k++) sum -= l[k * p + i]! * x[k]!;
    x[i] = sum / l[i * p + i]!;
  }
  return x;
}

/** Fits y ≈ β0 + Σ βj xj with the best of `penalties` by GCV; null with fewer rows than features + 2 (nothing to learn from). */
export function fitRidge(rows: readonly (readonly number[])[], targets: readonly number[], penalties: readonly number[] = PENALTIES): RidgeFit | null {
  const n = rows.length;
  const k = rows[0]?.length ?? 0;
  if (n < k + 2) return null;
  const mean = new Float64Array(k);
  const scale = new Float64Array(k);
  for (const r of rows) for (let j = 0; j < k; j++) mean[j]! += r[j]! / n;
  for (const r of rows) for (let j = 0; j < k; j++) scale[j]! += (r[j]! - mean[j]!) ** 2 / n;
  for (let j = 0; j < k; j++) scale[j] = Math.sqrt(scale[j]!) || 1;
  const p = k + 1;
  const x = rows.map((r) => [1, ...r.map((v, j) => (v - mean[j]!) / scale[j]!)]);
  const gram = new Float64Array(p * p);
  const xty = new Float64Array(p);
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < p; a++) {
      xty[a]! += x[i]![a]! * targets[i]!;
      for (let b = 0; b < p; b++) gram[a * p + b]! += x[i]![a]! * x[i]![b]!;
    }
  }
  let best: { score: number; beta: Float64Array; loo: number[]; penalty: number } | null = null;
  for (const penalty of penalties) {
    const a = gram.slice();
    for (let j = 1; j < p; j++) a[j * p + j]! += penalty * n;
    const beta = solve(a, xty, p);
    const inverse = Array.from({ length: p }, (_, c) => solve(a, Float64Array.from({ length: p }, (_, r) => (r === c ? 1 : 0)), p));
    // Hat diagonal h_i = x_i' A⁻¹ x_i; GCV = mean squared residual ÷ (1 − trace/n)².
    let rss = 0;
    let trace = 0;
    const loo: number[] = [];
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      const fitted = xi.reduce((s, v, j) => s + v * beta[j]!, 0);
      let h = 0;
      for (let r = 0; r < p; r++) for (let c = 0; c < p; c++) h += xi[r]! * inverse[c]![r]! * xi[c]!;
      const residual = targets[i]! - fitted;
      rss += residual ** 2;
      trace += h;
      loo.push(targets[i]! - residual / Math.max(1 - h, 1e-9));
    }
    const score = rss / n / (1 - trace / n) ** 2;
    if (!best || score < best.score) best = { score, beta, loo, penalty };
  }
  const { beta, loo, penalty } = best!;
  return {
    penalty,
    leaveOneOut: loo,
    predict: (features) => beta[0]! + features.reduce((s, v, j) => s + ((v - mean[j]!) / scale[j]!) * beta[j + 1]!, 0),
  };
}
