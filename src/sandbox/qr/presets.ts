import type { QrConfig } from '../../domain/form.js';

/** The sandbox's gallery of QR design presets (GET /qr-design-templates), each a partial qrConfig. */
export const PRESETS: ReadonlyArray<{ id: string; name: string; config: QrConfig }> = [
  { id: 'classic', name: 'Classic', config: { qrData: 'pattern0', eye_outer: 'eyeOuter0', eye_inner: 'eyeInner0', colorDark: '#000000', backgroundColor: '#ffffff' } },
  { id: 'dots', name: 'Dots', config: { qrData: 'pattern1', eye_outer: 'eyeOuter2', eye_inner: 'eyeInner2', colorDark: '#1d4ed8', backgroundColor: '#ffffff' } },
  { id: 'rounded', name: 'Rounded', config: { qrData: 'pattern2', eye_outer: 'eyeOuter1', eye_inner: 'eyeInner1', colorDark: '#111827' } },
  { id: 'violet-gradient', name: 'Violet gradient', config: { qrData: 'pattern13', eye_outer: 'eyeOuter4', eye_inner: 'eyeInner4', gradient: true, grdType: 'diagonal1', color01: '#7c3aed', color02: '#db2777' } },
  { id: 'ocean', name: 'Ocean', config: { qrData: 'pattern3', eye_outer: 'eyeOuter3', eye_inner: 'eyeInner8', gradient: true, grdType: 'upDown', color01: '#0e7490', color02: '#1e3a8a' } },
  { id: 'forest-radial', name: 'Forest, radial', config: { qrData: 'pattern9', eye_outer: 'eyeOuter12', eye_inner: 'eyeInner9', gradient: true, grdType: 'radial', color01: '#166534', color02: '#14532d' } },
  { id: 'sunset-frame', name: 'Sunset with a label', config: { qrData: 'pattern2', eye_outer: 'eyeOuter1', eye_inner: 'eyeInner1', gradient: true, grdType: 'linear', color01: '#c2410c', color02: '#9f1239', frame: 3, frameText: 'SCAN ME', frameColor: '#9f1239', frameTextFont: 'Montserrat' } },
  { id: 'red-eyes', name: 'Red eyes', config: { qrData: 'pattern7', eye_outer: 'eyeOuter1', eye_inner: 'eyeInner1', eye_color: true, eye_color01: '#dc2626', eye_color02: '#111827', colorDark: '#111827', frame: 1, frameText: 'SCAN ME', frameColor: '#111827' } },
  { id: 'menu-bubble', name: 'Menu bubble', config: { qrData: 'pattern14', eye_outer: 'eyeOuter8', eye_inner: 'eyeInner7', frame: 6, frameColor: '#0f766e', frameColor2: '#b45309', frameText: 'MENU', frameTextFont: 'Times New Roman' } },
  { id: 'feedback-pill', name: 'Feedback pill', config: { qrData: 'pattern6', eye_outer: 'eyeOuter10', eye_inner: 'eyeInner3', frame: 13, frameColor: '#be123c', frameColor2: '#fde68a', frameText: 'FEEDBACK', backgroundColor: '#fff7ed' } },
  { id: 'brackets', name: 'Brackets', config: { qrData: 'pattern10', eye_outer: 'eyeOuter6', eye_inner: 'eyeInner10', frame: 11, frameColor: '#334155', frameText: 'scan to pay', frameTextFont: 'Courier New' } },
  { id: 'tickets', name: 'Tickets banner', config: { qrData: 'pattern8', eye_outer: 'eyeOuter5', eye_inner: 'eyeInner5', frame: 14, frameColor: '#4338ca', frameColor2: '#a5b4fc', frameText: 'TICKETS', frameTextFont: 'Oswald' } },
  { id: 'shadow-card', name: 'Card with a shadow', config: { qrData: 'pattern12', eye_outer: 'eyeOuter11', eye_inner: 'eyeInner6', colorDark: '#0f172a', frame: 16, frameText: 'Join us', frameColorType: 'linear', frameGradientStartColor: '#065f46', frameGradientEndColor: '#1e3a8a' } },
  { id: 'double-border', name: 'Double border', config: { qrData: 'pattern4', eye_outer: 'eyeOuter7', eye_inner: 'eyeInner0', frame: 10, frameColor: '#7f1d1d', frameColor2: '#f59e0b', frameText: 'WELCOME', frameTextFont: 'Impact' } },
  { id: 'mint', name: 'Mint on cream', config: { qrData: 'pattern11', eye_outer: 'eyeOuter9', eye_inner: 'eyeInner2', colorDark: '#064e3b', backgroundColor: '#fefce8' } },
  { id: 'stars', name: 'Stars', config: { qrData: 'pattern5', eye_outer: 'eyeOuter2', eye_inner: 'eyeInner7', colorDark: '#312e81', frame: 12, frameColor: '#312e81', frameText: 'Wish list', frameTextFont: 'Lato' } },
  { id: 'thick-frame', name: 'Thick frame', config: { qrData: 'pattern0', eye_outer: 'eyeOuter8', eye_inner: 'eyeInner6', frame: 9, frameColor: '#000000', frameText: 'OPEN ME', frameTextFont: 'Arial Black', frameColorType: 'radial', frameGradientStartColor: '#374151', frameGradientEndColor: '#000000' } },
  { id: 'transparent', name: 'Transparent', config: { qrData: 'pattern2', eye_outer: 'eyeOuter3', eye_inner: 'eyeInner1', colorDark: '#1f2937', transparentBkg: true } },
  { id: 'tab', name: 'Tab label', config: { qrData: 'pattern13', eye_outer: 'eyeOuter4', eye_inner: 'eyeInner5', colorDark: '#1e40af', frame: 15, frameColor: '#1e40af', frameText: 'REGISTER', frameTextFont: 'Roboto' } },
  { id: 'label-above', name: 'Label above', config: { qrData: 'pattern1', eye_outer: 'eyeOuter1', eye_inner: 'eyeInner2', colorDark: '#9d174d', frame: 4, frameColor: '#9d174d', frameText: 'RSVP', frameTextFont: 'PT Sans' } },
];
