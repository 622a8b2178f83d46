/**
 * The admin screens' API calls (spec §7 "Reference data", "Authentication and account"; contract in
 * @marketplace/contracts, imported for types only). Failed calls toast the server's message through the
 * shared client (spec §8) unless marked `quiet`. Reference lists answer `{ data: [...] }` (`data` is the
 * list); a model's or variant's `carBrand` is the brand id and `brandName` the brand's name; deletes answer
 * `{ message, data }` with the deleted record (issue 19).
 */
import type {
  Brand,
  FuelType,
  MessageResponse,
  Model,
  Role,
  Rto,
  State,
  Transmission,
  User,
  Variant,
} from '@marketplace/contracts';
import { fuelTypes, roles, transmissions } from '@marketplace/contracts/vocabulary';
import { api, isApiError, type UploadResult, uploadImage } from '@marketplace/ui';

export type { Brand, FuelType, Model, Role, Rto, State, Transmission, User, Variant };

/** Fuel types of the model and variant forms (spec §9). */
export const FUEL_TYPES: readonly FuelType[] = fuelTypes;
/** Transmissions (spec §9). */
export const TRANSMISSIONS: readonly Transmission[] = transmissions;
/** Roles an admin can give a new user; the first is the default (spec §9). */
export const ROLES: readonly Role[] = roles;

/**
 * Read options of the admin lists: `Cache-Control: no-cache` on the request makes the browser fetch past
 * its HTTP cache, so a list re-read after a write shows it whatever caching the server allows for public
 * reference reads (they were `max-age=60` once, and a re-read of the same URL then got the pre-write copy).
 */
const fresh = { headers: { 'Cache-Control': 'no-cache' } };

/** Drops empty query values (spec §7: empty parameters omitted). */
function query(params: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v)) as Record<string, string>;
}

// --------------------------------------------------------------------------------------------- states

/** `GET /api/carstate`: every state and union territory with its RTO prefix (`{ data: State[] }`). */
export async function fetchStates(): Promise<State[]> {
  const { data } = await api.get<{ data: State[] }>('/api/carstate', fresh);
  return data.data;
}

// ----------------------------------------------------------------------------------------------- RTOs

/** `GET /api/RTO?state=`: RTO offices, optionally of one state. */
export async function fetchRtos(state?: string): Promise<Rto[]> {
  const { data } = await api.get<{ data: Rto[] }>('/api/RTO', { ...fresh, params: query({ state }) });
  return data.data;
}

/** RTO write body (spec §7). */
export interface RtoBody {
  state: string;
  city: string;
  code: string;
}

/** `POST /api/RTO`. */
export async function createRto(body: RtoBody): Promise<string> {
  const { data } = await api.post<MessageResponse>('/api/RTO', body);
  return data.message;
}

/** `PUT /api/RTO/{id}`. */
export async function updateRto(id: string, body: RtoBody): Promise<string> {
  const { data } = await api.put<MessageResponse>(`/api/RTO/${id}`, body);
  return data.message;
}

/** `DELETE /api/RTO/{id}`. */
export async function deleteRto(id: string): Promise<string> {
  const { data } = await api.delete<MessageResponse>(`/api/RTO/${id}`);
  return data.message;
}

// --------------------------------------------------------------------------------------------- brands

/** `GET /api/carbrand`: every brand with its models (`{ data: Brand[] }`). */
export async function fetchBrands(): Promise<Brand[]> {
  const { data } = await api.get<{ data: Brand[] }>('/api/carbrand', fresh);
  return data.data;
}

/** Brand write body (spec §7); `logoKey` only with a newly uploaded logo. */
export interface BrandBody {
  name: string;
  country: string;
  founded: number;
  website?: string;
  logoKey?: string;
}

/** `POST /api/carbrand`; quiet, the caller shows the helper's message (spec §8). */
export async function createBrand(body: BrandBody): Promise<string> {
  const { data } = await api.post<MessageResponse>('/api/carbrand', body, { quiet: true });
  return data.message;
}

/** `PUT /api/carbrand/{id}`. */
export async function updateBrand(id: string, body: BrandBody): Promise<string> {
  const { data } = await api.put<MessageResponse>(`/api/carbrand/${id}`, body);
  return data.message;
}

/** `DELETE /api/carbrand/{id}` (refused while the brand has models or cars; the message says so). */
export async function deleteBrand(id: string): Promise<string> {
  const { data } = await api.delete<MessageResponse>(`/api/carbrand/${id}`);
  return data.message;
}

/** The server's `message` of a failed call, if it gave one. */
function serverMessage(error: unknown): string | undefined {
  const data = isApiError(error) ? (error.data as { message?: unknown } | undefined) : undefined;
  return typeof data?.message === 'string' && data.message ? data.message : undefined;
}

/**
 * The two-step logo upload (spec §7 "Image and logo upload": a signed URL from
 * `POST /api/storage/getUrl?type=logo`, then the `PUT`), through the shared `uploadImage`. Fallback
 * messages of spec §8: 'Failed to get upload URL', 'Failed to upload logo' (with the storage service's
 * reason when it gave one).
 */
export function uploadLogo(file: File): Promise<UploadResult> {
  return uploadImage('logo', file, { what: 'logo' });
}

/**
 * Creates a brand, uploading its logo first when one was chosen (spec §8: the helper's message when the
 * signed URL, the upload or the save fails; 'Failed to create brand' when the server says nothing).
 */
