import { AppError } from '../http/app-error.ts';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type from the file's first bytes; the declared Content-Type is never trusted alone. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** Spec 5 and 9: uploaded pictures (receipts, proofs) are png or jpg, 5 MB at most. */
export const maxUploadBytes = 5 * 1024 * 1024;

/**
 * The bytes of an uploaded picture, checked: base64 that decodes to 1 byte … 5 MB whose first bytes
 * say it is the png or jpg it claims to be. Anything else is a VALIDATION_FAILED on `field`.
 */
export function decodeUpload(
  upload: { contentType: 'image/png' | 'image/jpeg'; data: string },
  field: string,
): Buffer {
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0 || bytes.length > maxUploadBytes || sniffImage(bytes) !== upload.contentType) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ field, reason: 'a png or jpg image up to 5 MB' }] });
  }
  return bytes;
}
