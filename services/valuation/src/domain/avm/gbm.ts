import { seededRandom } from './random';

/**
 * Histogram gradient-boosted regression trees (leaf-wise growth, as in LightGBM / scikit-learn's
 * HistGradientBoosting): features are bucketed into at most `maxBins` quantile bins plus a bin for missing
 * values (NaN), whose direction is learned at every split.
 */
export interface GbmParams {
  iterations: number;
  learningRate: number;
  maxLeaves: number;
  minSamplesLeaf: number;
  l2: number;
  maxBins: number;
  /** Share of rows drawn (without replacement, seeded) for each tree. */
  subsample: number;
  /** Pseudo-Huber loss scale on the residual; null = squared error. */
  huberDelta: number | null;
  seed: number;
}

export const defaultGbmParams: GbmParams = {
  iterations: 400,
  learningRate: 0.05,
  maxLeaves: 31,
  minSamplesLeaf: 20,
  l2: 1,
  maxBins: 255,
  subsample: 0.8,
  huberDelta: 0.1,
  seed: 1,
};

/** Column-major feature matrix: columns[f][row], NaN = missing. */
export interface FeatureMatrix {
  columns: Float64Array[];
  rows: number;
}

interface Tree {
  // Internal nodes use feature >= 0; leaves have feature = -1 and value.
  feature: Int32Array;
  threshold: Float64Array;
  thresholdBin: Int32Array;
  missingLeft: Uint8Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

export class GbmModel {
  constructor(
    readonly baseScore: number,
    private readonly trees: Tree[],
    readonly featureCount: number,
  ) {}

  get treeCount(): number {
    return this.trees.length;
  }

  /** Prediction for one row of raw feature values (NaN = missing), excluding any external base margin. */
  predictRow(row: ArrayLike<number>, treeLimit = this.trees.length): number {
    let sum = this.baseScore;
    const limit = Math.min(treeLimit, this.trees.length);
    for (let t = 0; t < limit; t++) {
      const tree = this.trees[t]!;
      let node = 0;
      while (tree.feature[node]! >= 0) {
        const v = row[tree.feature[node]!]!;
        const goLeft = Number.isNaN(v) ? tree.missingLeft[node] === 1 : v <= tree.threshold[node]!;
        node = goLeft ? tree.left[node]! : tree.right[node]!;
      }
      sum += tree.value[node]!;
    }
    return sum;
  }

  predict(matrix: FeatureMatrix, treeLimit?: number): Float64Array {
    const out = new Float64Array(matrix.rows);
    const row = new Float64Array(matrix.columns.length);
    for (let i = 0; i < matrix.rows; i++) {
      for (let f = 0; f < row.length; f++) row[f] = matrix.columns[f]![i]!;
      out[i] = this.predictRow(row, treeLimit);
    }
    return out;
  }

  /** Total split gain per feature (a simple importance measure for diagnostics). */
  splitCounts(): number[] {
    const counts = new Array<number>(this.featureCount).fill(0);
    for (const tree of this.trees) for (const f of tree.feature) if (f >= 0) counts[f]!++;
    return counts;
  }
}

interface Binned {
  bins: Uint8Array[];
  thresholds: Float64Array[];
  binCount: number[];
}

/** Quantile bin edges per feature; bin 0 is missing, value v goes to 1 + #(edges < v). */
function binFeatures(matrix: FeatureMatrix, maxBins: number): Binned {
  const bins: Uint8Array[] = [];
  const thresholds: Float64Array[] = [];
  const binCount: number[] = [];
  for (const column of matrix.columns) {
    const values = Float64Array.from(column.filter((v) => !Number.isNaN(v))).sort();
    const distinct: number[] = [];
    const counts: number[] = [];
    for (const v of values) {
      if (distinct.length > 0 && distinct[distinct.length - 1] === v) counts[counts.length - 1]!++;
      else {
        distinct.push(v);
        counts.push(1);
      }
    }
    const edges: number[] = [];
    if (distinct.length <= maxBins) {
      for (let i = 0; i + 1 < distinct.length; i++) edges.push((distinct[i]! + distinct[i + 1]!) / 2);
    } else {
      const step = values.length / maxBins;
      let cumulative = 0;
      let next = step;
      for (let i = 0; i + 1 < distinct.length; i++) {
        cumulative += counts[i]!;
        if (cumulative >= next) {
          edges.push((distinct[i]! + distinct[i + 1]!) / 2);
          while (next <= cumulative) next += step;
        }
      }
    }
    const edgeArray = Float64Array.from(edges.slice(0, maxBins - 1));
    const b = new Uint8Array(matrix.rows);
    for (let i = 0; i < matrix.rows; i++) {
      const v = column[i]!;
      if (Number.isNaN(v)) {
        b[i] = 0;
        continue;
      }
      let lo = 0;
      let hi = edgeArray.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (edgeArray[mid]! < v) lo = mid + 1;
        else hi = mid;
      }
      b[i] = lo + 1;
    }
    bins.push(b);
    thresholds.push(edgeArray);
    binCount.push(edgeArray.length + 2);
  }
  return { bins, thresholds, binCount };
}

