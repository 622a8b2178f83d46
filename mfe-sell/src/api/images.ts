/** Car photo uploads (spec §7 "Image and logo upload"), for the wizard and the edit dialog. */
import { type UploadResult, uploadImage } from '@marketplace/ui';

/**
 * Uploads one car photo (the storage service's two-step flow, `uploadImage('cars', …)`); `onProgress`
 * receives 0–100. Never throws and never toasts: the caller reports failed images together.
 */
export function uploadCarImage(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  return uploadImage('cars', file, { onProgress });
}
