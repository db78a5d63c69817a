// spec §4.2: what each upload route accepts, decided by the file's content (its first bytes), never
// by its name. Used by the sandbox to answer and by the CLI to refuse before sending.

export type FileKind = 'image' | 'pdf' | 'office' | 'audio' | 'video' | 'archive' | 'text';

export interface Sniffed {
  kind: FileKind;
  mime: string;
}

/** Bytes needed to recognise every kind below. */
export const SNIFF_BYTES = 4100;

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');
const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);

function isText(b: Buffer): boolean {
  if (b.length === 0) return false;
  if (b.includes(0)) return false;
  // valid UTF-8 (a cut multi-byte character at the end of the sample is allowed)
  const s = b.toString('utf8');
  const bad = (s.match(/\uFFFD/g) ?? []).length;
  return bad === 0 || (bad === 1 && s.endsWith('\uFFFD'));
}

/** The kind and MIME type of a file from its first bytes, or undefined when not recognised. */
export function sniffFile(head: Buffer): Sniffed | undefined {
  const b = head;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg' };
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png' };
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return { kind: 'image', mime: 'image/gif' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return { kind: 'image', mime: 'image/webp' };
  if (ascii(b, 0, 2) === 'BM' && b.length > 14) return { kind: 'image', mime: 'image/bmp' };
  if (startsWith(b, [0x00, 0x00, 0x01, 0x00])) return { kind: 'image', mime: 'image/x-icon' };
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return { kind: 'image', mime: 'image/tiff' };
  if (ascii(b, 4, 8) === 'ftyp' && ['avif', 'avis', 'heic', 'heix', 'mif1'].includes(ascii(b, 8, 12))) return { kind: 'image', mime: ascii(b, 8, 12).startsWith('avi') ? 'image/avif' : 'image/heic' };
  if (ascii(b, 0, 5) === '%PDF-') return { kind: 'pdf', mime: 'application/pdf' };
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'office', mime: 'application/x-ole-storage' };
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    const names = ascii(b, 0, b.length);
    if (names.includes('word/')) return { kind: 'office', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    if (names.includes('xl/')) return { kind: 'office', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    if (names.includes('ppt/')) return { kind: 'office', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' };
    if (names.includes('mimetypeapplication/vnd.oasis.opendocument')) return { kind: 'office', mime: 'application/vnd.oasis.opendocument' };
    return { kind: 'archive', mime: 'application/zip' };
  }
  if (startsWith(b, [0x1f, 0x8b])) return { kind: 'archive', mime: 'application/gzip' };
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return { kind: 'archive', mime: 'application/x-7z-compressed' };
  if (ascii(b, 0, 4) === 'Rar!') return { kind: 'archive', mime: 'application/vnd.rar' };
  if (ascii(b, 257, 262) === 'ustar') return { kind: 'archive', mime: 'application/x-tar' };
  if (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && b[1] !== undefined && (b[1] & 0xe0) === 0xe0)) return { kind: 'audio', mime: 'audio/mpeg' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE') return { kind: 'audio', mime: 'audio/wav' };
  if (ascii(b, 0, 4) === 'fLaC') return { kind: 'audio', mime: 'audio/flac' };
  if (ascii(b, 0, 4) === 'OggS') return { kind: 'audio', mime: 'audio/ogg' };
  if (ascii(b, 4, 8) === 'ftyp') {
    const brand = ascii(b, 8, 12);
    if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', mime: 'audio/mp4' };
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime' };
    return { kind: 'video', mime: 'video/mp4' };
  }
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/webm' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'AVI ') return { kind: 'video', mime: 'video/x-msvideo' };
  if (isText(b)) {
    const text = b.toString('utf8').trimStart().slice(0, 1024).toLowerCase();
    if (looksLikeSvg(text)) return { kind: 'image', mime: 'image/svg+xml' };
    return { kind: 'text', mime: 'text/plain' };
  }
  return undefined;
}

/**
 * An SVG document's start: an optional XML declaration, comments, an optional SVG doctype, then
 * `<svg`. Read by hand, left to right: a pattern of repeated lazy comments backtracked exponentially
 * over a file of many `<!---->` without an `<svg` (a 200-byte upload held the server for seconds).
 */
function looksLikeSvg(text: string): boolean {
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  const past = (end: string) => {
    const found = text.indexOf(end, at);
    at = found < 0 ? text.length : found + end.length;
    return found >= 0;
  };
  if (text.startsWith('<?xml', at) && !past('>')) return false;
  skipSpace();
  while (text.startsWith('<!--', at)) {
    at += 4;
    if (!past('-->')) return false;
    skipSpace();
  }
  if (text.startsWith('<!doctype svg', at)) {
    if (!past('>')) return false;
    skipSpace();
  }
  return /^<svg[\s>]/.test(text.slice(at, at + 5));
}

/** spec §4.2: logos are images only; form and submission files may be any of these kinds. */
export const ACCEPTED_KINDS: Record<'logo' | 'form' | 'submission', readonly FileKind[]> = {
  logo: ['image'],
  form: ['image', 'pdf', 'office', 'audio', 'video', 'archive', 'text'],
  submission: ['image', 'pdf', 'office', 'audio', 'video', 'archive', 'text'],
};

/** Why a file is refused for a category, or undefined when it is accepted. */
export function refuseFile(category: 'logo' | 'form' | 'submission', sniffed: Sniffed | undefined): string | undefined {
  if (!sniffed) return 'the file type is not recognised (accepted: images, PDF, office documents, audio, video, archives, plain text and CSV)';
  if (!ACCEPTED_KINDS[category].includes(sniffed.kind)) {
    return category === 'logo' ? `a logo must be an image (JPEG, PNG, SVG, GIF, WebP…); this file's content is ${sniffed.mime}` : `${sniffed.mime} is not accepted`;
  }
  return undefined;
}
