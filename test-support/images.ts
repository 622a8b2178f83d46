/**
 * Image fixtures for the storage tests, made with sharp: a JPEG carrying EXIF with GPS tags, PNGs, WebPs,
 * and things that are not images.
 */
import sharp from 'sharp';

/** The GPS map datum written into {@link jpegWithGps}; its text must not survive processing. */
export const GPS_MARKER = 'WGS-84';
/** The camera make written into {@link jpegWithGps}. */
export const CAMERA_MARKER = 'LeakyCam';

/** A noisy gradient (compresses like a photo, so sizes are realistic), `width`×`height` px, 3 channels. */
function photo(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  });
}

/**
 * A JPEG of `width`×`height` px whose EXIF holds a camera make, GPS coordinates (Bengaluru) and,
 * when `orientation` is given, an orientation tag (6 = rotate 90° clockwise to display).
 */
export async function jpegWithGps(width = 2000, height = 1500, orientation?: number): Promise<Buffer> {
  const jpeg = await photo(width, height)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: CAMERA_MARKER, Model: 'Model 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 0/1',
        GPSMapDatum: GPS_MARKER,
      },
    })
    .toBuffer();
  return orientation ? sharp(jpeg).withMetadata({ orientation }).jpeg({ quality: 90 }).toBuffer() : jpeg;
}

/** A plain JPEG of `width`×`height` px in one colour (a car photo for the API flows). */
export function plainJpeg(
  width = 800,
  height = 600,
  background: string | { r: number; g: number; b: number } = '#3366aa',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A PNG of `width`×`height` px with an alpha channel (a logo-like image). */
export function pngImage(width = 800, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A WebP of `width`×`height` px. */
export function webpImage(width = 700, height = 500): Promise<Buffer> {
  return photo(width, height).webp({ quality: 80 }).toBuffer();
}

/** A GIF (a real image, but not an accepted format). */
export function gifImage(width = 50, height = 50): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
}

/** A text file, as if someone renamed notes.txt to photo.jpg. */
export const textFile = Buffer.from('These are my notes, not a photo.\n'.repeat(20));
