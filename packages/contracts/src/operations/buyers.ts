/**
 * Buyers' tools (issue 24): the shortlist, saved searches and the one-click unsubscribe of their alerts.
 * Owned by the catalog, which keeps the cars they point at and matches new cars against the searches.
 */
import {
  savedSearch,
  savedSearchBody,
  savedSearchCreateResponse,
  savedSearchListResponse,
  shortlistChangeResponse,
  shortlistParams,
  shortlistResponse,
  unsubscribeQuery,
} from '../buyers';
import { deletedResponse, idParams, messageResponse, SAVED_SEARCHES_MAX, SHORTLIST_MAX } from '../common';
import { defineOperations, error } from './define';

/** Every operation of this area, keyed by operation id, in the order of the API document. */
export const buyerOperations = defineOperations({
  getShortlist: {
    method: 'get',
    path: '/api/shortlist',
    summary: "The user's shortlisted cars, newest first",
    description: 'A car that was sold or removed stays in the list, marked so, until the user removes it.',
    tags: ['Shortlist'],
    service: 'catalog',
    access: 'user',
    responses: { 200: { description: 'The shortlist', schema: shortlistResponse } },
  },
  addToShortlist: {
    method: 'put',
    path: '/api/shortlist/{carId}',
    summary: 'Shortlist a car (idempotent)',
    description: `At most ${SHORTLIST_MAX} cars; shortlisting a car already in the list changes nothing.`,
    tags: ['Shortlist'],
    service: 'catalog',
    access: 'user',
    request: { params: shortlistParams },
    responses: {
      200: { description: 'Shortlisted', schema: shortlistChangeResponse },
      404: error('No such car for sale'),
      409: error(`The shortlist already holds ${SHORTLIST_MAX} cars`),
    },
  },
  removeFromShortlist: {
    method: 'delete',
    path: '/api/shortlist/{carId}',
    summary: 'Remove a car from the shortlist (idempotent)',
    tags: ['Shortlist'],
    service: 'catalog',
    access: 'user',
    request: { params: shortlistParams },
    responses: {
      200: { description: 'Not shortlisted (any more)', schema: shortlistChangeResponse },
      404: error('No such car, and it is not in the shortlist'),
    },
  },
  getSavedSearches: {
    method: 'get',
    path: '/api/saved-searches',
    summary: "The user's saved searches, newest first",
    tags: ['Saved searches'],
    service: 'catalog',
    access: 'user',
    responses: { 200: { description: 'The saved searches', schema: savedSearchListResponse } },
  },
  createSavedSearch: {
    method: 'post',
    path: '/api/saved-searches',
    summary: 'Save the listing’s filters with a name, and get told of new matches',
    description:
      `At most ${SAVED_SEARCHES_MAX} per user. New cars matching it are told by the chosen channels, at ` +
      'once or in one digest a day at 09:00 India time.',
    tags: ['Saved searches'],
    service: 'catalog',
    access: 'user',
    request: { body: savedSearchBody },
    responses: {
      201: { description: 'Saved', schema: savedSearchCreateResponse },
      409: error(`The user already has ${SAVED_SEARCHES_MAX} saved searches`),
    },
  },
  deleteSavedSearch: {
    method: 'delete',
    path: '/api/saved-searches/{id}',
    summary: 'Delete a saved search (its alerts stop)',
    tags: ['Saved searches'],
    service: 'catalog',
    access: 'user',
    request: { params: idParams },
    responses: { 200: { description: 'Deleted', schema: deletedResponse(savedSearch) } },
  },
  unsubscribeAlerts: {
    method: 'post',
    path: '/api/alerts/unsubscribe',
    summary: 'One-click unsubscribe from an alert (RFC 8058; no sign-in)',
    description:
      'The token comes from the link in the alert e-mail (and its `List-Unsubscribe` header). A saved ' +
      "search's token stops that search's alerts; a price-drop token stops the price-drop alerts of that " +
      'car. Repeating it changes nothing. Any body is ignored (mail clients post `List-Unsubscribe=One-Click`).',
    tags: ['Saved searches'],
    service: 'catalog',
    access: 'public',
    request: { query: unsubscribeQuery },
    responses: {
      200: { description: 'Unsubscribed', schema: messageResponse },
      400: error('The token is missing, malformed or not signed by us'),
      404: error('The saved search or shortlist entry no longer exists'),
    },
  },
});
