/** spec §4.1 download: the image formats of a form's QR code, in the order the spec lists them. */
export const QR_FORMATS = ['png', 'svg', 'pdf', 'eps'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];
