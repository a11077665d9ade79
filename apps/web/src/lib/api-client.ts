// The one way the web app talks to the API: prefix, JSON, bearer token from
// the stored session, and the `{ message, data }` envelope turned into a result
// that says whether the call succeeded.
import { API_PREFIX, SESSION_STORAGE_KEYS, TOASTS } from '@gets/schema';
import { isRecord, readStoredToken } from './storage';

/** Which stored session signs the call: the user's, the admin's, or none. */
export type ApiAuth = 'user' | 'admin' | 'none';

export type ApiResult<T> =
  | {
      success: true;
      data: T;
      message: string;
      status: number;
      /** The answer's headers (a page's total count, say). */
      headers?: Headers;
    }
  | { success: false; data: null; message: string; status: number };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData (image uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  auth?: ApiAuth;
  signal?: AbortSignal;
  /** Extra request headers (e.g. the admin login secret). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function tokenFor(auth: ApiAuth): string | null {
  if (auth === 'none') return null;
  return readStoredToken(SESSION_STORAGE_KEYS[auth]);
}

async function readEnvelope(response: Response): Promise<{ message: string; data: unknown }> {
  const text = await response.text();
  if (text === '') return { message: response.statusText, data: null };
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) {
      return {
        message: typeof parsed.message === 'string' ? parsed.message : response.statusText,
        data: 'data' in parsed ? parsed.data : null,
      };
    }
  } catch {
    // Not JSON (a proxy error page, say): fall through to the status text.
  }
  return { message: response.statusText, data: null };
}

export async function apiRequest<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult<T>> {
  const { method = 'GET', body, query, auth = 'user', signal } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const token = tokenFor(auth);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { success: false, data: null, message: TOASTS.error.generic, status: 0 };
  }

  const { message, data } = await readEnvelope(response);
  if (!response.ok) return { success: false, data: null, message, status: response.status };
  return {
    success: true,
    data: data as T,
    message,
    status: response.status,
    headers: response.headers,
  };
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
