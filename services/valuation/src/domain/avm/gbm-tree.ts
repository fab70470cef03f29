import { binStride, type Binned } from './gbm-bins';
import type { Tree } from './gbm-model';

/** What growing one tree needs: the binned features, this round's gradients and the growth limits. */
export interface GrowthContext {
  binned: Binned;
  grad: Float64Array;
  hess: Float64Array;
  maxLeaves: number;
  minSamplesLeaf: number;
  l2: number;
  learningRate: number;
}

/** Gradient, hessian and row count per (feature, bin), features at multiples of binStride. */
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

/**
 * Grows one tree leaf-wise on the given rows (always splitting the open leaf with the largest gain) until it
 * has maxLeaves leaves or no split gains; leaf values are shrunk Newton steps.
 */
export function growTree(ctx: GrowthContext, rows: Int32Array): Tree {
  const nodes = new NodeList();
  const rootSums = gradientSums(ctx, rows);
  const root: Leaf = { rows, hist: buildHistogram(ctx, rows), G: rootSums.G, H: rootSums.H, node: nodes.add(), split: null };
  root.split = bestSplit(ctx, root.hist, root.G, root.H, rows.length);
  const open: Leaf[] = [root];
  let leafCount = 1;
  while (leafCount < ctx.maxLeaves) {
    const leaf = takeBestLeaf(open);
    if (!leaf) break;
    const children = splitLeaf(ctx, leaf, nodes);
    leafCount++;
    for (const child of children) {
      child.split = leafCount < ctx.maxLeaves ? bestSplit(ctx, child.hist, child.G, child.H, child.rows.length) : null;
      open.push(child);
    }
  }
  for (const leaf of open) nodes.value[leaf.node] = (-leaf.G / (leaf.H + ctx.l2)) * ctx.learningRate;
  return nodes.toTree(ctx.binned);
}

/** Node arrays of a tree under construction. */
class NodeList {
  readonly feature: number[] = [];
  readonly thresholdBin: number[] = [];
  readonly missingLeft: number[] = [];
  readonly left: number[] = [];
  readonly right: number[] = [];
  readonly value: number[] = [];

  /** A new leaf; returns its index. */
  add(): number {
    this.feature.push(-1);
    this.thresholdBin.push(0);
    this.missingLeft.push(0);
    this.left.push(-1);
    this.right.push(-1);
    this.value.push(0);
    return this.feature.length - 1;
  }

  /** Turns a leaf into a split node with two new leaves; returns their indices. */
  split(node: number, split: SplitCandidate): [number, number] {
    const l = this.add();
    const r = this.add();
    this.feature[node] = split.feature;
    this.thresholdBin[node] = split.bin;
    this.missingLeft[node] = split.missingLeft ? 1 : 0;
    this.left[node] = l;
    this.right[node] = r;
    return [l, r];
  }

  toTree(binned: Binned): Tree {
    const threshold = this.feature.map((f, i) => (f >= 0 ? binned.thresholds[f]![this.thresholdBin[i]! - 1]! : 0));
    return {
      feature: Int32Array.from(this.feature),
      threshold: Float64Array.from(threshold),
      thresholdBin: Int32Array.from(this.thresholdBin),
      missingLeft: Uint8Array.from(this.missingLeft),
      left: Int32Array.from(this.left),
      right: Int32Array.from(this.right),
      value: Float64Array.from(this.value),
    };
  }
}

/** Removes and returns the open leaf whose best split gains most (the first on ties), or null if none can split. */
function takeBestLeaf(open: Leaf[]): Leaf | null {
  let bestIndex = -1;
  for (let i = 0; i < open.length; i++) {
    const s = open[i]!.split;
    if (s && (bestIndex < 0 || s.gain > open[bestIndex]!.split!.gain)) bestIndex = i;
  }
  return bestIndex < 0 ? null : open.splice(bestIndex, 1)[0]!;
}

/** Applies the leaf's split: partitions its rows, builds the smaller child's histogram and derives the other's. */
function splitLeaf(ctx: GrowthContext, leaf: Leaf, nodes: NodeList): [Leaf, Leaf] {
  const split = leaf.split!;
  const { leftRows, rightRows } = partitionRows(ctx.binned.bins[split.feature]!, leaf.rows, split);
  const smallIsLeft = leftRows.length <= rightRows.length;
  const smallHist = buildHistogram(ctx, smallIsLeft ? leftRows : rightRows);
  const largeHist = subtractHistogram(leaf.hist, smallHist);
  const leftSums = gradientSums(ctx, leftRows);
  const [leftNode, rightNode] = nodes.split(leaf.node, split);
  const left: Leaf = { rows: leftRows, hist: smallIsLeft ? smallHist : largeHist, G: leftSums.G, H: leftSums.H, node: leftNode, split: null };
  const right: Leaf = {
    rows: rightRows,
    hist: smallIsLeft ? largeHist : smallHist,
    G: leaf.G - leftSums.G,
    H: leaf.H - leftSums.H,
    node: rightNode,
    split: null,
  };
  return [left, right];
}

