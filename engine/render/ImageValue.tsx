// A value of format 'image': the address of an image this application serves (a tier's template card), shown as
// that image, linked to the address itself. The picture is loaded by path from the page's own server, so it
// shows whatever public address (PUBLIC_URL) the value carries; an uploaded image (a data URL the image widget
// stored, a scanned e-ticket) shows as itself; anything else shows as text.
import { Typography } from 'antd';

/** The path (and query) of an http(s) address, or undefined. */
export function imagePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value, 'http://localhost');
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** An uploaded image as the image widget stores it: a PNG or JPEG data URL. */
const isUploadedImage = (value: unknown): value is string => typeof value === 'string' && /^data:image\/(png|jpeg);base64,/.test(value);

export function ImageValue({ value, alt }: { value: unknown; alt: string }) {
  if (isUploadedImage(value)) return <img src={value} alt={alt} className="engine-image-value" style={{ display: 'block', maxWidth: 240, maxHeight: 320, height: 'auto' }} />;
  const path = imagePath(value);
  if (!path) return <Typography.Text>{value === null || value === undefined ? '–' : String(value)}</Typography.Text>;
  return (
    <a href={String(value)} target="_blank" rel="noreferrer" className="engine-image-value">
      <img src={path} alt={alt} style={{ display: 'block', width: 240, maxWidth: '100%', height: 'auto' }} />
    </a>
  );
}