interface Histogram {
  g: Float64Array;
  h: Float64Array;
  c: Float64Array;
}

interface SplitCandidate {
  gain: number;
  feature: number;
  bin: number;
  missingLeft: boolean;
}

interface Leaf {
  rows: Int32Array;
  hist: Histogram;
  G: number;
  H: number;
  node: number;
  split: SplitCandidate | null;
}

export interface TrainResult {
  model: GbmModel;
  /** Mean absolute error on the validation rows after each tree (when validation rows were given). */
  validationCurve: number[];
}

/**
 * Fits trees to y - init (init = an optional base margin per row, e.g. a comparable-sales estimate).
 * Returns a model whose predictRow excludes the margin; add it back when predicting.
 */
export function trainGbm(
  matrix: FeatureMatrix,
  y: Float64Array,
  params: GbmParams,
  options: {
    init?: Float64Array;
    validation?: { matrix: FeatureMatrix; y: Float64Array; init?: Float64Array };
    /** Stop when the validation error has not improved for this many trees. */
    earlyStoppingRounds?: number;
  } = {},
): TrainResult {
  const n = matrix.rows;
  const nFeatures = matrix.columns.length;
  const random = seededRandom(params.seed);
  const binned = binFeatures(matrix, params.maxBins);
  const stride = 256;
  const init = options.init ?? new Float64Array(n);

  const residualStart = Float64Array.from(y, (v, i) => v - init[i]!);
  const baseScore = median(residualStart);
  const pred = Float64Array.from(init, (v) => v + baseScore);
  const grad = new Float64Array(n);
  const hess = new Float64Array(n);
  const trees: Tree[] = [];

  const validation = options.validation;
  const validPred = validation ? Float64Array.from(validation.y, (_, i) => (validation.init?.[i] ?? 0) + baseScore) : null;
  const validRows = validation
    ? Array.from({ length: validation.matrix.rows }, (_, i) => Float64Array.from(validation.matrix.columns, (c) => c[i]!))
    : [];
  const validationCurve: number[] = [];
  let bestError = Infinity;
  let bestIteration = 0;

  const newHistogram = (): Histogram => ({
    g: new Float64Array(nFeatures * stride),
    h: new Float64Array(nFeatures * stride),
    c: new Float64Array(nFeatures * stride),
  });

  const buildHistogram = (rows: Int32Array): Histogram => {
    const hist = newHistogram();
    for (let f = 0; f < nFeatures; f++) {
      const col = binned.bins[f]!;
      const off = f * stride;
      const hg = hist.g;
      const hh = hist.h;
      const hc = hist.c;
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k]!;
        const b = off + col[r]!;
        hg[b]! += grad[r]!;
        hh[b]! += hess[r]!;
        hc[b]!++;
      }
    }
    return hist;
  };

  const subtract = (parent: Histogram, child: Histogram): Histogram => {
    const out = newHistogram();
    for (let i = 0; i < out.g.length; i++) {
      out.g[i] = parent.g[i]! - child.g[i]!;
      out.h[i] = parent.h[i]! - child.h[i]!;
      out.c[i] = parent.c[i]! - child.c[i]!;
    }
    return out;
  };

  const bestSplit = (hist: Histogram, G: number, H: number, count: number): SplitCandidate | null => {
    if (count < 2 * params.minSamplesLeaf) return null;
    const lambda = params.l2;
    const parentScore = (G * G) / (H + lambda);
    let best: SplitCandidate | null = null;
    for (let f = 0; f < nFeatures; f++) {
      const off = f * stride;
      const nb = binned.binCount[f]!;
      const gm = hist.g[off]!;
      const hm = hist.h[off]!;
      const cm = hist.c[off]!;
      let gl = 0;
      let hl = 0;
      let cl = 0;
      for (let b = 1; b < nb - 1; b++) {
        gl += hist.g[off + b]!;
        hl += hist.h[off + b]!;
        cl += hist.c[off + b]!;
        if (cl === 0) continue;
        const crNoMiss = count - cm - cl;
        if (crNoMiss <= 0) break;
        for (let side = 0; side < 2; side++) {
          const missingLeft = side === 0;
          if (!missingLeft && cm === 0) continue;
          const GL = missingLeft ? gl + gm : gl;
          const HL = missingLeft ? hl + hm : hl;
          const CL = missingLeft ? cl + cm : cl;
          const CR = count - CL;
          if (CL < params.minSamplesLeaf || CR < params.minSamplesLeaf) continue;
          const GR = G - GL;
          const HR = H - HL;
          const gain = (GL * GL) / (HL + lambda) + (GR * GR) / (HR + lambda) - parentScore;
          if (gain > 1e-12 && (!best || gain > best.gain)) best = { gain, feature: f, bin: b, missingLeft };
        }
      }
    }
    return best;
  };

  const allRows = Int32Array.from({ length: n }, (_, i) => i);
  const sampleSize = Math.max(1, Math.round(n * Math.min(1, params.subsample)));

  for (let iteration = 0; iteration < params.iterations; iteration++) {
    computeGradients(pred, y, grad, hess, params.huberDelta);

    let rows = allRows;
    if (sampleSize < n) {
      // Partial Fisher-Yates: first sampleSize entries form the sample; sorted for cache-friendly scans.
      const perm = Int32Array.from(allRows);
      for (let i = 0; i < sampleSize; i++) {
        const j = i + Math.floor(random() * (n - i));
        const t = perm[i]!;
        perm[i] = perm[j]!;
        perm[j] = t;
      }
      rows = perm.subarray(0, sampleSize).sort();
    }

    const feature: number[] = [];
    const thresholdBin: number[] = [];
    const missingLeft: number[] = [];
    const left: number[] = [];
    const right: number[] = [];
    const value: number[] = [];
    const addNode = () => {
      feature.push(-1);
      thresholdBin.push(0);
      missingLeft.push(0);
      left.push(-1);
      right.push(-1);
      value.push(0);
      return feature.length - 1;
    };

    const sums = (r: Int32Array) => {
      let G = 0;
      let H = 0;
      for (let k = 0; k < r.length; k++) {
        G += grad[r[k]!]!;
        H += hess[r[k]!]!;
      }
      return { G, H };
    };

    const rootSums = sums(rows);
    const rootHist = buildHistogram(rows);
    const root: Leaf = { rows, hist: rootHist, G: rootSums.G, H: rootSums.H, node: addNode(), split: null };
    root.split = bestSplit(root.hist, root.G, root.H, rows.length);
    const open: Leaf[] = [root];
    const finished: Leaf[] = [];
    let leafCount = 1;

    while (leafCount < params.maxLeaves) {
      let bestIndex = -1;
      for (let i = 0; i < open.length; i++) {
        const s = open[i]!.split;
        if (s && (bestIndex < 0 || s.gain > open[bestIndex]!.split!.gain)) bestIndex = i;
      }
      if (bestIndex < 0) break;
      const leaf = open.splice(bestIndex, 1)[0]!;
      const split = leaf.split!;
      const col = binned.bins[split.feature]!;
      const leftRows: number[] = [];
      const rightRows: number[] = [];
      for (let k = 0; k < leaf.rows.length; k++) {
        const r = leaf.rows[k]!;
        const b = col[r]!;
        const goLeft = b === 0 ? split.missingLeft : b <= split.bin;
        (goLeft ? leftRows : rightRows).push(r);
      }
      const lRows = Int32Array.from(leftRows);
      const rRows = Int32Array.from(rightRows);
      const smallIsLeft = lRows.length <= rRows.length;
      const smallHist = buildHistogram(smallIsLeft ? lRows : rRows);
      const largeHist = subtract(leaf.hist, smallHist);
      const lSums = sums(lRows);
      const lNode = addNode();
      const rNode = addNode();
      feature[leaf.node] = split.feature;
      thresholdBin[leaf.node] = split.bin;
      missingLeft[leaf.node] = split.missingLeft ? 1 : 0;
      left[leaf.node] = lNode;
      right[leaf.node] = rNode;
      const lLeaf: Leaf = { rows: lRows, hist: smallIsLeft ? smallHist : largeHist, G: lSums.G, H: lSums.H, node: lNode, split: null };
      const rLeaf: Leaf = {
        rows: rRows,
        hist: smallIsLeft ? largeHist : smallHist,
        G: leaf.G - lSums.G,
        H: leaf.H - lSums.H,
        node: rNode,
        split: null,
      };
      leafCount++;
      for (const child of [lLeaf, rLeaf]) {
        child.split = leafCount < params.maxLeaves ? bestSplit(child.hist, child.G, child.H, child.rows.length) : null;
        open.push(child);
      }
    }
    finished.push(...open);
    for (const leaf of finished) value[leaf.node] = (-leaf.G / (leaf.H + params.l2)) * params.learningRate;

    const threshold = feature.map((f, i) => (f >= 0 ? binned.thresholds[f]![thresholdBin[i]! - 1]! : 0));
    const tree: Tree = {
      feature: Int32Array.from(feature),
      threshold: Float64Array.from(threshold),
      thresholdBin: Int32Array.from(thresholdBin),
      missingLeft: Uint8Array.from(missingLeft),
      left: Int32Array.from(left),
      right: Int32Array.from(right),
      value: Float64Array.from(value),
    };
    trees.push(tree);

    for (let i = 0; i < n; i++) {
      let node = 0;
      while (tree.feature[node]! >= 0) {
        const b = binned.bins[tree.feature[node]!]![i]!;
        const goLeft = b === 0 ? tree.missingLeft[node] === 1 : b <= tree.thresholdBin[node]!;
        node = goLeft ? tree.left[node]! : tree.right[node]!;
      }
      pred[i]! += tree.value[node]!;
    }

    if (validation && validPred) {
      let absSum = 0;
      const single = new GbmModel(0, [tree], nFeatures);
      for (let i = 0; i < validRows.length; i++) {
        validPred[i]! += single.predictRow(validRows[i]!);
        absSum += Math.abs(validPred[i]! - validation.y[i]!);
      }
      const error = absSum / Math.max(1, validRows.length);
      validationCurve.push(error);
      if (error < bestError) {
        bestError = error;
        bestIteration = iteration;
      } else if (options.earlyStoppingRounds !== undefined && iteration - bestIteration >= options.earlyStoppingRounds) {
        break;
      }
    }
  }

  return { model: new GbmModel(baseScore, trees, nFeatures), validationCurve };
}

function computeGradients(pred: Float64Array, y: Float64Array, grad: Float64Array, hess: Float64Array, delta: number | null) {
  for (let i = 0; i < pred.length; i++) {
    const r = pred[i]! - y[i]!;
    if (delta === null) {
      grad[i] = r;
      hess[i] = 1;
    } else {
      const z = r / delta;
      const s = Math.sqrt(1 + z * z);
      grad[i] = r / s;
      hess[i] = 1 / (s * s * s);
    }
  }
}

function median(values: Float64Array): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
