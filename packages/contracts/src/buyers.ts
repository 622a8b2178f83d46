/**
 * Buyers' tools (issue 24): the shortlist (cars a signed-in user keeps, at most {@link SHORTLIST_MAX}), saved
 * searches (the listing's filters with a name, at most {@link SAVED_SEARCHES_MAX}) and the one-click
 * unsubscribe of their alerts. Prices are whole rupees, distances km.
 */
import { z } from 'zod';
import { car } from './car-records';
import { carSearchQuery } from './car-search';
import {
  alertChannels,
  alertFrequencies,
  enumField,
  fieldError,
  idField,
  objectId,
  SAVED_SEARCH_NAME_MAX,
  savedSearchFilters,
  shortlistAvailabilities,
  textField,
} from './common';

/** Path of `PUT`/`DELETE /api/shortlist/{carId}`. */
export const shortlistParams = z.object({ carId: idField('carId') });

/**
 * One shortlisted car: the car as the listing shows it (for a removed car, the last copy the shortlist
 * saw), where it stands and when the user shortlisted it.
 */
export const shortlistEntry = car
  .extend({
    availability: z.enum(shortlistAvailabilities).meta({
      description: 'for_sale; sold (marked sold by its seller); removed (its listing was deleted)',
    }),
    shortlistedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ShortlistEntry' });
/** Inferred type of {@link shortlistEntry}. */
export type ShortlistEntry = z.infer<typeof shortlistEntry>;

/** `GET /api/shortlist` answer: the user's shortlisted cars, newest first. */
export const shortlistResponse = z.object({ data: z.array(shortlistEntry) });
/** Inferred type of {@link shortlistResponse}. */
export type ShortlistResponse = z.infer<typeof shortlistResponse>;

/** `PUT`/`DELETE /api/shortlist/{carId}` answer: a message and the ids now shortlisted, newest first. */
export const shortlistChangeResponse = z.object({
  message: z.string(),
  data: z.object({ carIds: z.array(objectId) }),
});
/** Inferred type of {@link shortlistChangeResponse}. */
export type ShortlistChangeResponse = z.infer<typeof shortlistChangeResponse>;

/**
 * The `query` of a saved search: the listing's query string (`fuelTypes=Diesel&price=0-800000&city=Pune`,
 * a leading `?` allowed), validated like `GET /api/cars` (a bad value → 400 `query: <the parameter's
 * message>`) and kept as its filters only ({@link savedSearchFilters}, in that order; paging, sort and
 * unknown parameters dropped). At least one filter is required.
 */
export const savedSearchQuery = z
  .string({ error: fieldError('query', 'query must be a string') })
  .max(2000, 'query must be at most 2000 characters')
  .transform((text, ctx) => {
    const params = new URLSearchParams(text.trim().replace(/^\?/, ''));
    const filters: Array<[string, string]> = [];
    for (const key of savedSearchFilters) {
      const value = params.get(key);
      if (value !== null && value.trim() !== '') filters.push([key, value.trim()]);
    }
    const parsed = carSearchQuery.safeParse(Object.fromEntries(filters));
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `query: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
      return z.NEVER;
    }
    if (filters.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `query must set at least one of ${savedSearchFilters.join(', ')}`,
      });
      return z.NEVER;
    }
    return new URLSearchParams(filters).toString();
  })
  .meta({ description: "The listing's query string; only its filters are kept" });

/** `POST /api/saved-searches` body. */
export const savedSearchBody = z.object({
  name: textField('name', SAVED_SEARCH_NAME_MAX),
  query: savedSearchQuery,
  channels: z
    .array(enumField('channels', alertChannels), { error: fieldError('channels', 'channels must be a list') })
    .min(1, 'channels must name at least one of email, sms')
    .max(10, 'channels must have at most 10 entries')
    .transform((channels) => [...new Set(channels)]),
  frequency: enumField('frequency', alertFrequencies),
});
/** Input type of {@link savedSearchBody} (what a client sends). */
export type SavedSearchInput = z.input<typeof savedSearchBody>;

/** A saved search as read. `alerts` is false once its alerts were unsubscribed. */
export const savedSearch = z
  .object({
    _id: objectId,
    name: z.string(),
    query: z.string().meta({ description: 'Canonical query string of its filters' }),
    channels: z.array(z.enum(alertChannels)),
    frequency: z.enum(alertFrequencies),
    alerts: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SavedSearch' });
/** Inferred type of {@link savedSearch}. */
export type SavedSearch = z.infer<typeof savedSearch>;

/** `GET /api/saved-searches` answer: the user's saved searches, newest first. */
export const savedSearchListResponse = z.object({ data: z.array(savedSearch) });
/** `POST /api/saved-searches` answer (201). */
export const savedSearchCreateResponse = z.object({ message: z.string(), data: savedSearch });

/** `POST /api/alerts/unsubscribe?token=` query: the signed token of an alert's unsubscribe link. */
export const unsubscribeQuery = z.object({ token: textField('token', 2000) });
