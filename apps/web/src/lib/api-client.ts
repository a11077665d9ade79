// The one way the web app talks to the API: prefix, JSON, bearer token from
// the stored session, and the `{ message, data }` envelope turned into a result
// that says whether the call succeeded. A call refused because its session is
// over reports that to session-end.ts, which ends the session once.
import { API_PREFIX, SESSION_MESSAGES, SESSION_STORAGE_KEYS, TOASTS } from '@gets/schema';
import { addConsentFactor } from './consent-factor';
import {
  isAdminFactorRequired,
  isSecondFactorRefusal,
  reportAdminFactorRequired,
} from './factor-refusal';
import { isSessionEndAnswer, reportSessionEnd } from './session-end';
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
  | {
      success: false;
      data: null;
      message: string;
      status: number;
      /**
       * Refused because the session it was made with is over: the app says so
       * once for all such calls, so the caller shows nothing of its own.
       */
      sessionEnded?: boolean;
      /**
       * The data the refusal carried, for the few callers that read it (a
       * 401 asking for a second factor and its passkey challenge).
       */
      details?: unknown;
    };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData (image uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  auth?: ApiAuth;
  signal?: AbortSignal;
  /** Extra request headers (e.g. the admin login secret). */
  headers?: Record<string, string>;
  /**
   * False for the call that ends the session itself (logout): a refusal then
   * means it was already over, which the person who logs out need not be told.
   */
  reportsSessionEnd?: boolean;
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
  const { method = 'GET', query, auth = 'user', signal, reportsSessionEnd = true } = options;
  // A consent's second factor, lent for the call that carries its token (consent-factor.ts).
  const body = addConsentFactor(options.body);
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
  if (!response.ok) {
    // Only a call that carried a session can find it over; a call without one
    // (a visitor's, a login with a wrong password) is an ordinary refusal.
    // A 401 that asks for a second factor ends nothing: the person is asked for it.
    const sessionEnded =
      token !== null &&
      isSessionEndAnswer(response.status, message) &&
      !isSecondFactorRefusal(response.status, data);
    if (auth === 'admin' && token !== null && isAdminFactorRequired(response.status, data)) {
      reportAdminFactorRequired(message);
    }
    if (sessionEnded && reportsSessionEnd) {
      reportSessionEnd(token, {
        actor: auth === 'admin' ? 'admin' : 'user',
        message: response.status === 401 ? SESSION_MESSAGES.ended : message,
      });
    }
    return {
      success: false,
      data: null,
      message,
      status: response.status,
      ...(data === null ? {} : { details: data }),
      ...(sessionEnded && reportsSessionEnd ? { sessionEnded: true } : {}),
    };
  }
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
