// Vector shapes of a QR design as path commands in pixels: module patterns (qrData pattern0–14),
// eye frames (eye_outer eyeOuter0–12) and eye balls (eye_inner eyeInner0–10). Every shape covers
// its cell's centre, which is where readers sample, so every design stays decodable.

export type Cmd = ['M', number, number] | ['L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

const K = 0.5523; // cubic Bézier approximation of a quarter circle

/** A rectangle with per-corner radii [top-left, top-right, bottom-right, bottom-left]. */
export function roundRect(x: number, y: number, w: number, h: number, r: [number, number, number, number] | number = 0): Cmd[] {
  const [tl, tr, br, bl] = (typeof r === 'number' ? [r, r, r, r] : r).map((v) => Math.max(0, Math.min(v, w / 2, h / 2))) as [number, number, number, number];
  const out: Cmd[] = [['M', x + tl, y], ['L', x + w - tr, y]];
  if (tr) out.push(['C', x + w - tr + tr * K, y, x + w, y + tr - tr * K, x + w, y + tr]);
  out.push(['L', x + w, y + h - br]);
  if (br) out.push(['C', x + w, y + h - br + br * K, x + w - br + br * K, y + h, x + w - br, y + h]);
  out.push(['L', x + bl, y + h]);
  if (bl) out.push(['C', x + bl - bl * K, y + h, x, y + h - bl + bl * K, x, y + h - bl]);
  out.push(['L', x, y + tl]);
  if (tl) out.push(['C', x, y + tl - tl * K, x + tl - tl * K, y, x + tl, y]);
  out.push(['Z']);
  return out;
}

export function circle(cx: number, cy: number, r: number): Cmd[] {
  const k = r * K;
  return [
    ['M', cx + r, cy], ['C', cx + r, cy + k, cx + k, cy + r, cx, cy + r], ['C', cx - k, cy + r, cx - r, cy + k, cx - r, cy],
    ['C', cx - r, cy - k, cx - k, cy - r, cx, cy - r], ['C', cx + k, cy - r, cx + r, cy - k, cx + r, cy], ['Z'],
  ];
}

export function polygon(points: Array<[number, number]>): Cmd[] {
  return [['M', ...points[0]!], ...points.slice(1).map((p) => ['L', ...p] as Cmd), ['Z']];
}

/** A regular polygon (or star, with an inner radius) around a centre. */
function regular(cx: number, cy: number, r: number, corners: number, rotate = 0, inner?: number): Cmd[] {
  const pts: Array<[number, number]> = [];
  const steps = inner === undefined ? corners : corners * 2;
  for (let i = 0; i < steps; i++) {
    const radius = inner !== undefined && i % 2 === 1 ? inner : r;
    const a = rotate + (i * 2 * Math.PI) / steps;
    pts.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
  }
  return polygon(pts);
}

/** A superellipse |x/a|^n + |y/a|^n = 1 (a "squircle") as a polygon of many points. */
export function squircle(cx: number, cy: number, a: number, n = 4, steps = 64): Cmd[] {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < steps; i++) {
    const t = (i * 2 * Math.PI) / steps;
    const c = Math.cos(t);
    const s = Math.sin(t);
    pts.push([cx + a * Math.sign(c) * Math.abs(c) ** (2 / n), cy + a * Math.sign(s) * Math.abs(s) ** (2 / n)]);
  }
  return polygon(pts);
}

/** spec ISO 18004: the centres of the alignment patterns of a version (none in version 1). */
export function alignmentCentres(version: number): Array<[number, number]> {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const interval = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const pos = [size - 7];
  for (let i = 1; i < count - 1; i++) pos[i] = pos[i - 1]! - interval;
  pos.push(6);
  pos.reverse();
  const out: Array<[number, number]> = [];
  for (const r of pos) for (const c of pos) {
    if ((r === 6 && c === 6) || (r === 6 && c === size - 7) || (r === size - 7 && c === 6)) continue;
    out.push([c, r]);
  }
  return out;
}

/** A square whose left/right (bx) and top/bottom (by) sides bow outwards by that much at their middle. */
function bulging(x: number, y: number, s: number, bx: number, by: number): Cmd[] {
  const k = 4 / 3; // a cubic through the middle offset reaches it with control points at 4/3 of it
  return [
    ['M', x, y], ['C', x + s / 3, y - by * k, x + (2 * s) / 3, y - by * k, x + s, y],
    ['C', x + s + bx * k, y + s / 3, x + s + bx * k, y + (2 * s) / 3, x + s, y + s],
    ['C', x + (2 * s) / 3, y + s + by * k, x + s / 3, y + s + by * k, x, y + s],
    ['C', x - bx * k, y + (2 * s) / 3, x - bx * k, y + s / 3, x, y], ['Z'],
  ];
}

