import { binFeatures } from './gbm-bins';
import { GbmModel, type FeatureMatrix, type Tree } from './gbm-model';
import { growTree, type GrowthContext } from './gbm-tree';
import { seededRandom } from './random';

export { GbmModel, type FeatureMatrix } from './gbm-model';

/**
 * Histogram gradient-boosted regression trees (leaf-wise growth, as in LightGBM / scikit-learn's
 * HistGradientBoosting): features are bucketed into at most `maxBins` quantile bins plus a bin for missing
 * values (NaN), whose direction is learned at every split (gbm-bins.ts, gbm-tree.ts).
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

export interface TrainResult {
  model: GbmModel;
  /** Mean absolute error on the validation rows after each tree (when validation rows were given). */
  validationCurve: number[];
}

export interface TrainOptions {
  /** Base margin per row (e.g. a comparable-sales estimate); the trees fit y - init. */
  init?: Float64Array;
  validation?: { matrix: FeatureMatrix; y: Float64Array; init?: Float64Array };
  /** Stop when the validation error has not improved for this many trees. */
  earlyStoppingRounds?: number;
}

/**
 * Fits trees to y - init (init = an optional base margin per row, e.g. a comparable-sales estimate).
 * Returns a model whose predictRow excludes the margin; add it back when predicting.
 */
export function trainGbm(matrix: FeatureMatrix, y: Float64Array, params: GbmParams, options: TrainOptions = {}): TrainResult {
  const n = matrix.rows;
  const init = options.init ?? new Float64Array(n);
  const baseScore = median(Float64Array.from(y, (v, i) => v - init[i]!));
  const pred = Float64Array.from(init, (v) => v + baseScore);
  const ctx: GrowthContext = {
    binned: binFeatures(matrix, params.maxBins),
    grad: new Float64Array(n),
    hess: new Float64Array(n),
    maxLeaves: params.maxLeaves,
    minSamplesLeaf: params.minSamplesLeaf,
    l2: params.l2,
    learningRate: params.learningRate,
  };
  const sampleRows = rowSampler(n, params.subsample, seededRandom(params.seed));
  const tracker = options.validation ? new ValidationTracker(options.validation, baseScore, matrix.columns.length, options.earlyStoppingRounds) : null;
  const trees: Tree[] = [];
  for (let iteration = 0; iteration < params.iterations; iteration++) {
    computeGradients(pred, y, ctx.grad, ctx.hess, params.huberDelta);
    const tree = growTree(ctx, sampleRows());
    trees.push(tree);
    addTreeToTraining(tree, ctx, pred);
    if (tracker && tracker.add(tree, iteration) === 'stop') break;
  }
  return { model: new GbmModel(baseScore, trees, matrix.columns.length), validationCurve: tracker?.curve ?? [] };
}

/** Rows each tree is grown on: all of them, or a seeded sample without replacement of the subsample share. */
function rowSampler(n: number, subsample: number, random: () => number): () => Int32Array {
  const allRows = Int32Array.from({ length: n }, (_, i) => i);
  const sampleSize = Math.max(1, Math.round(n * Math.min(1, subsample)));
  if (sampleSize >= n) return () => allRows;
  return () => {
    // Partial Fisher-Yates: the first sampleSize entries form the sample; sorted for cache-friendly scans.
    const perm = Int32Array.from(allRows);
    for (let i = 0; i < sampleSize; i++) {
      const j = i + Math.floor(random() * (n - i));
      const t = perm[i]!;
      perm[i] = perm[j]!;
      perm[j] = t;
    }
    return perm.subarray(0, sampleSize).sort();
  };
}

/** Adds a new tree's output to every training row's prediction (walking the binned features). */
function addTreeToTraining(tree: Tree, ctx: GrowthContext, pred: Float64Array): void {
  const { bins } = ctx.binned;
  for (let i = 0; i < pred.length; i++) {
    let node = 0;
    while (tree.feature[node]! >= 0) {
      const b = bins[tree.feature[node]!]![i]!;
      const goLeft = b === 0 ? tree.missingLeft[node] === 1 : b <= tree.thresholdBin[node]!;
      node = goLeft ? tree.left[node]! : tree.right[node]!;
    }
    pred[i]! += tree.value[node]!;
  }
}

/** Validation predictions kept up to date tree by tree; records the error curve and decides early stopping. */
class ValidationTracker {
  readonly curve: number[] = [];
  private readonly pred: Float64Array;
  private readonly rows: Float64Array[];
  private bestError = Infinity;
  private bestIteration = 0;

  constructor(
    private readonly validation: NonNullable<TrainOptions['validation']>,
    baseScore: number,
    private readonly featureCount: number,
    private readonly earlyStoppingRounds: number | undefined,
  ) {
    this.pred = Float64Array.from(validation.y, (_, i) => (validation.init?.[i] ?? 0) + baseScore);
    this.rows = Array.from({ length: validation.matrix.rows }, (_, i) => Float64Array.from(validation.matrix.columns, (c) => c[i]!));
  }

  add(tree: Tree, iteration: number): 'continue' | 'stop' {
    const single = new GbmModel(0, [tree], this.featureCount);
    let absSum = 0;
    for (let i = 0; i < this.rows.length; i++) {
      this.pred[i]! += single.predictRow(this.rows[i]!);
      absSum += Math.abs(this.pred[i]! - this.validation.y[i]!);
    }
    const error = absSum / Math.max(1, this.rows.length);
    this.curve.push(error);
    if (error < this.bestError) {
      this.bestError = error;
      this.bestIteration = iteration;
    } else if (this.earlyStoppingRounds !== undefined && iteration - this.bestIteration >= this.earlyStoppingRounds) {
      return 'stop';
    }
    return 'continue';
  }
}

/** Gradient and hessian of the (pseudo-Huber or squared) loss at the current predictions. */
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
