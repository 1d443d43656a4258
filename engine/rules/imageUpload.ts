// An image field's value (the image widget's data URL) checked by its content: PNG or JPEG bytes within the
// field's size limit (spec 000 §5). The browser's widget and the server's check share these texts and limits.

/** The image widget's limit when its field declares no `maxSizeKb`. */
export const DEFAULT_IMAGE_MAX_KB = 1024;

export const IMAGE_MESSAGES = { type: 'You can only upload JPEG/PNG file' } as const;

/** 'Image size must be smaller than {n} KB/MB': KB below 1 MB. */
export function imageSizeMessage(maxKb: number): string {
  return maxKb < 1024 ? `Image size must be smaller than ${maxKb} KB` : `Image size must be smaller than ${+(maxKb / 1024).toFixed(2)} MB`;
}

// What FileReader.readAsDataURL makes of a PNG or JPEG file; the declared type is checked against the bytes too.
const DATA_URL = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]*={0,2})$/;
const MAGIC: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/** The decoded length of a base64 text, without decoding it. */
const decodedBytes = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** The first bytes of a base64 text. */
function leadingBytes(base64: string, count: number): number[] {
  const head = atob(base64.slice(0, Math.ceil(count / 3) * 4));
  return Array.from(head.slice(0, count), (c) => c.charCodeAt(0));
}

/**
 * The message refusing an image field's value, or undefined when it is a PNG or JPEG data URL whose bytes
 * start as the type says and number no more than `maxKb` KB. Anything else (an SVG, HTML, a script address,
 * a text renamed .png) is refused as not a JPEG/PNG file.
 */
export function imageProblem(value: string, maxKb = DEFAULT_IMAGE_MAX_KB): string | undefined {
  // Checked before the pattern so a huge value costs no regular-expression work over all of it.
  const base64Start = value.indexOf(',') + 1;
  if (base64Start > 0 && decodedBytes(value.slice(base64Start)) > maxKb * 1024 && /^data:image\/(png|jpeg);base64,$/.test(value.slice(0, base64Start))) {
    return imageSizeMessage(maxKb);
  }
  const match = DATA_URL.exec(value);
  if (!match || match[2]!.length % 4 !== 0) return IMAGE_MESSAGES.type;
  const magic = MAGIC[match[1]!]!;
  const head = leadingBytes(match[2]!, magic.length);
  if (head.length < magic.length || magic.some((byte, i) => head[i] !== byte)) return IMAGE_MESSAGES.type;
  return undefined;
}