/** A square with its corners cut (octagon) */
function cutSquare(x: number, y: number, s: number, cut: number): Cmd[] {
  return polygon([[x + cut, y], [x + s - cut, y], [x + s, y + cut], [x + s, y + s - cut], [x + s - cut, y + s], [x + cut, y + s], [x, y + s - cut], [x, y + cut]]);
}

export const PATTERN_NAMES = [
  'square', 'dot', 'rounded', 'extra-rounded', 'small-square', 'small-dot', 'diamond', 'vertical-bars', 'horizontal-bars',
  'plus', 'hexagon', 'octagon', 'leaf', 'fluid', 'star',
] as const;

/**
 * The dark modules of one pattern as a path. `dark(x, y)` tells a module (false outside the code);
 * `skip(x, y)` the modules drawn otherwise (eyes, the logo's place).
 */
export function modulePath(pattern: number, n: number, dark: (x: number, y: number) => boolean, skip: (x: number, y: number) => boolean, ox: number, oy: number, u: number): Cmd[] {
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < n && y < n && dark(x, y) && !skip(x, y);
  const out: Cmd[] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (!on(x, y)) continue;
      const px = ox + x * u;
      const py = oy + y * u;
      const c = [px + u / 2, py + u / 2] as const;
      switch (pattern) {
        case 1: out.push(...circle(c[0], c[1], u * 0.5)); break;
        case 2: out.push(...roundRect(px, py, u, u, u * 0.25)); break;
        case 3: out.push(...roundRect(px, py, u, u, u * 0.42)); break;
        case 4: out.push(...roundRect(px + u * 0.1, py + u * 0.1, u * 0.8, u * 0.8)); break;
        case 5: out.push(...circle(c[0], c[1], u * 0.42)); break;
        case 6: out.push(...polygon([[c[0], py - u * 0.2], [px + u * 1.2, c[1]], [c[0], py + u * 1.2], [px - u * 0.2, c[1]]])); break;
        case 7: {
          // vertical runs as pills: drawn from the top module of each run
          if (on(x, y - 1)) break;
          let end = y;
          while (on(x, end + 1)) end++;
          out.push(...roundRect(px + u * 0.1, py, u * 0.8, (end - y + 1) * u, u * 0.4));
          break;
        }
        case 8: {
          if (on(x - 1, y)) break;
          let end = x;
          while (on(end + 1, y)) end++;
          out.push(...roundRect(px, py + u * 0.1, (end - x + 1) * u, u * 0.8, u * 0.4));
          break;
        }
        case 9: {
          const t = u * 0.34;
          out.push(...polygon([[c[0] - t, py], [c[0] + t, py], [c[0] + t, c[1] - t], [px + u, c[1] - t], [px + u, c[1] + t], [c[0] + t, c[1] + t], [c[0] + t, py + u], [c[0] - t, py + u], [c[0] - t, c[1] + t], [px, c[1] + t], [px, c[1] - t], [c[0] - t, c[1] - t]]));
          break;
        }
        case 10: out.push(...regular(c[0], c[1], u * 0.55, 6, Math.PI / 6)); break;
        case 11: out.push(...cutSquare(px, py, u, u * 0.3)); break;
        case 12: out.push(...roundRect(px, py, u, u, [u * 0.5, 0, u * 0.5, 0])); break;
        case 13: {
          // fluid: each corner rounded unless a neighbour continues the shape there
          const r = u * 0.5;
          const up = on(x, y - 1), down = on(x, y + 1), left = on(x - 1, y), right = on(x + 1, y);
          out.push(...roundRect(px, py, u, u, [up || left ? 0 : r, up || right ? 0 : r, down || right ? 0 : r, down || left ? 0 : r]));
          break;
        }
        case 14: out.push(...regular(c[0], c[1], u * 0.68, 5, -Math.PI / 2, u * 0.46)); break;
        default: {
          // squares: one rectangle per horizontal run (no seams between modules, smaller files)
          if (on(x - 1, y)) break;
          let end = x;
          while (on(end + 1, y)) end++;
          out.push(...roundRect(px, py, (end - x + 1) * u, u));
        }
      }
    }
  }
  return out;
}

export const EYE_OUTER_NAMES = [
  'square', 'rounded', 'squircle', 'extra-rounded', 'leaf', 'leaf-reversed', 'one-round-corner', 'soft-square', 'octagon',
  'square-round-hole', 'round-square-hole', 'three-round-corners', 'cushion',
] as const;

