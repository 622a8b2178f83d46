/** Image-list checks shared by creating and updating a listing. */
import { badRequest } from '@marketplace/platform';
import { duplicateImageKey } from '../domain/rules';

/** @throws HttpError 400 naming `images[i].key` when a key repeats. */
export function assertNoDuplicateImages(images: Array<{ key: string }>): void {
  const dup = duplicateImageKey(images);
  if (dup) throw badRequest(`images[${dup.index}].key: the image ${dup.key} is listed twice`);
}
