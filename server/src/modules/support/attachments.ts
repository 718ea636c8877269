/**
 * Support attachments: what a player may attach (PNG, JPEG, WebP or PDF, recognised by their first
 * bytes, never by the name) and how large (SUPPORT_ATTACHMENT_MAX_BYTES). Bytes go through the
 * accounts module's DocumentStorage; the key is made here (`<userId>/<uuid>.<ext>`), never from input.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';

export const SUPPORT_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

export interface AttachmentInput {
  name: string;
  /** base64 (a data: URL prefix is accepted). */
  data: string;
}

export interface CheckedAttachment {
  bytes: Buffer;
  type: 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';
  ext: 'png' | 'jpg' | 'webp' | 'pdf';
  name: string;
}

export function sniff(bytes: Buffer): Pick<CheckedAttachment, 'type' | 'ext'> | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { type: 'image/png', ext: 'png' };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { type: 'image/jpeg', ext: 'jpg' };
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return { type: 'image/webp', ext: 'webp' };
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-')
    return { type: 'application/pdf', ext: 'pdf' };
  return null;
}

/** Decodes and checks an attachment: SUPPORT_ATTACHMENT_TOO_LARGE (413), SUPPORT_ATTACHMENT_TYPE (415). */
export function checkAttachment(
  input: AttachmentInput,
  maxBytes = SUPPORT_ATTACHMENT_MAX_BYTES,
): CheckedAttachment {
  const base64 = input.data.replace(/^data:[^,]*,/, '');
  // The decoded size is known before decoding: refuse large files without allocating them.
  if (Math.floor((base64.length * 3) / 4) - 2 > maxBytes)
    throw new AppError('SUPPORT_ATTACHMENT_TOO_LARGE', undefined, { maxBytes });
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new AppError('SUPPORT_ATTACHMENT_TYPE');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new AppError('SUPPORT_ATTACHMENT_TYPE');
  if (bytes.length > maxBytes) throw new AppError('SUPPORT_ATTACHMENT_TOO_LARGE', undefined, { maxBytes });
  const kind = sniff(bytes);
  if (!kind) throw new AppError('SUPPORT_ATTACHMENT_TYPE');
  const name = input.name.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 100) || `file.${kind.ext}`;
  return { bytes, ...kind, name };
}

export function attachmentKey(userId: bigint, ext: CheckedAttachment['ext']): string {
  return `${userId}/${randomUUID()}.${ext}`;
}
