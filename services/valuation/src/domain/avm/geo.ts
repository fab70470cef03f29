const milesPerDegreeLat = 69.055;
const earthRadiusMiles = 3958.8;

/** Great-circle distance in miles. */
export function haversineMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLon = (lon2 - lon1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Local flat projection in miles around a reference latitude (accurate within a metro area). */
export interface Projection {
  x(lat: number, lon: number): number;
  y(lat: number): number;
}

export function projectionAround(referenceLatitude: number): Projection {
  const milesPerDegreeLon = milesPerDegreeLat * Math.cos((referenceLatitude * Math.PI) / 180);
  return { x: (_lat, lon) => lon * milesPerDegreeLon, y: (lat) => lat * milesPerDegreeLat };
}

interface Node {
  /** Index range [start, end) into the permutation. */
  start: number;
  end: number;
  axis: 0 | 1;
  split: number;
  left: Node | null;
  right: Node | null;
}

/** Static 2-d tree for k-nearest-neighbour queries with an optional exclusion filter. */
export class KdTree {
  private readonly order: Int32Array;
  private readonly root: Node;

  constructor(
    private readonly xs: Float64Array,
    private readonly ys: Float64Array,
  ) {
    this.order = Int32Array.from({ length: xs.length }, (_, i) => i);
    this.root = this.build(0, xs.length, 0);
  }

  get size(): number {
    return this.xs.length;
  }

  private build(start: number, end: number, depth: number): Node {
    const axis: 0 | 1 = depth % 2 === 0 ? 0 : 1;
    if (end - start <= 16) return { start, end, axis, split: 0, left: null, right: null };
    const coords = axis === 0 ? this.xs : this.ys;
    const slice = Array.from(this.order.subarray(start, end)).sort((a, b) => coords[a]! - coords[b]! || a - b);
    this.order.set(slice, start);
    const mid = (start + end) >> 1;
    const split = coords[this.order[mid]!]!;
    return { start, end, axis, split, left: this.build(start, mid, depth + 1), right: this.build(mid, end, depth + 1) };
  }

  /**
   * Up to k nearest points (ascending distance, ties by index) to (x, y), skipping points where
   * skip(i) is true. Returns indices and Euclidean distances in projection units.
   */
  nearest(x: number, y: number, k: number, skip?: (i: number) => boolean): { index: number[]; distance: number[] } {
    const heapIdx: number[] = [];
    const heapD: number[] = [];
    const worse = (a: number, b: number) => heapD[a]! > heapD[b]! || (heapD[a] === heapD[b] && heapIdx[a]! > heapIdx[b]!);
    const push = (i: number, d: number) => {
      if (heapIdx.length < k) {
        heapIdx.push(i);
        heapD.push(d);
        let c = heapIdx.length - 1;
        while (c > 0) {
          const p = (c - 1) >> 1;
          if (!worse(c, p)) break;
          swap(c, p);
          c = p;
        }
      } else if (d < heapD[0]! || (d === heapD[0] && i < heapIdx[0]!)) {
        heapIdx[0] = i;
        heapD[0] = d;
        let p = 0;
        for (;;) {
          const l = 2 * p + 1;
          const r = l + 1;
          let m = p;
          if (l < heapIdx.length && worse(l, m)) m = l;
          if (r < heapIdx.length && worse(r, m)) m = r;
          if (m === p) break;
          swap(m, p);
          p = m;
        }
      }
    };
    const swap = (a: number, b: number) => {
      [heapIdx[a], heapIdx[b]] = [heapIdx[b]!, heapIdx[a]!];
      [heapD[a], heapD[b]] = [heapD[b]!, heapD[a]!];
    };
    const visit = (node: Node) => {
      if (!node.left || !node.right) {
        for (let p = node.start; p < node.end; p++) {
          const i = this.order[p]!;
          if (skip && skip(i)) continue;
          const dx = this.xs[i]! - x;
          const dy = this.ys[i]! - y;
          push(i, dx * dx + dy * dy);
        }
        return;
      }
      const diff = (node.axis === 0 ? x : y) - node.split;
      const [near, far] = diff < 0 ? [node.left, node.right] : [node.right, node.left];
      visit(near);
      if (heapIdx.length < k || diff * diff <= heapD[0]!) visit(far);
    };
    if (k > 0 && this.xs.length > 0) visit(this.root);
    const result = heapIdx.map((index, j) => ({ index, d: heapD[j]! })).sort((a, b) => a.d - b.d || a.index - b.index);
    return { index: result.map((r) => r.index), distance: result.map((r) => Math.sqrt(r.d)) };
  }
}