export async function createBrandWithLogo(
  body: Omit<BrandBody, 'logoKey'>,
  logo: File | null,
): Promise<{ success: boolean; message: string }> {
  let logoKey: string | undefined;
  if (logo) {
    const upload = await uploadLogo(logo);
    if (!upload.success) return upload;
    logoKey = upload.key;
  }
  try {
    const message = await createBrand(logoKey ? { ...body, logoKey } : body);
    return { success: true, message };
  } catch (error) {
    console.error('brand create failed', error);
    return { success: false, message: serverMessage(error) ?? 'Failed to create brand' };
  }
}

// --------------------------------------------------------------------------------------------- models

/** `GET /api/carModel?brand=`: models, optionally of one brand (`{ data: Model[] }`). */
export async function fetchModels(brand?: string): Promise<Model[]> {
  const { data } = await api.get<{ data: Model[] }>('/api/carModel', {
    ...fresh,
    params: query({ brand }),
  });
  return data.data;
}

/** Model write body (spec §7). */
export interface ModelBody {
  name: string;
  year: number;
  fuelType: FuelType[];
  transmission: Transmission[];
  carBrand: string;
}

/** `POST /api/carModel`; fallback 'Model successfully created.' (spec §8). */
export async function createModel(body: ModelBody): Promise<string> {
  const { data } = await api.post<Partial<MessageResponse>>('/api/carModel', body);
  return data.message || 'Model successfully created.';
}

/** `PUT /api/carModel/{id}`. */
export async function updateModel(id: string, body: Partial<ModelBody>): Promise<string> {
  const { data } = await api.put<Partial<MessageResponse>>(`/api/carModel/${id}`, body);
  return data.message || 'Model successfully updated.';
}

/** `DELETE /api/carModel/{id}`. */
export async function deleteModel(id: string): Promise<string> {
  const { data } = await api.delete<Partial<MessageResponse>>(`/api/carModel/${id}`);
  return data.message || 'Model deleted.';
}

// ------------------------------------------------------------------------------------------- variants

/** Variant list filters (spec §2 "Variant"). */
export interface VariantFilters {
  brand?: string;
  model?: string;
  fuelType?: string;
}

/** `GET /api/carVariant?brand=&model=&fuelType=`: matching variants (`{ data: Variant[] }`). */
export async function fetchVariants(filters: VariantFilters): Promise<Variant[]> {
  const { data } = await api.get<{ data: Variant[] }>('/api/carVariant', {
    ...fresh,
    params: query({ ...filters }),
  });
  return data.data;
}

/** Variant write body (spec §7). */
export interface VariantBody {
  name: string;
  carModel: string;
  carBrand: string;
  fuelType: FuelType;
  transmission: Transmission;
  features: string[];
  description: string;
}

/** `POST /api/carVariant`; fallback 'Variant successfully created.' (spec §8). */
export async function createVariant(body: VariantBody): Promise<string> {
  const { data } = await api.post<Partial<MessageResponse>>('/api/carVariant', body);
  return data.message || 'Variant successfully created.';
}

/** `PUT /api/carVariant/{id}`. */
export async function updateVariant(id: string, body: Partial<VariantBody>): Promise<string> {
  const { data } = await api.put<Partial<MessageResponse>>(`/api/carVariant/${id}`, body);
  return data.message || 'Variant successfully updated.';
}

/** `DELETE /api/carVariant/{id}`. */
export async function deleteVariant(id: string): Promise<string> {
  const { data } = await api.delete<Partial<MessageResponse>>(`/api/carVariant/${id}`);
  return data.message || 'Variant deleted.';
}

// ---------------------------------------------------------------------------------------------- users

/** `GET /api/account/getAllUser?userType=`; failures are only logged (spec §8). */
export async function fetchUsers(userType?: string): Promise<User[]> {
  const { data } = await api.get<User[]>('/api/account/getAllUser', {
    params: query({ userType }),
    quiet: true,
  });
  return data;
}

/** Add-user body (spec §2 "Add-user form"). */
export interface NewUserBody {
  name: string;
  username: string;
  email: string;
  password: string;
  role: Role;
  phone_number?: string;
}

/** `POST /api/account/user/new`. */
export async function createUser(body: NewUserBody): Promise<string> {
  const { data } = await api.post<MessageResponse>('/api/account/user/new', body);
  return data.message;
}

/** `DELETE /api/account/user/{id}`. */
export async function deleteUser(id: string): Promise<string> {
  const { data } = await api.delete<MessageResponse>(`/api/account/user/${id}`);
  return data.message;
}

// ---------------------------------------------------------------------------------------- statistics

/** The dashboard's figures, read from the services. */
export interface DashboardStats {
  cars: number;
  testDrives: number;
  brands: number;
  users: number;
}

/** Total cars listed, test drives booked, brands and users; a figure that fails to load is null. */
export async function fetchStats(): Promise<{ [K in keyof DashboardStats]: number | null }> {
  const [cars, testDrives, brands, users] = await Promise.allSettled([
    api.get<{ data: { totalLength: number } }>('/api/cars', {
      ...fresh,
      params: { limit: 1 },
      background: true,
    }),
    api.get<{ data: unknown[] }>('/api/testDrive/admin', { background: true }),
    api.get<{ data: unknown[] }>('/api/carbrand', { ...fresh, background: true }),
    api.get<User[]>('/api/account/getAllUser', { background: true, quiet: true }),
  ]);
  return {
    cars: cars.status === 'fulfilled' ? cars.value.data.data.totalLength : null,
    testDrives: testDrives.status === 'fulfilled' ? testDrives.value.data.data.length : null,
    brands: brands.status === 'fulfilled' ? brands.value.data.data.length : null,
    users: users.status === 'fulfilled' ? users.value.data.length : null,
  };
}
