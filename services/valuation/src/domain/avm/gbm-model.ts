/** One regression tree in array form: internal nodes have feature >= 0; leaves have feature = -1 and a value. */
export interface Tree {
  feature: Int32Array;
  threshold: Float64Array;
  thresholdBin: Int32Array;
  missingLeft: Uint8Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
}

/** Column-major feature matrix: columns[f][row], NaN = missing. */
export interface FeatureMatrix {
  columns: Float64Array[];
  rows: number;
}

/** Leaf a row of raw feature values (NaN = missing) falls into. */
function leafOf(tree: Tree, row: ArrayLike<number>): number {
  let node = 0;
  while (tree.feature[node]! >= 0) {
    const v = row[tree.feature[node]!]!;
    const goLeft = Number.isNaN(v) ? tree.missingLeft[node] === 1 : v <= tree.threshold[node]!;
    node = goLeft ? tree.left[node]! : tree.right[node]!;
  }
  return node;
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
      sum += tree.value[leafOf(tree, row)]!;
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

  /** Number of splits per feature (a simple importance measure for diagnostics). */
  splitCounts(): number[] {
    const counts = new Array<number>(this.featureCount).fill(0);
    for (const tree of this.trees) for (const f of tree.feature) if (f >= 0) counts[f]!++;
    return counts;
  }
}
