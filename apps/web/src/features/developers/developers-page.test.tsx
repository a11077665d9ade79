// The Developers page (issue 46) through the real route table, with the API
// stubbed: API keys (list, create and show once, revoke) and webhook
// endpoints (add, a refused URL, test events and their deliveries, resend).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  INTEGRATION_MESSAGES,
  SPONSOR_EVENT_TYPES,
  type ApiKey,
} from '@gets/schema';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { stubApi } from '@/test/api-stub';
import { APPROVED_SPONSOR, apiKey, delivery, endpoint, KEYS } from '@/test/developers';
import { renderRoute, storeUserSession } from '@/test/render-route';

const writeText = vi.fn(() => Promise.resolve());

beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  writeText.mockClear();
});

const SECRET = `gets_sk_${'Q'.repeat(40)}`;

async function openPage() {
  storeUserSession(APPROVED_SPONSOR);
  renderRoute('/developers');
  return screen.findByRole('heading', { level: 1, name: 'Developers' });
}

const keyRow = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const card = (url: string) => screen.getByRole('listitem', { name: url });

describe('API keys on /developers', () => {
  it('lists the keys with their prefix, scopes in words, dates and status; Revoke only on active ones', async () => {
    stubApi({ 'GET /developers/keys': { data: KEYS }, 'GET /developers/webhooks': { data: [] } });
    await openPage();
    expect(document.title).toBe('Developers - GETS Badges');
    expect(screen.getByText('Authorization: Bearer <key>')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe(
      '/gs-api/docs',
    );

    const active = await screen.findByRole('row', { name: /^CRM sync/ });
    expect(within(active).getByText('gets_sk_Ab1d…')).toBeTruthy();
    expect(within(active).getByText(API_KEY_SCOPE_LABELS['badges:read'])).toBeTruthy();
    expect(within(active).getByText(API_KEY_SCOPE_LABELS['applications:review'])).toBeTruthy();
    expect(within(active).getByText(formatDateTime(KEYS[0]!.createdAt))).toBeTruthy();
    expect(within(active).getByText('Never')).toBeTruthy(); // last used
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Revoke' })).toBeTruthy();

    const revoked = keyRow('Old importer');
    expect(within(revoked).getByText('Revoked')).toBeTruthy();
    expect(within(revoked).getByText(formatDateTime(KEYS[1]!.lastUsedAt))).toBeTruthy();
    expect(within(revoked).getByText('Never')).toBeTruthy(); // expires
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();

    const expired = keyRow('Trial');
    expect(within(expired).getByText('Expired')).toBeTruthy();
    expect(within(expired).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('says what is missing, then creates a key and shows it once, to copy', async () => {
    const success = vi.spyOn(toast, 'success');
    const created = apiKey(9, { name: 'CI', scopes: ['badges:read', 'events:read'] });
    const api = stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': { data: [] },
      'POST /developers/keys': {
        status: 201,
        message: INTEGRATION_MESSAGES.keyCreated,
        data: { key: created, secret: SECRET },
      },
    });
    await openPage();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    for (const scope of API_KEY_SCOPES) {
      const box = within(dialog).getByRole('checkbox', { name: API_KEY_SCOPE_LABELS[scope] });
      expect(box.getAttribute('aria-describedby')).toBeTruthy();
      expect(within(dialog).getByText(scope)).toBeTruthy();
    }
    const expires = within(dialog).getByLabelText<HTMLSelectElement>('Expires');
    expect([...expires.options].map((option) => option.text)).toEqual([
      'Never',
      '30 days',
      '90 days',
      '365 days',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please enter a name for the key')).toBeTruthy();
    expect(within(dialog).getByText('Please choose at least one scope')).toBeTruthy();
    expect(api.callsTo('POST', '/developers/keys')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  CI ' } });
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: API_KEY_SCOPE_LABELS['events:read'] }),
    );
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: API_KEY_SCOPE_LABELS['badges:read'] }),
    );
    fireEvent.change(expires, { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const shown = await within(dialog).findByLabelText<HTMLInputElement>('New API key');
    expect(api.callsTo('POST', '/developers/keys')[0]?.body).toEqual({
      name: 'CI',
      scopes: ['badges:read', 'events:read'],
      expiresInDays: 90,
    });
    expect(shown.value).toBe(SECRET);
    expect(shown.readOnly).toBe(true);
    expect(document.activeElement).toBe(shown);
    expect(within(dialog).getByText(INTEGRATION_MESSAGES.keyCreated)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Copied'));
    // Listed at once, by its prefix only.
    expect(within(keyRow('CI')).getByText('gets_sk_Ab9d…')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Shown once: gone with the dialog.
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('shows a refusal of the server in the dialog', async () => {
    stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': { data: [] },
      'POST /developers/keys': { status: 409, message: INTEGRATION_MESSAGES.tooManyKeys },
    });
    await openPage();
    // The button is disabled until the list is read: a click before that opens nothing.
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'CI' } });
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: API_KEY_SCOPE_LABELS['badges:read'] }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      INTEGRATION_MESSAGES.tooManyKeys,
    );
    expect(within(dialog).queryByLabelText('New API key')).toBeNull();
  });

  it('revokes a key after a confirmation, and the list shows it revoked at once', async () => {
    const success = vi.spyOn(toast, 'success');
    const revoked: ApiKey = { ...KEYS[0]!, revokedAt: '2025-03-05T00:00:00.000Z' };
    let done = false;
    const api = stubApi({
      'GET /developers/keys': () => ({ data: done ? [revoked, ...KEYS.slice(1)] : KEYS }),
      'GET /developers/webhooks': { data: [] },
      [`DELETE /developers/keys/${KEYS[0]!.id}`]: () => {
        done = true;
        return { message: INTEGRATION_MESSAGES.keyRevoked, data: revoked };
      },
    });
    await openPage();
    fireEvent.click(
      within(await screen.findByRole('row', { name: /^CRM sync/ })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    let confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(within(confirm).getByText(/"CRM sync" stops working at once/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', `/developers/keys/${KEYS[0]!.id}`)).toHaveLength(0);

    fireEvent.click(within(keyRow('CRM sync')).getByRole('button', { name: 'Revoke' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke API key' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(keyRow('CRM sync')).getByText('Revoked')).toBeTruthy());
    expect(within(keyRow('CRM sync')).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(api.callsTo('DELETE', `/developers/keys/${KEYS[0]!.id}`)).toHaveLength(1);
    expect(success).toHaveBeenCalledWith(INTEGRATION_MESSAGES.keyRevoked);
  });
});

describe('webhooks on /developers', () => {
  it('adds an endpoint (every event chosen at first) and shows its signing secret', async () => {
    const added = endpoint(1, { events: [...SPONSOR_EVENT_TYPES.slice(0, 2)] });
    const api = stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': () => ({
        data: api.callsTo('POST', '/developers/webhooks').length ? [added] : [],
      }),
      'POST /developers/webhooks': { status: 201, data: added },
      [`GET /developers/webhooks/${added.id}/deliveries`]: { data: [] },
    });
    await openPage();
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const url = within(dialog).getByLabelText<HTMLInputElement>('Endpoint URL');
    expect(url.type).toBe('url');
    const all = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Select all' });
    expect(all.checked).toBe(true);
    for (const type of SPONSOR_EVENT_TYPES) {
      expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: type }).checked).toBe(
        true,
      );
    }

    fireEvent.click(all);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Please enter the endpoint URL')).toBeTruthy();
    expect(within(dialog).getByText('Please choose at least one event')).toBeTruthy();

    fireEvent.change(url, { target: { value: added.url } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SPONSOR_EVENT_TYPES[1] }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SPONSOR_EVENT_TYPES[0] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/developers/webhooks')[0]?.body).toEqual({
      url: added.url,
      events: [SPONSOR_EVENT_TYPES[0], SPONSOR_EVENT_TYPES[1]],
    });
    const item = await screen.findByRole('listitem', { name: added.url });
    const secret = within(item).getByLabelText<HTMLInputElement>('Signing secret');
    expect(secret.value).toBe(added.signingSecret);
    expect(secret.readOnly).toBe(true);
    expect(within(item).getByText('Enabled')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(added.signingSecret));
  });

  it("shows the server's refusal of a URL in the dialog", async () => {
    stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': { data: [] },
      'POST /developers/webhooks': { status: 400, message: INTEGRATION_MESSAGES.urlPrivate },
    });
    await openPage();
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add endpoint' });
    const url = within(dialog).getByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'https://169.254.169.254/latest' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      INTEGRATION_MESSAGES.urlPrivate,
    );
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends a test event, and its delivery shows once the list is read again', async () => {
    const hook = endpoint(1);
    let tested = false;
    let readsAfterTest = 0;
    const api = stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': { data: [hook] },
      [`POST /developers/webhooks/${hook.id}/test`]: () => {
        tested = true;
        return { message: INTEGRATION_MESSAGES.testSent, data: null };
      },
      // The worker delivers a moment after the test is queued: not on the first read after it.
      [`GET /developers/webhooks/${hook.id}/deliveries`]: () => ({
        data: tested && ++readsAfterTest > 1 ? [delivery(1)] : [],
      }),
    });
    await openPage();
    const item = await screen.findByRole('listitem', { name: hook.url });
    expect(await within(item).findByText(/No deliveries yet/)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Send test event' }));
    const table = within(item).getByRole('table', { name: INTEGRATION_MESSAGES.deliveries });
    const row = await within(table).findByRole('row', { name: /webhook\.test/ });
    expect(api.callsTo('POST', `/developers/webhooks/${hook.id}/test`)).toHaveLength(1);
    expect(within(row).getByText(formatDateTime(delivery(1).attemptedAt))).toBeTruthy();
    expect(within(row).getByText('200')).toBeTruthy();
    expect(within(row).getByText('1,234 ms')).toBeTruthy();
    expect(within(row).getByText('OK')).toBeTruthy();
  });

  it('shows a failed delivery with why, and Resend sends it again', async () => {
    const hook = endpoint(1);
    const failed = delivery(2, {
      eventType: 'application.submitted',
      statusCode: null,
      error: 'Timed out after 10 s',
      ok: false,
    });
    const success = vi.spyOn(toast, 'success');
    const api = stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': { data: [hook] },
      [`GET /developers/webhooks/${hook.id}/deliveries`]: { data: [failed] },
      [`POST /developers/webhooks/${hook.id}/deliveries/${failed.id}/resend`]: {
        message: INTEGRATION_MESSAGES.resent,
        data: null,
      },
    });
    await openPage();
    const item = await screen.findByRole('listitem', { name: hook.url });
    const row = await within(item).findByRole('row', { name: /application\.submitted/ });
    expect(within(row).getByText('—')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('Timed out after 10 s')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    await waitFor(() =>
      expect(
        api.callsTo('POST', `/developers/webhooks/${hook.id}/deliveries/${failed.id}/resend`),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith(INTEGRATION_MESSAGES.resent));
  });

  it('says why an endpoint is disabled, and Enable puts it back in use', async () => {
    const reason = 'Disabled after failing for 5 days';
    const hook = endpoint(1, { enabled: false, disabledReason: reason });
    const api = stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': { data: [hook] },
      [`GET /developers/webhooks/${hook.id}/deliveries`]: { data: [] },
      [`POST /developers/webhooks/${hook.id}/enable`]: {
        data: { ...hook, enabled: true, disabledReason: null },
      },
    });
    await openPage();
    const item = await screen.findByRole('listitem', { name: hook.url });
    expect(within(item).getByText('Disabled')).toBeTruthy();
    expect(within(item).getByText(reason)).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(within(card(hook.url)).getByText('Enabled')).toBeTruthy());
    expect(within(card(hook.url)).queryByText(reason)).toBeNull();
    expect(api.callsTo('POST', `/developers/webhooks/${hook.id}/enable`)).toHaveLength(1);
  });

  it('removes an endpoint after a confirmation', async () => {
    const hook = endpoint(1);
    const api = stubApi({
      'GET /developers/keys': { data: [] },
      'GET /developers/webhooks': () => ({
        data: api.callsTo('DELETE', `/developers/webhooks/${hook.id}`).length ? [] : [hook],
      }),
      [`GET /developers/webhooks/${hook.id}/deliveries`]: { data: [] },
      [`DELETE /developers/webhooks/${hook.id}`]: {
        message: INTEGRATION_MESSAGES.endpointRemoved,
        data: null,
      },
    });
    await openPage();
    const item = await screen.findByRole('listitem', { name: hook.url });
    fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove endpoint' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    expect(api.callsTo('DELETE', `/developers/webhooks/${hook.id}`)).toHaveLength(1);
  });
});
