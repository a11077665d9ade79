import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX, SESSION_STORAGE_KEYS, TOASTS } from '@gets/schema';
import { apiClient, apiRequest } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown, statusText = '') {
  fetchMock.mockResolvedValueOnce(
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, statusText }),
  );
}

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.lastCall!;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

describe('apiRequest', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    window.localStorage.clear();
  });

  it('calls under the API prefix and reads { message, data } into a success result', async () => {
    respond(200, { message: 'Badges found', data: [{ _id: 'b1' }] });
    const result = await apiClient.get<{ _id: string }[]>('/badge/list', {
      query: { page: 1, filter: 'recent', skip: undefined },
    });
    expect(result).toEqual({
      success: true,
      data: [{ _id: 'b1' }],
      message: 'Badges found',
      status: 200,
      headers: expect.any(Headers),
    });
    expect(lastCall().url).toBe(`${API_PREFIX}/badge/list?page=1&filter=recent`);
    expect(lastCall().init.method).toBe('GET');
  });

  it('sends JSON bodies with the JSON content type', async () => {
    respond(201, { message: 'Created', data: { id: 7 } });
    await apiClient.post('/user/register', { email: 'a@b.co' }, { auth: 'none' });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect(headers.has('Authorization')).toBe(false);
  });

  it("signs user calls with the stored user's token and admin calls with the admin token", async () => {
    window.localStorage.setItem(
      SESSION_STORAGE_KEYS.user,
      JSON.stringify({ token: 'u-tok', user: {} }),
    );
    window.localStorage.setItem(
      SESSION_STORAGE_KEYS.admin,
      JSON.stringify({ token: 'a-tok', adminDetails: {} }),
    );
    respond(200, { message: 'ok', data: null });
    await apiRequest('/user/me');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer u-tok');

    respond(200, { message: 'ok', data: null });
    await apiRequest('/admin/settings', { auth: 'admin' });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer a-tok');
  });

  it('sends no token when the stored session is malformed', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEYS.user, 'not-json');
    respond(200, { message: 'ok', data: null });
    await apiRequest('/user/me');
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it("returns a failure with the server's message on a non-ok answer", async () => {
    respond(409, {
      message: 'This email is already registered. Please proceed to login',
      data: null,
    });
    const result = await apiClient.post('/user/register', {});
    expect(result).toEqual({
      success: false,
      data: null,
      message: 'This email is already registered. Please proceed to login',
      status: 409,
    });
  });

  it('falls back to the status text when the answer is not JSON', async () => {
    respond(502, '<html>Bad gateway</html>', 'Bad Gateway');
    const result = await apiRequest('/health');
    expect(result).toMatchObject({ success: false, message: 'Bad Gateway', status: 502 });
  });

  it('turns a network failure into a failure result with the generic message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const result = await apiRequest('/health');
    expect(result).toEqual({
      success: false,
      data: null,
      message: TOASTS.error.generic,
      status: 0,
    });
  });

  it('leaves FormData bodies to the browser (no JSON content type)', async () => {
    respond(200, { message: 'Image uploaded', data: { url: 'x' } });
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    await apiClient.post('/upload', form);
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });
});