/** corner radii [tl, tr, br, bl] of outer eye shape `i` for a box of side s, for the eye at corner `at` */
function outerRadii(i: number, s: number, u: number, at: 'tl' | 'tr' | 'bl'): { outer: [number, number, number, number]; hole: [number, number, number, number]; cut?: boolean; squircle?: boolean } {
    const mirror = (v: [number, number, number, number]): [number, number, number, number] => (at === 'tr' ? [v[1], v[0], v[3], v[2]] : at === 'bl' ? [v[3], v[2], v[1], v[0]] : v);
  // radii stay small enough that the ring, gap and ball keep their 1:1:3:1:1 proportions along the
  // diagonals too: readers such as jsQR check the finder pattern in four directions
  const R = s * 0.19;
  const four = (v: number): [number, number, number, number] => [v, v, v, v];
  switch (i) {
    case 1: return { outer: four(s * 0.12), hole: four(s * 0.04) };
    case 2: return { outer: four(0), hole: four(0), squircle: true };
    case 3: return { outer: four(R), hole: four(R - u) };
    case 4: return { outer: mirror([R, 0, R, 0]), hole: mirror([R - u, 0, R - u, 0]) };
    case 5: return { outer: mirror([0, R, 0, R]), hole: mirror([0, R - u, 0, R - u]) };
    case 6: return { outer: mirror([R * 1.3, 0, 0, 0]), hole: mirror([R * 1.3 - u, 0, 0, 0]) };
    case 7: return { outer: four(s * 0.06), hole: four(0) };
    case 8: return { outer: four(0), hole: four(0), cut: true };
    case 9: return { outer: four(0), hole: four(s * 0.1) };
    case 10: return { outer: four(R), hole: four(0) };
    case 11: return { outer: mirror([R, R, 0, R]), hole: mirror([R - u, R - u, 0, R - u]) };
    case 12: return { outer: four(s * 0.15), hole: four(s * 0.08) };
    default: return { outer: [0, 0, 0, 0], hole: [0, 0, 0, 0] };
  }
}

/** An eye frame: the 7×7 ring with its 5×5 hole (filled even-odd). */
export function eyeOuterPath(i: number, x: number, y: number, u: number, at: 'tl' | 'tr' | 'bl'): Cmd[] {
  const s = 7 * u;
  const spec = outerRadii(i, s, u, at);
  if (spec.cut) return [...cutSquare(x, y, s, s * 0.13), ...cutSquare(x + u, y + u, 5 * u, 5 * u * 0.08)];
  if (spec.squircle) return [...squircle(x + s / 2, y + s / 2, s / 2, 9), ...squircle(x + s / 2, y + s / 2, s / 2 - u, 9)];
  return [...roundRect(x, y, s, s, spec.outer), ...roundRect(x + u, y + u, 5 * u, 5 * u, spec.hole)];
}

export const EYE_INNER_NAMES = ['square', 'rounded', 'squircle', 'barrel', 'leaf', 'leaf-reversed', 'octagon', 'drop', 'extra-rounded', 'pillow', 'one-round-corner'] as const;

/** An eye ball: the 3×3 centre of a finder pattern. */
export function eyeInnerPath(i: number, x: number, y: number, u: number, at: 'tl' | 'tr' | 'bl'): Cmd[] {
  const s = 3 * u;
  const cx = x + s / 2;
  const cy = y + s / 2;
  const mirror = (v: [number, number, number, number]): [number, number, number, number] => (at === 'tr' ? [v[1], v[0], v[3], v[2]] : at === 'bl' ? [v[3], v[2], v[1], v[0]] : v);
  switch (i) {
    case 1: return roundRect(x, y, s, s, s * 0.12);
    case 2: return squircle(cx, cy, s / 2, 7);
    case 3: return bulging(x, y, s, u * 0.18, 0); // barrel: left and right sides bow out
    case 4: return roundRect(x, y, s, s, mirror([s * 0.22, 0, s * 0.22, 0]));
    case 5: return roundRect(x, y, s, s, mirror([0, s * 0.22, 0, s * 0.22]));
    case 6: return cutSquare(x, y, s, s * 0.15);
    case 7: return roundRect(x, y, s, s, mirror([0, s * 0.2, s * 0.2, s * 0.2])); // drop: one sharp corner
    case 8: return roundRect(x, y, s, s, s * 0.2);
    case 9: return bulging(x, y, s, u * 0.15, u * 0.15); // pillow: every side bows out
    case 10: return roundRect(x, y, s, s, mirror([s * 0.3, 0, 0, 0]));
    default: return roundRect(x, y, s, s);
  }
}
