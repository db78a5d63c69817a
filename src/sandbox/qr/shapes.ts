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
        case 5: out.push(...circle(c[0], c[1], u * 0.4)); break;
        case 6: out.push(...polygon([[c[0], py - u * 0.05], [px + u * 1.05, c[1]], [c[0], py + u * 1.05], [px - u * 0.05, c[1]]])); break;
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
        case 14: out.push(...regular(c[0], c[1], u * 0.62, 5, -Math.PI / 2, u * 0.36)); break;
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
  'square', 'rounded', 'circle', 'extra-rounded', 'leaf', 'leaf-reversed', 'one-round-corner', 'soft-square', 'octagon',
  'square-round-hole', 'round-square-hole', 'three-round-corners', 'cushion',
] as const;

/** corner radii [tl, tr, br, bl] of outer eye shape `i` for a box of side s, for the eye at corner `at` */
function outerRadii(i: number, s: number, at: 'tl' | 'tr' | 'bl'): { outer: [number, number, number, number]; hole: [number, number, number, number]; cut?: boolean } {
  const r = s * 0.25;
  const h = s * 0.18;
  const mirror = (v: [number, number, number, number]): [number, number, number, number] => (at === 'tr' ? [v[1], v[0], v[3], v[2]] : at === 'bl' ? [v[3], v[2], v[1], v[0]] : v);
  switch (i) {
    case 1: return { outer: [r, r, r, r], hole: [h, h, h, h] };
    case 2: return { outer: [s / 2, s / 2, s / 2, s / 2], hole: [s, s, s, s] };
    case 3: return { outer: [s * 0.4, s * 0.4, s * 0.4, s * 0.4], hole: [s * 0.3, s * 0.3, s * 0.3, s * 0.3] };
    case 4: return { outer: mirror([s * 0.45, 0, s * 0.45, 0]), hole: mirror([s * 0.3, 0, s * 0.3, 0]) };
    case 5: return { outer: mirror([0, s * 0.45, 0, s * 0.45]), hole: mirror([0, s * 0.3, 0, s * 0.3]) };
    case 6: return { outer: mirror([s * 0.45, 0, 0, 0]), hole: mirror([s * 0.3, 0, 0, 0]) };
    case 7: return { outer: [s * 0.1, s * 0.1, s * 0.1, s * 0.1], hole: [0, 0, 0, 0] };
    case 8: return { outer: [0, 0, 0, 0], hole: [0, 0, 0, 0], cut: true };
    case 9: return { outer: [0, 0, 0, 0], hole: [s, s, s, s] };
    case 10: return { outer: [s / 2, s / 2, s / 2, s / 2], hole: [0, 0, 0, 0] };
    case 11: return { outer: mirror([s * 0.4, s * 0.4, 0, s * 0.4]), hole: mirror([s * 0.25, s * 0.25, 0, s * 0.25]) };
    case 12: return { outer: [s * 0.32, s * 0.32, s * 0.32, s * 0.32], hole: [s * 0.12, s * 0.12, s * 0.12, s * 0.12] };
    default: return { outer: [0, 0, 0, 0], hole: [0, 0, 0, 0] };
  }
}

/** An eye frame: the 7×7 ring with its 5×5 hole (filled even-odd). */
export function eyeOuterPath(i: number, x: number, y: number, u: number, at: 'tl' | 'tr' | 'bl'): Cmd[] {
  const s = 7 * u;
  const spec = outerRadii(i, s, at);
  if (spec.cut) return [...cutSquare(x, y, s, s * 0.22), ...cutSquare(x + u, y + u, 5 * u, 5 * u * 0.16)];
  return [...roundRect(x, y, s, s, spec.outer), ...roundRect(x + u, y + u, 5 * u, 5 * u, spec.hole)];
}

export const EYE_INNER_NAMES = ['square', 'rounded', 'circle', 'diamond', 'leaf', 'leaf-reversed', 'octagon', 'star', 'extra-rounded', 'plus', 'one-round-corner'] as const;

/** An eye ball: the 3×3 centre of a finder pattern. */
export function eyeInnerPath(i: number, x: number, y: number, u: number, at: 'tl' | 'tr' | 'bl'): Cmd[] {
  const s = 3 * u;
  const cx = x + s / 2;
  const cy = y + s / 2;
  const mirror = (v: [number, number, number, number]): [number, number, number, number] => (at === 'tr' ? [v[1], v[0], v[3], v[2]] : at === 'bl' ? [v[3], v[2], v[1], v[0]] : v);
  switch (i) {
    case 1: return roundRect(x, y, s, s, s * 0.22);
    case 2: return circle(cx, cy, s / 2);
    case 3: return polygon([[cx, y - u * 0.2], [x + s + u * 0.2, cy], [cx, y + s + u * 0.2], [x - u * 0.2, cy]]);
    case 4: return roundRect(x, y, s, s, mirror([s * 0.5, 0, s * 0.5, 0]));
    case 5: return roundRect(x, y, s, s, mirror([0, s * 0.5, 0, s * 0.5]));
    case 6: return cutSquare(x, y, s, s * 0.28);
    case 7: return regular(cx, cy, s * 0.62, 8, -Math.PI / 2, s * 0.42);
    case 8: return roundRect(x, y, s, s, s * 0.4);
    case 9: {
      const t = s * 0.3;
      return polygon([[cx - t, y], [cx + t, y], [cx + t, cy - t], [x + s, cy - t], [x + s, cy + t], [cx + t, cy + t], [cx + t, y + s], [cx - t, y + s], [cx - t, cy + t], [x, cy + t], [x, cy - t], [cx - t, cy - t]]);
    }
    case 10: return roundRect(x, y, s, s, mirror([s * 0.5, 0, 0, 0]));
    default: return roundRect(x, y, s, s);
  }
}
