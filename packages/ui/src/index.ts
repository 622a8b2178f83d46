/**
 * @marketplace/ui — the design system (Tailwind CSS components), the API client (`callOperation` calls a
 * declared operation by its id, typed from the contracts) and the shared stores of the front ends. It is a
 * Module Federation singleton: the shell and every remote use one instance, so stores and the toast queue
 * are shared. The Headless UI overlays (dialog, menu, select, tabs) are the separate entry
 * `@marketplace/ui/overlays`, loaded only by screens that use them.
 */

export { type LoginBody, loadProfile, login, logout, logoutEverywhere } from './api/auth';
export { type CallArgs, type CallConfig, callOperation } from './api/call-operation';
export {
  ApiError,
  type ApiResponse,
  api,
  configureServerApi,
  errorMessage,
  GENERIC_ERROR_MESSAGE,
  isApiError,
  type QueryParams,
  type RequestConfig,
  type ServerApiOptions,
} from './api/client';
export type {
  OperationBody,
  OperationId,
  OperationQuery,
  OperationRequest,
  OperationResult,
} from './api/operation-types';
export { createQueryClient, QUERY_STALE_MS } from './api/query';
export { putFile, type UploadResult, uploadImage } from './api/upload';
export { Button, type ButtonVariant, buttonClasses } from './components/Button';
export { CarCard, type CarCardProps } from './components/CarCard';
export { ComingSoon, type ComingSoonProps } from './components/ComingSoon';
export {
  CompareButton,
  type CompareButtonProps,
  compareItemOf,
} from './components/CompareButton';
export { cn } from './components/cn';
export { ErrorBoundary, type ErrorBoundaryProps } from './components/ErrorBoundary';
export { DateInput, SelectField, TextAreaField, TextField, TimeInput } from './components/Fields';
export { Pagination, type PaginationProps, pageWindow } from './components/Pagination';
export { imageSrcSet, ResponsiveImage, type ResponsiveImageProps } from './components/ResponsiveImage';
export { ShortlistButton, type ShortlistButtonProps } from './components/ShortlistButton';
export { FullScreenLoader, Spinner } from './components/Spinner';
export { type Column, Table, type TableProps } from './components/Table';
export * from './constants';
export * from './federation/contracts';
export * from './federation/test-drive-booking';
export * from './finance';
export * from './format';
export {
  fullTitle,
  type PageMeta,
  PageProvider,
  type PageRecorder,
  SITE_NAME,
  useHydrated,
  useMediaQuery,
  usePageMeta,
  usePageStatus,
} from './page/page';
export * from './stores';
export { type BrowserListPlace, readBrowserList, writeBrowserList } from './stores/browser-lists';
export * from './stores/compare';
export * from './stores/shortlist';
export { Toaster, toast } from './toast/toast';