function partitionRows(column: Uint8Array, rows: Int32Array, split: SplitCandidate): { leftRows: Int32Array; rightRows: Int32Array } {
  const left: number[] = [];
  const right: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    const r = rows[k]!;
    const b = column[r]!;
    const goLeft = b === 0 ? split.missingLeft : b <= split.bin;
    (goLeft ? left : right).push(r);
  }
  return { leftRows: Int32Array.from(left), rightRows: Int32Array.from(right) };
}

function gradientSums(ctx: GrowthContext, rows: Int32Array): { G: number; H: number } {
  let G = 0;
  let H = 0;
  for (let k = 0; k < rows.length; k++) {
    G += ctx.grad[rows[k]!]!;
    H += ctx.hess[rows[k]!]!;
  }
  return { G, H };
}

function emptyHistogram(features: number): Histogram {
  return {
    g: new Float64Array(features * binStride),
    h: new Float64Array(features * binStride),
    c: new Float64Array(features * binStride),
  };
}

function buildHistogram(ctx: GrowthContext, rows: Int32Array): Histogram {
  const { bins } = ctx.binned;
  const hist = emptyHistogram(bins.length);
  const { g, h, c } = hist;
  for (let f = 0; f < bins.length; f++) {
    const col = bins[f]!;
    const off = f * binStride;
    for (let k = 0; k < rows.length; k++) {
      const r = rows[k]!;
      const b = off + col[r]!;
      g[b]! += ctx.grad[r]!;
      h[b]! += ctx.hess[r]!;
      c[b]!++;
    }
  }
  return hist;
}

/** A sibling's histogram as the parent's minus the other child's (saves a pass over the larger child). */
function subtractHistogram(parent: Histogram, child: Histogram): Histogram {
  const out = emptyHistogram(parent.g.length / binStride);
  for (let i = 0; i < out.g.length; i++) {
    out.g[i] = parent.g[i]! - child.g[i]!;
    out.h[i] = parent.h[i]! - child.h[i]!;
    out.c[i] = parent.c[i]! - child.c[i]!;
  }
  return out;
}

/**
 * The split (feature, bin, side for missing values) with the largest regularised gain, or null when the leaf
 * is too small or nothing gains.
 */
function bestSplit(ctx: GrowthContext, hist: Histogram, G: number, H: number, count: number): SplitCandidate | null {
  if (count < 2 * ctx.minSamplesLeaf) return null;
  let best: SplitCandidate | null = null;
  for (let f = 0; f < ctx.binned.bins.length; f++) {
    const candidate = bestSplitOfFeature(ctx, hist, f, G, H, count);
    if (candidate && (!best || candidate.gain > best.gain)) best = candidate;
  }
  return best;
}

function bestSplitOfFeature(ctx: GrowthContext, hist: Histogram, f: number, G: number, H: number, count: number): SplitCandidate | null {
  const { minSamplesLeaf, l2: lambda } = ctx;
  const parentScore = (G * G) / (H + lambda);
  const off = f * binStride;
  const nb = ctx.binned.binCount[f]!;
  const gm = hist.g[off]!;
  const hm = hist.h[off]!;
  const cm = hist.c[off]!;
  let best: SplitCandidate | null = null;
  let gl = 0;
  let hl = 0;
  let cl = 0;
  for (let b = 1; b < nb - 1; b++) {
    gl += hist.g[off + b]!;
    hl += hist.h[off + b]!;
    cl += hist.c[off + b]!;
    if (cl === 0) continue;
    if (count - cm - cl <= 0) break;
    for (let side = 0; side < 2; side++) {
      const missingLeft = side === 0;
      if (!missingLeft && cm === 0) continue;
      const GL = missingLeft ? gl + gm : gl;
      const HL = missingLeft ? hl + hm : hl;
      const CL = missingLeft ? cl + cm : cl;
      const CR = count - CL;
      if (CL < minSamplesLeaf || CR < minSamplesLeaf) continue;
      const GR = G - GL;
      const HR = H - HL;
      const gain = (GL * GL) / (HL + lambda) + (GR * GR) / (HR + lambda) - parentScore;
      if (gain > 1e-12 && (!best || gain > best.gain)) best = { gain, feature: f, bin: b, missingLeft };
    }
  }
  return best;
}
