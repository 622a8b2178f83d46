/**
 * Cars: the search and a car's page (catalog) and the seller's listings (listing) (spec §7 "Cars"; issues 5, 6 and 20).
 */
import {
  carCreateBody,
  carCreateHeaders,
  carDetailResponse,
  carIdParams,
  carSaveResponse,
  carSearchQuery,
  carSearchResponse,
  carUpdateBody,
  sellerCarListResponse,
} from '../cars';
import { messageResponse } from '../common';
import { defineOperations, error } from './define';

/** Every operation of this area, keyed by operation id, in the order of the API document. */
export const carOperations = defineOperations({
  // cars (spec §7, issues 5 and 6)
  searchCars: {
    method: 'get',
    path: '/api/cars',
    summary: 'Search and filter cars for sale, newest first, 9 per page by default',
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { query: carSearchQuery },
    responses: { 200: { description: 'One page of cars and the total count', schema: carSearchResponse } },
  },
  listSellerCars: {
    method: 'get',
    path: '/api/cars/seller',
    summary: "The signed-in seller's cars",
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    responses: { 200: { description: "The seller's cars", schema: sellerCarListResponse } },
  },
  getCar: {
    method: 'get',
    path: '/api/cars/{carId}',
    summary: 'One car with all its details',
    tags: ['Cars'],
    service: 'catalog',
    access: 'public',
    request: { params: carIdParams },
    responses: {
      200: { description: 'The car', schema: carDetailResponse },
      404: error('No such car (unknown or malformed id)'),
    },
  },
  createCar: {
    method: 'post',
    path: '/api/cars',
    summary: 'List a car for sale',
    description:
      'A registration number already on an active listing of another seller is refused (409; compared ' +
      'upper-case without spaces and hyphens). With an `Idempotency-Key` header (issue 20), the same key and ' +
      'body from the same user within 24 hours answer the first 201 again (header `Idempotent-Replayed: ' +
      'true`) without a second listing; the same key with another body answers 422.',
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    request: { body: carCreateBody, headers: carCreateHeaders },
    responses: {
      201: {
        description: 'Listed (or the first answer again, for a repeated Idempotency-Key)',
        schema: carSaveResponse,
      },
      409: error(
        "specifications.regNumber is on another seller's active listing, or a request with this Idempotency-Key is still running",
      ),
      422: error('This Idempotency-Key was used with a different body'),
      429: error('Too many listings created by this user; try again later (Retry-After)'),
      503: error('The catalog or storage service could not be asked; try again'),
    },
  },
  updateCar: {
    method: 'put',
    path: '/api/cars/{carId}',
    summary: 'Change price, km driven, description, images or status of a listing (seller or Admin)',
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    request: { params: carIdParams, body: carUpdateBody },
    responses: {
      200: { description: 'Updated', schema: carSaveResponse },
      403: error('Only the seller or an Admin may change this listing'),
      409: error(
        "Back on sale (status used), but specifications.regNumber is on another seller's active listing",
      ),
      503: error('The storage service could not be asked about new images; try again'),
    },
  },
  deleteCar: {
    method: 'delete',
    path: '/api/cars/{carId}',
    summary: 'Remove a listing (seller or Admin)',
    tags: ['Cars'],
    service: 'listing',
    access: 'user',
    request: { params: carIdParams },
    responses: {
      200: { description: 'Deleted', schema: messageResponse },
      403: error('Only the seller or an Admin may delete this listing'),
    },
  },
});
