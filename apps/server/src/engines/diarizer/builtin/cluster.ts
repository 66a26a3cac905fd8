/**
 * Average-linkage agglomerative clustering under cosine distance, from single windows down to one
 * group. Returns the grouping at every number of groups from `maxGroups` down to 1 (index = the
 * number of groups), each as one label per vector, labels counting from 0.
 */
export function agglomerate(dist: Float64Array, n: number, maxGroups: number): number[][] {
  const levels: number[][] = [];
  if (n === 0) return levels;
  const work = dist.slice();
  const size = new Float64Array(n).fill(1);
  const alive = new Uint8Array(n).fill(1);
  const members: number[][] = Array.from({ length: n }, (_, i) => [i]);
  const nearest = new Int32Array(n).fill(-1);
  const nearestD = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
  const refresh = (i: number) => {
    let best = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let j = 0; j < n; j++) {
      if (j === i || !alive[j]) continue;
      const d = work[i * n + j] ?? 0;
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    nearest[i] = best;
    nearestD[i] = bestD;
  };
  for (let i = 0; i < n; i++) refresh(i);
  const snapshot = () => {
    const labels = new Array<number>(n).fill(0);
    let next = 0;
    for (let i = 0; i < n; i++) {
      if (!alive[i]) continue;
      for (const m of members[i] as number[]) labels[m] = next;
      next++;
    }
    return labels;
  };
  let clusters = n;
  if (clusters <= maxGroups) levels[clusters] = snapshot();
  while (clusters > 1) {
    let a = -1;
    let bestD = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      if (alive[i] && (nearestD[i] ?? 0) < bestD) {
        bestD = nearestD[i] ?? 0;
        a = i;
      }
    }
    if (a < 0) break;
    const b = nearest[a] ?? -1;
    const sa = size[a] ?? 1;
    const sb = size[b] ?? 1;
    for (let j = 0; j < n; j++) {
      if (!alive[j] || j === a || j === b) continue;
      const d = (sa * (work[a * n + j] ?? 0) + sb * (work[b * n + j] ?? 0)) / (sa + sb);
      work[a * n + j] = d;
      work[j * n + a] = d;
    }
    alive[b] = 0;
    size[a] = sa + sb;
    (members[a] as number[]).push(...(members[b] as number[]));
    members[b] = [];
    clusters--;
    if (clusters <= maxGroups) levels[clusters] = snapshot();
    for (let i = 0; i < n; i++) {
      if (!alive[i]) continue;
      if (i === a || nearest[i] === a || nearest[i] === b) refresh(i);
      else if ((work[i * n + a] ?? 0) < (nearestD[i] ?? 0)) {
        nearest[i] = a;
        nearestD[i] = work[i * n + a] ?? 0;
      }
    }
  }
  return levels;
}

/** Cosine distances between every pair of vectors, `n` × `n`. */
export function cosineDistances(vectors: readonly Float64Array[]): Float64Array {
  const n = vectors.length;
  const unit = vectors.map(normalised);
  const dist = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = 1 - dot(unit[i] as Float64Array, unit[j] as Float64Array);
      dist[i * n + j] = d;
      dist[j * n + i] = d;
    }
  }
  return dist;
}

/**
 * The mean silhouette of a grouping (−1 to 1): how much nearer each vector is to its own group
 * than to the nearest other one. Near 0 when the groups are cuts through one cloud.
 */
export function silhouette(dist: Float64Array, n: number, labels: readonly number[]): number {
  const groups = Math.max(...labels) + 1;
  if (groups < 2) return 0;
  const sizes = new Array<number>(groups).fill(0);
  for (const l of labels) sizes[l] = (sizes[l] ?? 0) + 1;
  let total = 0;
  const sums = new Float64Array(groups);
  for (let i = 0; i < n; i++) {
    sums.fill(0);
    for (let j = 0; j < n; j++)
      if (j !== i) sums[labels[j] ?? 0] = (sums[labels[j] ?? 0] ?? 0) + (dist[i * n + j] ?? 0);
    const own = labels[i] ?? 0;
    if ((sizes[own] ?? 0) <= 1) continue;
    const a = (sums[own] ?? 0) / ((sizes[own] ?? 1) - 1);
    let b = Number.POSITIVE_INFINITY;
    for (let g = 0; g < groups; g++)
      if (g !== own && (sizes[g] ?? 0) > 0) b = Math.min(b, (sums[g] ?? 0) / (sizes[g] ?? 1));
    total += (b - a) / Math.max(a, b);
  }
  return total / n;
}

export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] ?? 0) * (b[i] ?? 0);
  return s;
}

export function normalised(v: Float64Array): Float64Array {
  const norm = Math.sqrt(dot(v, v)) || 1;
  return v.map((x) => x / norm);
}
