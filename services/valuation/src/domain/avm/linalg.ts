/** Solves A x = b (A square, row-major number[][]) by Gaussian elimination with partial pivoting. */
export function solveLinear(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(M[r]![col]!) > Math.abs(M[pivot]![col]!)) pivot = r;
    [M[col], M[pivot]] = [M[pivot]!, M[col]!];
    const p = M[col]![col]!;
    if (Math.abs(p) < 1e-300) continue;
    for (let r = col + 1; r < n; r++) {
      const f = M[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) M[r]![c]! -= f * M[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    const p = M[r]![r]!;
    if (Math.abs(p) < 1e-300) {
      x[r] = 0;
      continue;
    }
    let s = M[r]![n]!;
    for (let c = r + 1; c < n; c++) s -= M[r]![c]! * x[c]!;
    x[r] = s / p;
  }
  return x;
}

/**
 * Robust (Huber, IRLS) ridge regression without intercept of y on the columns of X, with optional
 * non-negativity on some coefficients (active set: a coefficient that comes out negative is fixed at 0).
 */
export function robustRegression(
  X: Float64Array[],
  y: Float64Array,
  options: { ridge?: number; nonNegative?: boolean[]; iterations?: number; huberK?: number } = {},
): number[] {
  const p = X.length;
  const n = y.length;
  const ridge = options.ridge ?? 1e-6;
  const huberK = options.huberK ?? 1.345;
  const weights = new Float64Array(n).fill(1);
  const active = new Array<boolean>(p).fill(true);
  let beta = new Array<number>(p).fill(0);
  for (let iteration = 0; iteration < (options.iterations ?? 8); iteration++) {
    for (let pass = 0; pass <= p; pass++) {
      const idx = active.map((a, j) => (a ? j : -1)).filter((j) => j >= 0);
      const A = idx.map(() => new Array<number>(idx.length).fill(0));
      const b = new Array<number>(idx.length).fill(0);
      for (let i = 0; i < n; i++) {
        const w = weights[i]!;
        if (w === 0) continue;
        for (let a = 0; a < idx.length; a++) {
          const xa = X[idx[a]!]![i]!;
          if (xa === 0) continue;
          b[a]! += w * xa * y[i]!;
          for (let c = a; c < idx.length; c++) A[a]![c]! += w * xa * X[idx[c]!]![i]!;
        }
      }
      for (let a = 0; a < idx.length; a++) {
        for (let c = 0; c < a; c++) A[a]![c] = A[c]![a]!;
        A[a]![a]! += ridge * (A[a]![a]! + 1);
      }
      const solved = solveLinear(A, b);
      beta = new Array<number>(p).fill(0);
      idx.forEach((j, a) => (beta[j] = solved[a]!));
      const negative = idx.find((j) => options.nonNegative?.[j] && beta[j]! < 0);
      if (negative === undefined) break;
      active[negative] = false;
    }
    const residuals = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let fit = 0;
      for (let j = 0; j < p; j++) fit += beta[j]! * X[j]![i]!;
      residuals[i] = y[i]! - fit;
    }
    const scale = 1.4826 * medianAbs(residuals) || 1e-9;
    for (let i = 0; i < n; i++) {
      const r = Math.abs(residuals[i]!) / scale;
      weights[i] = r <= huberK ? 1 : huberK / r;
    }
  }
  return beta;
}

function medianAbs(values: Float64Array): number {
  const a = Float64Array.from(values, Math.abs).sort();
  return a.length ? a[a.length >> 1]! : 0;
}
