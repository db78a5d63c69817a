import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { refuseFile, sniffFile } from '../../../src/domain/fileTypes.js';
import { signWebhook, verifyWebhook } from '../../../src/domain/webhookSignature.js';

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');

describe('spec §4.2: file types by content, not by name', () => {
  it.each([
    ['JPEG', hex('ffd8ffe000104a464946'), 'image/jpeg'],
    ['PNG', hex('89504e470d0a1a0a0000000d'), 'image/png'],
    ['GIF', Buffer.from('GIF89a\x01\x00'), 'image/gif'],
    ['WebP', Buffer.concat([Buffer.from('RIFF'), hex('00000000'), Buffer.from('WEBPVP8 ')]), 'image/webp'],
    ['SVG', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'image/svg+xml'],
    ['PDF', Buffer.from('%PDF-1.7\n'), 'application/pdf'],
    ['DOCX', Buffer.concat([hex('504b0304'), Buffer.from('....[Content_Types].xml....word/document.xml')]), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['ZIP', Buffer.concat([hex('504b0304'), Buffer.from('....data.bin')]), 'application/zip'],
    ['MP3', Buffer.from('ID3\x04\x00'), 'audio/mpeg'],
    ['MP4', Buffer.concat([hex('00000018'), Buffer.from('ftypisom')]), 'video/mp4'],
    ['CSV', Buffer.from('name,email\nAda,ada@example.com\n'), 'text/plain'],
  ])('recognises %s', (_name, bytes, mime) => expect(sniffFile(bytes)?.mime).toBe(mime));

  it('does not recognise random binary', () => expect(sniffFile(hex('000102030405ff00fe'))).toBeUndefined());

  it('reads an SVG after comments and a doctype, and many comments without one as text, at once', () => {
    const svg = (s: string) => sniffFile(Buffer.from(s))?.mime;
    expect(svg('<!-- made by hand -->\n<!---->  <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN">\n<svg>')).toBe('image/svg+xml');
    expect(svg('<?xml version="1.0"?><!-- a --> <svg\nwidth="1">')).toBe('image/svg+xml');
    expect(svg('<!-- <svg> inside a comment only -->')).toBe('text/plain');
    expect(svg('<!-- never closed <svg>')).toBe('text/plain');
    expect(svg('<svgx>')).toBe('text/plain');
    // a pattern of repeated lazy comments took seconds at 30 comments and doubled with each more:
    // 140 would not end within the test's time
    expect(svg(`${'<!---->'.repeat(140)}x`)).toBe('text/plain');
    expect(svg(`${'<!---- -->'.repeat(100)}<svg>`)).toBe('image/svg+xml');
  });
  it('accepts only images as logos', () => {
    expect(refuseFile('logo', sniffFile(hex('89504e470d0a1a0a')))).toBeUndefined();
    expect(refuseFile('logo', sniffFile(Buffer.from('just text')))).toMatch(/logo must be an image/);
    expect(refuseFile('submission', sniffFile(Buffer.from('%PDF-1.4')))).toBeUndefined();
    expect(refuseFile('form', undefined)).toMatch(/not recognised/);
  });
});

describe('spec §6: signatures over the raw bytes', () => {
  const secret = 'whsec_test';
  const body = Buffer.from('{"event":"submission.created","qrId":"AB"}');
  it('is sha256= plus the hex HMAC-SHA256 of the body keyed by the secret', () => {
    expect(signWebhook(secret, body)).toBe(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  });
  it('verifies its own signature', () => expect(verifyWebhook(secret, body, signWebhook(secret, body))).toBe(true));
  it('refuses a changed body, even re-serialised equal JSON', () => {
    expect(verifyWebhook(secret, Buffer.from('{"event":"submission.created", "qrId":"AB"}'), signWebhook(secret, body))).toBe(false);
  });
  it('refuses another secret, a missing or malformed header, a wrong length', () => {
    expect(verifyWebhook('other', body, signWebhook(secret, body))).toBe(false);
    expect(verifyWebhook(secret, body, undefined)).toBe(false);
    expect(verifyWebhook(secret, body, 'md5=abc')).toBe(false);
    expect(verifyWebhook(secret, body, 'sha256=abcd')).toBe(false);
  });
});
