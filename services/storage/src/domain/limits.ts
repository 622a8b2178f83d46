/**
 * Upload limits (issue 6): JPEG, PNG or WebP only, at most 10 MB (10 485 760 bytes) and 8000×8000 pixels.
 */
export const uploadLimits = {
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 10 * 1024 * 1024,
  maxWidth: 8000,
  maxHeight: 8000,
} as const;
