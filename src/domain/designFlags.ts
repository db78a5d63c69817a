import { FRAME_FONTS } from './form.js';

// `forms design` flags → a qrConfig patch (spec §2.6), every enum and range checked with the
// allowed values in the message. Pure: no request, no zod (the merged result is checked after).

export const GRADIENT_TYPES = ['linear', 'upDown', 'diagonal1', 'diagonal2', 'radial'] as const;
export const FRAME_COLOR_TYPES = ['fill', 'linear', 'upDown', 'downUp', 'diagonal1', 'diagonal2', 'radial'] as const;
export const SECONDARY_COLOUR_FRAMES = [5, 6, 10, 13, 14] as const;

export interface DesignFlags {
  colorDark?: string;
  background?: string;
  gradient?: string;
  colors?: string;
  eyes?: string;
  eyeColors?: string;
  pattern?: string;
  frame?: string;
  frameText?: string;
  frameFont?: string;
  frameColors?: string;
  frameColorType?: string;
  transparent?: boolean;
  size?: string;
}

export class DesignFlagError extends Error {}

const HEX = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function colour(flag: string, raw: string): string {
  const v = raw.trim();
  if (!HEX.test(v)) throw new DesignFlagError(`${flag}: "${raw}" is not a hex colour; expected e.g. 1a2b3c, #1a2b3c or #abc`);
  return v.startsWith('#') ? v.toLowerCase() : `#${v.toLowerCase()}`;
}

function pair(flag: string, raw: string, min: number): string[] {
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length < min || parts.length > 2 || parts.some((p) => p === '')) throw new DesignFlagError(`${flag}: expected ${min === 2 ? 'two values' : 'one or two values'} separated by a comma, got "${raw}"`);
  return parts;
}

function ranged(flag: string, raw: string, prefix: string, max: number): string {
  const m = new RegExp(`^(?:${prefix})?(\\d{1,2})$`, 'i').exec(raw.trim());
  if (!m || Number(m[1]) > max) throw new DesignFlagError(`${flag}: "${raw}" is not one of 0 to ${max} (${prefix}0 … ${prefix}${max})`);
  return `${prefix}${Number(m[1])}`;
}

function oneOf<T extends string>(flag: string, raw: string, allowed: readonly T[]): T {
  const hit = allowed.find((a) => a.toLowerCase() === raw.trim().toLowerCase());
  if (!hit) throw new DesignFlagError(`${flag}: "${raw}" is not allowed; expected one of ${allowed.join(', ')}`);
  return hit;
}

/**
 * The qrConfig patch the flags describe. `frameNow` is the frame the design will have (the flag's,
 * else the current one), to refuse a second frame colour where the frame has none.
 */
export function designPatch(f: DesignFlags, frameNow?: number): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  if (f.colorDark !== undefined) p.colorDark = colour('--color-dark', f.colorDark);
  if (f.background !== undefined) p.backgroundColor = colour('--background', f.background);
  if (f.gradient !== undefined) {
    if (f.gradient === 'none') p.gradient = false;
    else Object.assign(p, { gradient: true, grdType: oneOf('--gradient', f.gradient, [...GRADIENT_TYPES]) });
  }
  if (f.colors !== undefined) {
    const [a, b] = pair('--colors', f.colors, 2);
    Object.assign(p, { color01: colour('--colors', a!), color02: colour('--colors', b!) });
  }
  if (f.eyes !== undefined) {
    const [inner, outer] = pair('--eyes', f.eyes, 1);
    p.eye_inner = ranged('--eyes (inner)', inner!, 'eyeInner', 10);
    if (outer !== undefined) p.eye_outer = ranged('--eyes (outer)', outer, 'eyeOuter', 12);
  }
  if (f.eyeColors !== undefined) {
    if (f.eyeColors === 'none') p.eye_color = false;
    else {
      const [a, b] = pair('--eye-colors', f.eyeColors, 1);
      Object.assign(p, { eye_color: true, eye_color01: colour('--eye-colors', a!), eye_color02: colour('--eye-colors', b ?? a!) });
    }
  }
  if (f.pattern !== undefined) p.qrData = ranged('--pattern', f.pattern, 'pattern', 14);
  if (f.frame !== undefined) {
    const n = Number(f.frame);
    if (!/^\d{1,2}$/.test(f.frame.trim()) || n < 1 || n > 16) throw new DesignFlagError(`--frame: "${f.frame}" is not a frame; expected 1 to 16`);
    p.frame = n;
  }
  if (f.frameText !== undefined) {
    if (f.frameText.length > 40) throw new DesignFlagError(`--frame-text: at most 40 characters (got ${f.frameText.length})`);
    p.frameText = f.frameText;
  }
  if (f.frameFont !== undefined) p.frameTextFont = oneOf('--frame-font', f.frameFont, [...FRAME_FONTS]);
  if (f.frameColors !== undefined) {
    const [a, b] = pair('--frame-colors', f.frameColors, 1);
    p.frameColor = colour('--frame-colors', a!);
    if (b !== undefined) {
      const frame = (p.frame as number | undefined) ?? frameNow;
      if (frame === undefined || !(SECONDARY_COLOUR_FRAMES as readonly number[]).includes(frame)) {
        throw new DesignFlagError(`--frame-colors: frame ${frame ?? '(none)'} has no second colour; only frames ${SECONDARY_COLOUR_FRAMES.join(', ')} do`);
      }
      p.frameColor2 = colour('--frame-colors', b);
    }
  }
  if (f.frameColorType !== undefined) p.frameColorType = oneOf('--frame-color-type', f.frameColorType, [...FRAME_COLOR_TYPES]);
  if (f.transparent !== undefined) p.transparentBkg = f.transparent;
  if (f.size !== undefined) {
    if (!/^\d{2,4}$/.test(f.size) || Number(f.size) < 64 || Number(f.size) > 4096) throw new DesignFlagError(`--size: "${f.size}" is not a size; expected 64 to 4096 pixels`);
    p.size = Number(f.size);
  }
  return p;
}
