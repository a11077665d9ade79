// api-client and second factors: a 401 asking for a factor ends no session and
// carries its data; an admin write refused for want of a factor is reported.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECURITY_MESSAGES } from '@gets/schema';
import { storeAdminSession, stubApi } from '@/test/api-stub';
import { apiRequest } from './api-client';
import { withConsentFactor } from './consent-factor';
import { onAdminFactorRequired } from './factor-refusal';
import { onSessionEnd } from './session-end';

const ASKED = { secondFactorRequired: true, kinds: ['totp'], passkey: null };

afterEach(() => vi.unstubAllGlobals());

describe('api-client and second factors', () => {
  it('keeps the session on a 401 that asks for a second factor, and hands its data on', async () => {
    window.localStorage.setItem('auth', JSON.stringify({ token: 'user-token', user: {} }));
    stubApi({ 'POST /security/totp/setup': { status: 401, message: 'x', data: ASKED } });
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    const result = await apiRequest('/security/totp/setup', { method: 'POST', body: {} });
    stop();
    expect(result).toMatchObject({ success: false, status: 401, details: ASKED });
    expect(result.success || result.sessionEnded).toBeFalsy();
    expect(ended).not.toHaveBeenCalled();
  });

  it('reports an admin write refused until the admin enrols a factor', async () => {
    storeAdminSession();
    stubApi({
      'POST /admin/settings': {
        status: 403,
        message: SECURITY_MESSAGES.adminFactorRequired,
        data: { factorRequired: true },
      },
    });
    const heard = vi.fn();
    const stop = onAdminFactorRequired(heard);
    await apiRequest('/admin/settings', { method: 'POST', auth: 'admin', body: {} });
    stop();
    expect(heard).toHaveBeenCalledWith(SECURITY_MESSAGES.adminFactorRequired);
  });

  it('adds a lent consent factor only to the call carrying its token', async () => {
    const api = stubApi({ 'POST /a': { data: null }, 'POST /b': { data: null } });
    await withConsentFactor('token-1', { totpCode: '123456' }, async () => {
      await apiRequest('/a', { method: 'POST', auth: 'none', body: { consentToken: 'token-1' } });
      await apiRequest('/b', { method: 'POST', auth: 'none', body: { consentToken: 'token-2' } });
    });
    expect(api.callsTo('POST', '/a')[0]?.body).toEqual({
      consentToken: 'token-1',
      totpCode: '123456',
    });
    expect(api.callsTo('POST', '/b')[0]?.body).toEqual({ consentToken: 'token-2' });
  });
});
