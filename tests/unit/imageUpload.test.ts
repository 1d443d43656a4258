// The image field check shared by the widget and the server: PNG/JPEG bytes by content, size by the field's limit.
import { describe, expect, it } from 'vitest';
import { imageProblem, imageSizeMessage } from '../../engine/rules';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

describe('imageProblem', () => {
  it('accepts PNG and JPEG bytes declared as such, up to the limit exactly', () => {
    expect(imageProblem(dataUrl('image/png', Buffer.concat([PNG_HEAD, Buffer.alloc(100)])), 300)).toBeUndefined();
    expect(imageProblem(dataUrl('image/jpeg', Buffer.concat([JPEG_HEAD, Buffer.alloc(300 * 1024 - 4)])), 300)).toBeUndefined();
  });

  it('refuses one byte over the limit with the spec message, in KB below 1 MB and MB above', () => {
    expect(imageProblem(dataUrl('image/jpeg', Buffer.concat([JPEG_HEAD, Buffer.alloc(300 * 1024 - 3)])), 300)).toBe('Image size must be smaller than 300 KB');
    expect(imageSizeMessage(2048)).toBe('Image size must be smaller than 2 MB');
  });

  it('refuses other types, bytes that are not the declared type, and addresses that are not data URLs', () => {
    for (const value of [
      dataUrl('image/svg+xml', Buffer.from('<svg onload="alert(1)"/>')),
      dataUrl('image/png', Buffer.from('plain text')),
      dataUrl('image/png', JPEG_HEAD),
      dataUrl('image/jpeg', Buffer.from([0xff, 0xd8])),
      'data:text/html,<script>alert(1)</script>',
      'javascript:alert(1)',
      'https://example.com/a.png',
      'data:image/png;base64,not base64!',
    ]) {
      expect(imageProblem(value, 300), value).toBe('You can only upload JPEG/PNG file');
    }
  });
});
