// spec §2.1 / §4: qrId is uppercase letters and digits.
export const QR_ID_PATTERN = /^[A-Z0-9]+$/;
// spec §2.1: submission, template and category ids are 24-character hex strings.
export const HEX24_PATTERN = /^[0-9a-f]{24}$/;

export function isQrId(value: string): boolean {
  return QR_ID_PATTERN.test(value);
}

export function isHex24(value: string): boolean {
  return HEX24_PATTERN.test(value);
}
